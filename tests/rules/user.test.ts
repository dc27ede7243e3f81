/**
 * User/{uid}: own profile only; self-registration as shopRegister; no self-promotion.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { ACTORS, ACTOR_NAMES, SHOP_A, SHOP_B, allBut, emailOf, expectOnly, getDoc, readRaw, setupWorld, uidOf, worldDocs, writerId, type ActorName } from './fixtures.ts';

const world = setupWorld();

/** Actors that have a User document in the seeded world. */
const withProfile = ACTOR_NAMES.filter((name) => ACTORS[name].level !== null);
const LEVELS = ['shop', 'accountant', 'tech', 'admin', 'assist', 'shopRegister'] as const;

describe('reading User', () => {
  /** The ticket page labels tickets with the accounts they name (shop owners and support staff). */
  const TICKET_LABEL_LEVELS: readonly (string | null)[] = ['shop', 'assist', 'tech', 'admin'];
  const ticketLabelReaders = ['techA', 'techB', 'assist'] as const;

  it.each(withProfile)("%s's document is readable by its owner and admins only (an accountant's also by the owners of its shops; shop owners' and support staff's by assist and technicians)", async (target) => {
    // The owner of shop A lists its accountants on /users (see settings-users.test.ts).
    const extra = target === 'accountantA' ? (['ownerA'] as const) : [];
    const labels = TICKET_LABEL_LEVELS.includes(ACTORS[target].level) ? ticketLabelReaders : [];
    await expectOnly(world, [...new Set<ActorName>([target, 'admin', ...extra, ...labels])], getDoc(`User/${uidOf(target)}`));
  });

  it('the post-login query `where userId == own uid` is allowed to every signed-in account', async () => {
    await expectOnly(world, allBut('anon'), (db, actor) => db.collection('User').where('userId', '==', writerId(actor)).get());
    const mine = await world.db('ownerA').collection('User').where('userId', '==', SHOP_A).get();
    expect(mine.docs.map((d) => d.id)).toEqual([SHOP_A]);
  });

  it("querying another account's profile by userId is denied except to admins", async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('User').where('userId', '==', SHOP_B).get(), { actors: allBut('ownerB') });
  });

  it('listing users is for admins only, except the ticket labels assist and technicians list by level', async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('User').get());
    await expectOnly(world, ['admin', ...ticketLabelReaders], (db) => db.collection('User').where('level', '==', 'tech').get());
    await expectOnly(world, ['admin'], (db) => db.collection('User').where('level', '==', 'accountant').get());
    await expectOnly(world, ['admin'], (db) => db.collection('User').where('email', '==', emailOf('accountantA')).get());
  });

  it('an account without a profile may look for it (post-login "Dati utente non trovati.")', async () => {
    const snapshot = await assertSucceeds(world.db('noProfile').doc(`User/${uidOf('noProfile')}`).get());
    expect(snapshot.exists).toBe(false);
  });
});

describe('self-registration (create)', () => {
  const uid = 'newcomer';
  const email = 'newcomer@example.test';
  const registration = { userId: uid, email, level: 'shopRegister', createdAt: new Date() };
  const newcomer = () => world.client(uid, { email });

  it('creates one’s own document with level shopRegister', async () => {
    await assertSucceeds(newcomer().doc(`User/${uid}`).set(registration));
    expect(await readRaw(world.env, `User/${uid}`)).toMatchObject({ level: 'shopRegister', userId: uid });
  });

  it('also with an empty shops list, or without the email field', async () => {
    await assertSucceeds(newcomer().doc(`User/${uid}`).set({ ...registration, shops: [] }));
    await world.reset();
    const { email: _omitted, ...withoutEmail } = registration;
    await assertSucceeds(newcomer().doc(`User/${uid}`).set(withoutEmail));
  });

  it.each(LEVELS.filter((level) => level !== 'shopRegister'))('cannot register itself with level %s', async (level) => {
    await assertFails(newcomer().doc(`User/${uid}`).set({ ...registration, level }));
  });

  it('cannot register without a level, with shops, with another userId or with another email', async () => {
    const { level: _omitted, ...withoutLevel } = registration;
    await assertFails(newcomer().doc(`User/${uid}`).set(withoutLevel));
    await assertFails(newcomer().doc(`User/${uid}`).set({ ...registration, shops: [{ shopId: SHOP_A, role: 'accountant' }] }));
    await assertFails(newcomer().doc(`User/${uid}`).set({ ...registration, userId: SHOP_A }));
    await assertFails(newcomer().doc(`User/${uid}`).set({ ...registration, email: emailOf('accountantA') }));
    // An account without an email cannot claim one.
    await assertFails(world.client('no-email').doc('User/no-email').set({ userId: 'no-email', email, level: 'shopRegister' }));
    expect(await readRaw(world.env, `User/${uid}`)).toBeUndefined();
  });

  it("cannot create another account's document; admins can create any (e.g. a technician)", async () => {
    await expectOnly(world, ['admin'], (db, actor) =>
      db.doc(`User/created-by-${actor}`).set({ userId: `created-by-${actor}`, email: `created-by-${actor}@example.test`, level: 'shopRegister' }),
    );
    await expectOnly(world, ['admin'], (db, actor) =>
      db.doc(`User/tech-by-${actor}`).set({ userId: `tech-by-${actor}`, email: `tech-by-${actor}@example.test`, level: 'tech', createdAt: new Date() }),
    );
  });
});

