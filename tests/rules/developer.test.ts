/**
 * The developer dashboard's reads and writes (document 3 §2.6, §4, §7), each tested both ways: the
 * admin succeeds; every other role, shop A's and shop B's people alike, is refused.
 */
import { describe, it } from 'vitest';
import { ACTORS, SHOP_A, allBut, expectOnly, getDoc, setupWorld, type Db } from './fixtures.ts';

const world = setupWorld();
const day = 24 * 60 * 60 * 1000;

const apiLogs = {
  'Log/log-a1': { shopUserId: SHOP_A, functionName: 'sendInvoice', method: 'POST', path: '/invoices', status: 500, success: false, timestamp: new Date(Date.now() - day) },
  'Log/log-b1': { shopUserId: 'owner-b', functionName: 'companyLookup', method: 'GET', path: '/IT-aml/1', status: 200, success: true, timestamp: new Date() },
};

describe('Log (API call log)', () => {
  it('is read by admins only: by id and by the shop query of the API Logs sub-tab', async () => {
    await world.reset(apiLogs);
    await expectOnly(world, ['admin'], getDoc('Log/log-a1'));
    await expectOnly(world, ['admin'], (db: Db) => db.collection('Log').where('shopUserId', '==', SHOP_A).orderBy('timestamp', 'desc').limit(200).get());
    await expectOnly(world, ['admin'], (db: Db) => db.collection('Log').where('shopUserId', '==', 'owner-b').get());
  });

  it('is written by nobody, admins included (the server writes it)', async () => {
    await world.reset(apiLogs);
    await expectOnly(world, [], (db: Db, actor) => db.doc(`Log/new-${actor}`).set({ shopUserId: SHOP_A, functionName: 'x', status: 200 }));
    await expectOnly(world, [], (db: Db) => db.doc('Log/log-a1').update({ status: 200 }));
    await expectOnly(world, [], (db: Db) => db.doc('Log/log-a1').delete());
  });
});

describe('approving a proposal', () => {
  it('proposed -> active with the proposed dates, price and approver: admins only', async () => {
    await expectOnly(world, ['admin'], (db: Db, actor) =>
      db.doc('ShopSubscription/proposal-a').update({
        status: 'active',
        startingDate: new Date(Date.now() + 60 * day),
        expiringDate: new Date(Date.now() + 425 * day),
        price: 45,
        approvedAt: new Date(),
        approvedBy: actor,
        updatedBy: actor,
        updatedAt: new Date(),
      }),
    );
  });

  it("pointing the shop's subscriptionId at the approved record: admins only", async () => {
    await expectOnly(world, ['admin'], (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ subscriptionId: 'proposal-a', updatedAt: new Date() }));
  });
});

describe('technicians of a shop', () => {
  it("'Salva lista tecnici' (the technicians list): admins only", async () => {
    await expectOnly(world, ['admin'], (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ technicians: ['tech-a', 'tech-b'], updatedAt: new Date() }));
  });

  it('assigning and clearing assignedTech: admins only', async () => {
    await expectOnly(world, ['admin'], (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ assignedTech: 'tech-b', technicians: ['tech-a', 'tech-b'], updatedAt: new Date() }));
    await expectOnly(world, ['admin'], (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ assignedTech: '', updatedAt: new Date() }));
  });
});

