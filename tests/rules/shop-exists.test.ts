/**
 * Only a shop writes a shop's data: every write of a shop collection checks that the writer's shop EXISTS and is
 * theirs (ownsShop). An account with no shop — a fresh sign-up without a User document, a shopRegister account
 * waiting for its technician — stores nothing under its own uid and opens no ticket for a shop that does not exist;
 * the registration ids (Employe/reg-{uid}-…) stay the registration batch's, so it cannot make its own batch fail.
 * Next to each refusal, the owner of an existing shop doing the same write.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { serverTimestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, expectOnly, readRaw, setupWorld, uidOf, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const at = new Date('2026-11-20T10:00:00Z');
const big = 'x'.repeat(200_000);

/** The shop-collection writes an owner makes, for the shop `shopId` (= the writer's uid). */
function writes(shopId: string): [string, (db: Db) => Promise<unknown>][] {
  return [
    ['Customer', (db) => db.doc(`Customer/c-${shopId}`).set({ userId: shopId, name: 'Mario', surname: 'Rossi', notes: big })],
    ['Customer (import id)', (db) => db.doc(`Customer/${shopId}_csv_RSSMRA80A01H501U`).set({ userId: shopId, name: 'Mario' })],
    ['Scrap', (db) => db.doc(`Scrap/p-${shopId}`).set({ userId: shopId, name: 'Trapano', price: '10', quantity: '1', notes: big })],
    ['Ddt draft', (db) => db.doc(`Ddt/d-${shopId}`).set({ userId: shopId, kind: 'ddt', state: 'bozza', year: 2026, lines: [], notes: big })],
    ['Employe', (db) => db.doc(`Employe/e-${shopId}`).set({ userId: shopId, name: 'Giulia', pin: '1234', roleLevel: '2', notes: big })],
    ['Ticket', (db) => db.doc(`Ticket/t-${shopId}`).set({
      createdAt: serverNow(), userId: shopId, shopId, categorie: 'cassa', type: 'assistenza base', description: 'Aiuto', read: false, status: 'in corso', taken: [],
    })],
  ];
}

/** A ticket's createdAt must be the server's time (request.time). */
const serverNow = () => serverTimestamp();

describe('an account without a shop writes no shop data', () => {
  const shopless: ActorName[] = ['noProfile', 'registrant'];

  for (const actor of shopless) {
    it(`${actor} (no Shop document) stores nothing under its own uid`, async () => {
      const uid = uidOf(actor);
      for (const [name, write] of writes(uid)) {
        await world.reset();
        await assertFails(write(world.db(actor))).catch((e: unknown) => {
          throw new Error(`${name}: ${(e as Error).message}`);
        });
      }
      expect(await readRaw(world.env, `Customer/c-${uid}`)).toBeUndefined();
    });
  }

  it('a fresh sign-up with no User document at all is refused the same way', async () => {
    const fresh = world.client('fresh-1', { email: 'fresh-1@example.test' });
    for (const [, write] of writes('fresh-1')) await assertFails(write(fresh));
  });

  it("the owner of an existing shop makes every one of these writes for their shop; nobody else does", async () => {
    for (const [name, write] of writes(SHOP_A)) {
      const allowed: ActorName[] = name === 'Employe' ? ['ownerA', 'techA', 'admin']
        : name === 'Ticket' ? ['ownerA', 'accountantA', 'techA', 'assist', 'admin']
          : name === 'Ddt draft' ? ['ownerA'] : ['ownerA', 'admin'];
      await expectOnly(world, allowed, write, { before: () => world.reset() });
    }
  });

  it('a shop deleted by an admin leaves its former owner unable to write', async () => {
    await world.reset({ [`Shop/${SHOP_A}`]: null });
    for (const [, write] of writes(SHOP_A)) await assertFails(write(world.db('ownerA')));
  });
});

describe('registration ids stay the registration batch’s', () => {
  const NEW = 'new-shop';
  const registrant = { userId: NEW, email: 'nuovo@example.test', level: 'shopRegister', shops: [], registeredBy: 'tech-a', createdAt: at };
  const reset = () => world.reset({ [`User/${NEW}`]: registrant });
  const account = () => world.client(NEW, { email: 'nuovo@example.test' });

  function registration(db: Db): Promise<void> {
    const now = new Date();
    const batch = db.batch();
    batch.set(db.doc(`Shop/${NEW}`), {
      userId: NEW, name: 'Nuovo Negozio', address: 'Via Roma 1', city: 'Roma', province: 'RM', zipCode: '00100', phone: '06 1234',
      openApi: false, subscriptionId: `reg-${NEW}`, accountants: [], technicians: ['tech-a'], assignedTech: '', isChainMaster: false,
      shopGroup: null, devices: {}, settings: { codeDdt: 11, invoiceNumber: '39' }, createdAt: now,
    });
    batch.set(db.doc(`ShopSubscription/reg-${NEW}`), {
      shopId: NEW, userId: NEW, plan: 'plan-premium', packs: ['pack-fatturazione'], startingDate: now,
      expiringDate: new Date(now.getTime() + 91 * 24 * 3600 * 1000), price: 45, status: 'active', createdBy: 'tech-a', createdAt: now,
    });
    batch.set(db.doc(`Employe/reg-${NEW}-tecnico`), { userId: NEW, name: 'Tecnico', pin: '0000', roleLevel: '0', roleName: 'Tecnico' });
    batch.set(db.doc(`Employe/reg-${NEW}-dip-1`), { userId: NEW, name: 'Mario', pin: '1234', roleLevel: '10', roleName: 'Titolare' });
    batch.update(db.doc(`User/${NEW}`), { level: 'shop' });
    return batch.commit();
  }

  it('the account being registered cannot take its own Employe/reg-{uid}-tecnico first; the batch then succeeds', async () => {
    await reset();
    await assertFails(account().doc(`Employe/reg-${NEW}-tecnico`).set({ userId: NEW, name: 'Io', pin: '0000', roleLevel: '0' }));
    await assertFails(account().doc(`Employe/reg-${NEW}-dip-1`).set({ userId: NEW, name: 'Io', pin: '0000', roleLevel: '1' }));
    await assertSucceeds(registration(world.db('techA')));
    expect((await readRaw(world.env, `Employe/reg-${NEW}-tecnico`))?.name).toBe('Tecnico');
  });

  it("once registered, the owner does not create reg- ids either (they are the batch's), only ordinary ones", async () => {
    await reset();
    await registration(world.db('techA'));
    const owner = account();
    await assertFails(owner.doc(`Employe/reg-${NEW}-dip-5`).set({ userId: NEW, name: 'Luca', pin: '1111', roleLevel: '2' }));
    await assertSucceeds(owner.doc('Employe/luca-new').set({ userId: NEW, name: 'Luca', pin: '1111', roleLevel: '2' }));
  });

  it("the owner of shop A and A's technician take no reg- id of A outside a registration", async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Employe/reg-${SHOP_A}-dip-${actor.length}`).set({ userId: SHOP_A, name: 'X', pin: '', roleLevel: '1' }), { before: () => world.reset() });
  });
});
