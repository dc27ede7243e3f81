/**
 * Sale, Invoice, ZReport: the shop's data, read by the shop's readers (owner, its accountants, its
 * technicians, admins) one document at a time, by `userId` queries and by aggregation queries (the
 * dashboard's count and sum). Another shop's users read nothing; the back office never writes a ZReport.
 */
import { getAggregateFromServer, collection, count, query, sum, where, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];

/** The modular Firestore behind the compat client the rules test kit hands out (aggregations are modular-only). */
function modular(db: Db): Firestore {
  return (db as unknown as { _delegate: Firestore })._delegate;
}

const at = new Date('2026-11-20T10:00:00Z');
const docs = {
  'Sale/sale-a': { userId: SHOP_A, date: at, price: 12.5, method: 'contanti', isVoid: false },
  'Sale/sale-b': { userId: SHOP_B, date: at, price: 30, method: 'bancomat', isVoid: false },
  'Invoice/inv-a': { userId: SHOP_A, createdAt: at, status: 'sent' },
  'Invoice/inv-b': { userId: SHOP_B, createdAt: at, status: 'sent' },
  'ZReport/z-a': { userId: SHOP_A, createdAt: at, total: 12.5 },
  'ZReport/z-b': { userId: SHOP_B, createdAt: at, total: 30 },
};

describe.each(['Sale', 'Invoice', 'ZReport'] as const)('reading %s', (collectionName) => {
  const idA = `${collectionName}/${Object.keys(docs).find((p) => p.startsWith(`${collectionName}/`) && p.endsWith('-a'))!.split('/')[1]}`;
  const idB = idA.replace(/-a$/, '-b');

  it("a document is read by its shop's readers only", async () => {
    await world.reset(docs);
    await expectOnly(world, readersA, getDoc(idA));
    await expectOnly(world, readersB, getDoc(idB));
  });

  it("queries and aggregations filtered on the shop are allowed to its readers only; unfiltered ones to admins only", async () => {
    await world.reset(docs);
    const byShop = (shopId: string) => (db: Db) => db.collection(collectionName).where('userId', '==', shopId).get();
    await expectOnly(world, readersA, byShop(SHOP_A));
    await expectOnly(world, readersB, byShop(SHOP_B));
    const countOf = (shopId: string) => (db: Db) =>
      getAggregateFromServer(query(collection(modular(db), collectionName), where('userId', '==', shopId)), { n: count() });
    await expectOnly(world, readersA, countOf(SHOP_A));
    await expectOnly(world, readersB, countOf(SHOP_B));
    await expectOnly(world, ['admin'], (db) => db.collection(collectionName).get());
  });
});

describe('aggregations return the shop figures', () => {
  it('count and sum of the sales of shop A, for its owner', async () => {
    await world.reset(docs);
    const db = modular(world.db('ownerA'));
    const result = await getAggregateFromServer(query(collection(db, 'Sale'), where('userId', '==', SHOP_A)), { n: count(), total: sum('price') });
    expect(result.data()).toEqual({ n: 1, total: 12.5 });
  });
});

describe('writing', () => {
  it('nobody writes a ZReport from the back office, admins included', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc('ZReport/z-a').update({ total: 1 }));
    await expectOnly(world, [], (db, actor) => db.doc(`ZReport/new-${actor}`).set({ userId: SHOP_A, createdAt: at }));
    await expectOnly(world, [], (db) => db.doc('ZReport/z-a').delete());
  });

  it('POS sales are not rewritten from the back office (invoice drafts and invoices: tests/rules/invoices.test.ts)', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc('Sale/sale-a').update({ price: 1 }));
    await expectOnly(world, [], (db) => db.doc('Invoice/inv-a').update({ status: 'x' }));
  });
});