describe('creating a technician', () => {
  it("the new technician's User document (level tech): admins only", async () => {
    await expectOnly(world, ['admin'], (db: Db, actor) =>
      db.doc(`User/new-tech-by-${actor}`).set({ userId: `new-tech-by-${actor}`, email: `nuovo.${actor}@example.test`, level: 'tech', createdAt: new Date() }),
    );
  });

  // (The two technicians are left out: rewriting their own level to the one they have changes nothing.)
  it('nobody makes themselves a technician', async () => {
    await expectOnly(
      world,
      ['admin'],
      (db: Db, actor) => {
        const uid = ACTORS[actor].uid ?? 'anon-self';
        return db.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@example.test`, level: 'tech', createdAt: new Date() });
      },
      { before: () => world.reset(), actors: allBut('techA', 'techB') },
    );
  });
});

describe('plans, packs and announcements', () => {
  it('plans and packs are created and updated by admins only', async () => {
    await expectOnly(world, ['admin'], (db: Db, actor) => db.doc(`Plan/dev-${actor}`).set({ name: 'Plus', price: 39.9, packs: ['pack-catena'], includedPacks: ['pack-catena'], description: '' }));
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Plan/plan-premium').update({ name: 'Premium', price: 55, packs: [], includedPacks: [], description: 'x' }));
    await expectOnly(world, ['admin'], (db: Db, actor) => db.doc(`Pack/dev-${actor}`).set({ name: 'Extra', price: 5, description: '' }));
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Pack/pack-catena').update({ name: 'Catena', price: 16, description: 'x' }));
  });

  it('announcements are posted by admins only', async () => {
    await expectOnly(world, ['admin'], (db: Db, actor) => db.doc(`Announcement/dev-${actor}`).set({ description: 'Avviso', expired: false, createdAt: new Date(), expiresAt: new Date(Date.now() + day) }));
    await expectOnly(world, ['admin'], (db: Db, actor) => db.collection('Announcement').add({ description: `Avviso ${actor}`, expired: false, createdAt: new Date() }));
  });
});

describe('changedPrice flagging', () => {
  it("flagging shop A's products: admins (and shop A's owner, who edits their own warehouse) only", async () => {
    await world.reset({ 'Scrap/prod-a': { userId: SHOP_A, name: 'Caffè', code: 'C1', barcode: '800', price: 1.2 } });
    await expectOnly(world, ['admin', 'ownerA'], (db: Db) => db.doc('Scrap/prod-a').update({ changedPrice: true }));
  });

  it("the admin's lookup of a shop's products by code, barcode or name in chunks", async () => {
    await world.reset({ 'Scrap/prod-a': { userId: SHOP_A, name: 'Caffè', code: 'C1', barcode: '800', price: 1.2 } });
    const lookup = (db: Db) => db.collection('Scrap').where('userId', '==', SHOP_A).where('code', 'in', ['C1', 'C2']).get();
    await expectOnly(world, ['admin', 'ownerA', 'accountantA', 'techA'], lookup);
  });
});

describe("the admin's log lines about a shop", () => {
  it("subscription_approved in shop A's log: admins (and the shop's own readers) only, never another shop", async () => {
    await expectOnly(world, allBut('anon', 'noProfile', 'registrant', 'ownerB', 'techB', 'assist'), (db: Db, actor) =>
      db.doc(`UserLog/dev-${actor}`).set({ userId: SHOP_A, actorId: ACTORS[actor].uid ?? 'anon', action: 'subscription_approved', module: 'shop', timestamp: new Date(), details: { shopId: SHOP_A } }),
    );
  });
});

describe('ticket JSON import', () => {
  const imported = (actor: string) => ({ createdAt: new Date('2025-01-10T09:00:00Z'), userId: 'admin-1', categorie: 'altro', type: 'assistenza base', description: `Importato da ${actor}`, read: false, status: 'completato', taken: ['assist-1'] });

  it('creating tickets (batch import): admins only', async () => {
    await expectOnly(world, ['admin'], (db: Db, actor) => {
      const batch = db.batch();
      batch.set(db.doc(`Ticket/import-${actor}-1`), imported(actor));
      batch.set(db.doc(`Ticket/import-${actor}-2`), imported(actor));
      return batch.commit();
    });
  });

  it('importing the same file again rewrites the same documents: admins only', async () => {
    await world.reset({ 'Ticket/import-same': imported('admin') });
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Ticket/import-same').set(imported('admin')));
  });
});