describe('updating one’s own User document', () => {
  const self = allBut('anon', 'noProfile', 'admin');

  it('harmless fields can be edited by the owner of the document (and admins)', async () => {
    await expectOnly(world, [...self, 'admin'], (db, actor) => db.doc(`User/${uidOf(actor)}`).update({ displayName: `Nome ${actor}`, activeShopId: SHOP_A }), {
      actors: [...self, 'admin'],
    });
  });

  it.each(LEVELS)('self-promotion to level %s is denied (unless it is already the level)', async (level) => {
    const alreadyThere = self.filter((actor) => ACTORS[actor].level === level);
    await expectOnly(world, alreadyThere, (db, actor) => db.doc(`User/${uidOf(actor)}`).update({ level }), { actors: self });
  });

  it('self-promotion through a full overwrite or a merge is denied too', async () => {
    for (const actor of self) {
      const db = world.db(actor);
      const current = worldDocs()[`User/${uidOf(actor)}`];
      await assertFails(db.doc(`User/${uidOf(actor)}`).set({ ...current, level: 'admin' }));
      await assertFails(db.doc(`User/${uidOf(actor)}`).set({ level: 'admin' }, { merge: true }));
    }
  });

  it('removing the level is denied', async () => {
    await expectOnly(world, [], (db, actor) => db.doc(`User/${uidOf(actor)}`).set({ userId: uidOf(actor), email: emailOf(actor) }), { actors: self });
  });

  it("the shops list (an accountant's access) cannot be changed by its owner", async () => {
    const accountant = world.db('accountantA').doc(`User/${uidOf('accountantA')}`);
    await assertFails(accountant.update({ shops: [{ shopId: SHOP_A, role: 'accountant' }, { shopId: SHOP_B, role: 'accountant' }] }));
    await assertFails(accountant.update({ shops: [] }));
    await assertFails(world.db('ownerA').doc(`User/${SHOP_A}`).update({ shops: [{ shopId: SHOP_B, role: 'accountant' }] }));
    expect((await readRaw(world.env, `User/${uidOf('accountantA')}`))?.shops).toEqual([{ shopId: SHOP_A, role: 'accountant' }]);
  });

  it('userId cannot be changed', async () => {
    await expectOnly(world, [], (db, actor) => db.doc(`User/${uidOf(actor)}`).update({ userId: SHOP_B }), { actors: allBut('anon', 'noProfile', 'admin', 'ownerB') });
  });

  it("the email can only become the account's real email", async () => {
    await assertFails(world.db('ownerA').doc(`User/${SHOP_A}`).update({ email: emailOf('accountantA') }));
    await world.reset({ [`User/${SHOP_A}`]: { ...worldDocs()[`User/${SHOP_A}`], email: 'Vecchia@Example.test' } });
    await assertSucceeds(world.db('ownerA').doc(`User/${SHOP_A}`).update({ email: emailOf('ownerA') }));
  });

  it('the self-registered account cannot complete its own registration (shopRegister -> shop)', async () => {
    await assertFails(world.db('registrant').doc(`User/${uidOf('registrant')}`).update({ level: 'shop' }));
    expect((await readRaw(world.env, `User/${uidOf('registrant')}`))?.level).toBe('shopRegister');
  });
});

describe("other accounts' User documents", () => {
  const targets: ActorName[] = ['registrant', 'ownerA', 'accountantA', 'techB'];

  it.each(targets)("only admins may update %s's document, level and shops included", async (target) => {
    const path = `User/${uidOf(target)}`;
    await expectOnly(world, ['admin'], (db) => db.doc(path).update({ displayName: 'Modificato' }), { actors: allBut(target) });
    await expectOnly(world, ['admin'], (db) => db.doc(path).update({ level: 'shop', shops: [] }), { actors: allBut(target), before: () => world.reset() });
  });

  it('only admins may delete a User document, one’s own included', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc(`User/${SHOP_A}`).delete(), { before: () => world.reset() });
    await expectOnly(world, [], (db, actor) => db.doc(`User/${uidOf(actor)}`).delete(), { actors: allBut('anon', 'noProfile', 'admin'), before: () => world.reset() });
  });
});

describe('an owner reads only accountants through its `accountants` list', () => {
  it.each(['techA', 'ownerB', 'admin', 'assist', 'registrant'] as const)("listing %s in shop A's accountants does not let owner A read its User document", async (target) => {
    await world.reset({ [`Shop/${SHOP_A}`]: { ...worldDocs()[`Shop/${SHOP_A}`], accountants: ['accountant-a', uidOf(target)] } });
    await assertFails(world.db('ownerA').doc(`User/${uidOf(target)}`).get());
    // the accountant the list names is still read (the /users screen)
    await assertSucceeds(world.db('ownerA').doc(`User/${uidOf('accountantA')}`).get());
  });

  it('an accountant demoted to another level is no longer readable by the owner that lists it', async () => {
    await world.reset({ [`User/${uidOf('accountantA')}`]: { ...worldDocs()[`User/${uidOf('accountantA')}`], level: 'shop' } });
    await assertFails(world.db('ownerA').doc(`User/${uidOf('accountantA')}`).get());
  });
});
