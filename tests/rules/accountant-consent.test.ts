/**
 * The accountant link needs the accountant's consent, verified by the rules (document 3 §5, /register-accountant).
 * The owner INVITES by listing the accountant's uid in their Shop's `accountants` (their own data, their call); the
 * accountant ACCEPTS with their own session — the owner's page signs them in on a secondary app with the password
 * they gave — by writing the link {shopId, role: 'accountant'} in their own User document (a new profile, or one more
 * link). Only then does the owner read that User document (e-mail, the list of their other clients). No owner writes
 * another account's profile.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { arrayUnion } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, setupWorld, uidOf, worldDocs, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const ACC = uidOf('accountantA');
const linkA = { shopId: SHOP_A, role: 'accountant' };
const linkB = { shopId: SHOP_B, role: 'accountant' };
const invite = (shopId: string, uid: string) => (db: Db) => db.doc(`Shop/${shopId}`).update({ accountants: arrayUnion(uid) });
const invitedByB = () => world.reset({ [`Shop/${SHOP_B}`]: { ...shopB(), accountants: [ACC] } });

function shopB(): Record<string, unknown> {
  return worldDocs()[`Shop/${SHOP_B}`] ?? {};
}

describe('the attack: an owner links any accountant and reads their profile', () => {
  it("one batch appending shop B to accountant-a's User.shops (arrayUnion) with the Shop listing: refused", async () => {
    await world.reset();
    const attack = (db: Db) => {
      const batch = db.batch();
      batch.update(db.doc(`Shop/${SHOP_B}`), { accountants: arrayUnion(ACC) });
      batch.update(db.doc(`User/${ACC}`), { shops: arrayUnion(linkB) });
      return batch.commit();
    };
    await expectOnly(world, ['admin'], attack, { before: () => world.reset(), actors: allBut('accountantA') });
    await world.reset();
    await assertFails(world.db('ownerB').doc(`User/${ACC}`).update({ shops: [linkA, linkB] }));
    await assertFails(world.db('ownerB').doc(`User/${ACC}`).update({ shops: arrayUnion(linkB) }));
    expect((await readRaw(world.env, `User/${ACC}`))?.shops).toEqual([linkA]);
  });

  it("listing the accountant in the owner's own Shop (the invitation) is allowed, but reads nothing of theirs", async () => {
    await world.reset();
    await assertSucceeds(invite(SHOP_B, ACC)(world.db('ownerB')));
    await assertFails(world.db('ownerB').doc(`User/${ACC}`).get());
  });
});

describe('the consent: the accountant accepts with their own session', () => {
  it('an invited existing accountant appends exactly that shop to their links; then the owner reads the profile', async () => {
    await expectOnly(world, ['accountantA', 'admin'], (db) => db.doc(`User/${ACC}`).update({ shops: [linkA, linkB] }), { before: invitedByB });
    await invitedByB();
    await assertSucceeds(world.db('accountantA').doc(`User/${ACC}`).update({ shops: [linkA, linkB] }));
    await expectOnly(world, ['ownerA', 'ownerB', 'accountantA', 'admin'], getDoc(`User/${ACC}`));
  });

  it('not a shop that did not invite them, not a shop that does not exist, not twice, nothing else', async () => {
    await world.reset();
    const self = world.db('accountantA').doc(`User/${ACC}`);
    await assertFails(self.update({ shops: [linkA, linkB] })); // B did not invite
    await assertFails(self.update({ shops: [linkA, { shopId: 'no-shop', role: 'accountant' }] }));
    await invitedByB();
    await assertFails(self.update({ shops: [linkB] })); // dropping A is not an acceptance
    await assertFails(self.update({ shops: [linkA, linkA] }));
    await assertFails(self.update({ shops: [linkA, { ...linkB, role: 'admin' }] }));
    await assertFails(self.update({ shops: [linkA, { ...linkB, extra: true }] }));
    await assertFails(self.update({ shops: [linkA, linkB], level: 'admin' }));
    await assertFails(self.update({ shops: [linkA, linkB, { shopId: 'other', role: 'accountant' }] }));
  });

  it('only an accountant accepts: an invited owner, technician or support account cannot add links to itself', async () => {
    for (const actor of ['ownerA', 'techA', 'assist'] as const) {
      await world.reset({ [`Shop/${SHOP_B}`]: { ...shopB(), accountants: [uidOf(actor)] } });
      await assertFails(world.db(actor).doc(`User/${uidOf(actor)}`).update({ shops: [linkB] }));
    }
  });
});

describe('a new accountant account accepts by creating its own profile', () => {
  const NEW = 'acc-new';
  const profile = (shops: unknown[] = [linkA], extra: Record<string, unknown> = {}) => ({
    userId: NEW, email: 'acc-new@example.test', level: 'accountant', shops, createdAt: new Date(), ...extra,
  });
  const invitedByA = () => world.reset({ [`Shop/${SHOP_A}`]: shopAWith([ACC, NEW]) });
  const account = () => world.client(NEW, { email: 'acc-new@example.test' });

  it('invited by shop A, the account itself creates its accountant profile; then owner A reads it', async () => {
    await invitedByA();
    await assertSucceeds(account().doc(`User/${NEW}`).set(profile()));
    await assertSucceeds(world.db('ownerA').doc(`User/${NEW}`).get());
    await assertFails(world.db('ownerB').doc(`User/${NEW}`).get());
  });

  it('without an invitation, with another e-mail, another shop, two shops, or extra fields: refused', async () => {
    await world.reset();
    await assertFails(account().doc(`User/${NEW}`).set(profile()));
    await invitedByA();
    await assertFails(account().doc(`User/${NEW}`).set(profile([linkA], { email: 'other@example.test' })));
    await assertFails(account().doc(`User/${NEW}`).set(profile([linkB])));
    await assertFails(account().doc(`User/${NEW}`).set(profile([linkA, linkB])));
    await assertFails(account().doc(`User/${NEW}`).set(profile([linkA], { isAdmin: true })));
    await assertFails(account().doc(`User/${NEW}`).set(profile([], {})));
  });

  it("no owner creates another account's profile any more (not even one they just invited)", async () => {
    await invitedByA();
    const others: ActorName[] = ['ownerA', 'ownerB', 'accountantA', 'techA', 'assist', 'registrant', 'noProfile'];
    await expectOnly(world, [], (db) => db.doc(`User/${NEW}`).set(profile()), { actors: others });
    await expectOnly(world, ['admin'], (db) => db.doc(`User/${NEW}`).set(profile()), { before: invitedByA, actors: ['admin', 'ownerA'] });
  });
});

function shopAWith(accountants: string[]): Record<string, unknown> {
  return { ...worldDocs()[`Shop/${SHOP_A}`], accountants };
}
