/**
 * SaleDaySummary: the daily statistics figures of a shop. Read by the shop's readers (owner,
 * accountant, technician, admin); written by the owner or an admin only, with an id that names the document's own
 * shop and day; the shop never changes; nobody deletes. Every other role and another shop's users fail.
 */
import { Timestamp } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, type ActorName } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];

const builtAt = Timestamp.fromDate(new Date('2026-11-20T10:00:00Z'));
const summary = (shopId: string, day: string, extra: Record<string, unknown> = {}) => ({
  userId: shopId, day, version: 1, builtAt, totalCents: 1250, transactions: 2, itemsMilli: 3000, costCents: 0,
  byMethod: { contanti: 1250, bancomat: 0, fatture: 0 },
  customers: { names: ['Cliente Generico'], sales: [2], cents: [1250], last: [0] },
  products: { names: ['Caffè'], milli: [3000], cents: [1250] }, categories: { names: ['Bar'], cents: [1250] },
  check: { contanti: { n: 2, sum: 12.5 }, bancomat: { n: 0, sum: 0 }, fatture: { n: 0, sum: 0 }, voided: { n: 0, sum: 0 }, invoices: { n: 0, sum: 0 } },
  ...extra,
});
const A_DAY = `${SHOP_A}_2026-11-01`;
const B_DAY = `${SHOP_B}_2026-11-01`;
const docs = {
  [`SaleDaySummary/${A_DAY}`]: summary(SHOP_A, '2026-11-01'),
  [`SaleDaySummary/${B_DAY}`]: summary(SHOP_B, '2026-11-01'),
};

describe('reading summaries', () => {
  it("a shop's summary is read by its owner, accountant, technician and admins only", async () => {
    await world.reset(docs);
    await expectOnly(world, readersA, getDoc(`SaleDaySummary/${A_DAY}`));
    await expectOnly(world, readersB, getDoc(`SaleDaySummary/${B_DAY}`));
  });

  it("the statistics' query (shop + day range) passes for the shop's readers only; the whole collection for admins", async () => {
    await world.reset(docs);
    const range = (shopId: string) => (db: Parameters<Parameters<typeof expectOnly>[2]>[0]) =>
      db.collection('SaleDaySummary').where('userId', '==', shopId).where('day', '>=', '2026-10-01').where('day', '<=', '2026-11-30').get();
    await expectOnly(world, readersA, range(SHOP_A));
    await expectOnly(world, readersB, range(SHOP_B));
    await expectOnly(world, ['admin'], (db) => db.collection('SaleDaySummary').get());
  });
});

describe('writing summaries', () => {
  it('only the owner (and admins) create a summary of the shop, under the id of its own shop and day', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`SaleDaySummary/${SHOP_A}_2026-11-02`).set(summary(SHOP_A, '2026-11-02')));
    await world.reset(docs);
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc(`SaleDaySummary/${SHOP_B}_2026-11-02`).set(summary(SHOP_B, '2026-11-02')));
  });

  it("an id that is not the document's own shop and day is refused, to everyone", async () => {
    await world.reset(docs);
    // Shop A's owner writing its own figures under shop B's id, or under another day, or a free id.
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${SHOP_B}_2026-11-03`).set(summary(SHOP_A, '2026-11-03')));
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${SHOP_A}_2026-11-04`).set(summary(SHOP_A, '2026-11-03')));
    await expectOnly(world, [], (db, actor) => db.doc(`SaleDaySummary/free-${actor}`).set(summary(SHOP_A, '2026-11-03')));
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${SHOP_A}_3-11-2026`).set(summary(SHOP_A, '3-11-2026')));
  });

  it('a summary without version or build time is refused', async () => {
    await world.reset(docs);
    const { version: _v, ...noVersion } = summary(SHOP_A, '2026-11-05');
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${SHOP_A}_2026-11-05`).set(noVersion));
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${SHOP_A}_2026-11-05`).set(summary(SHOP_A, '2026-11-05', { builtAt: 'ieri' })));
  });

  it('the owner (and admins) rewrite a stale summary of the shop; nobody else, and nobody moves it to another shop', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`SaleDaySummary/${A_DAY}`).set(summary(SHOP_A, '2026-11-01', { totalCents: 0, transactions: 1 })));
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`SaleDaySummary/${A_DAY}`).update({ version: 2, builtAt }));
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${A_DAY}`).update({ userId: SHOP_B }));
  });

  it('nobody deletes a summary', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${A_DAY}`).delete());
  });
});
