/**
 * Scrap (warehouse products) and the Invoice's warehouse flags. Products are read by the shop's readers
 * (owner, accountants, technicians, admins); created, updated and deleted by the owner and admins only; userId
 * is neither forged nor changed. Another shop's products are invisible and unwritable.
 */
import { describe, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, type ActorName } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];
const at = new Date('2026-11-20T10:00:00Z');

const product = (shopId: string, extra: Record<string, unknown> = {}) => ({
  userId: shopId, name: 'Trapano', code: 'A1', barcode: '8001234567890', price: '49.90', quantity: '10', um: 'PZ', vatRate: 22,
  stock: { qty: 10, minQty: 2, track: true }, changedPrice: false, createdAt: at, updatedAt: at, ...extra,
});

const docs = {
  'Scrap/scrap-a': product(SHOP_A),
  'Scrap/scrap-b': product(SHOP_B, { name: 'Martello' }),
  // A legacy product written by the POS: numbers as text, iva, categories, no stock.
  'Scrap/legacy-a': { userId: SHOP_A, name: 'Vite', price: '0,10', quantity: '300', iva: '22', categories: ['Ferramenta'] },
  'Invoice/in-a': { userId: SHOP_A, type: 1, createdAt: at, payload: '{}', addedToWarehouse: false },
  'Invoice/in-b': { userId: SHOP_B, type: 1, createdAt: at, payload: '{}' },
  'Invoice/in-a-loaded': { userId: SHOP_A, type: 1, createdAt: at, payload: '{}', addedToWarehouse: true },
};
const before = () => world.reset(docs);

describe('reading products', () => {
  it("a product is read by its shop's readers only", async () => {
    await world.reset(docs);
    await expectOnly(world, readersA, getDoc('Scrap/scrap-a'));
    await expectOnly(world, readersA, getDoc('Scrap/legacy-a'));
    await expectOnly(world, readersB, getDoc('Scrap/scrap-b'));
  });

  it('queries on the shop (pages with a cursor, lookups by code in chunks) pass for its readers only', async () => {
    await world.reset(docs);
    await expectOnly(world, readersA, (db) => db.collection('Scrap').where('userId', '==', SHOP_A).orderBy('__name__').limit(1000).get());
    await expectOnly(world, readersA, (db) => db.collection('Scrap').where('userId', '==', SHOP_A).where('code', 'in', ['A1', 'B2']).get());
    await expectOnly(world, readersB, (db) => db.collection('Scrap').where('userId', '==', SHOP_B).where('barcode', 'in', ['8001234567890']).get());
    await expectOnly(world, ['admin'], (db) => db.collection('Scrap').get());
  });
});

describe('writing products', () => {
  it('the owner (and admins) create products of their shop; nobody creates one for another shop', async () => {
    await expectOnly(world, ['ownerA', 'admin'], (db, actor) => db.doc(`Scrap/new-${actor}`).set(product(SHOP_A)), { before });
    await expectOnly(world, ['ownerB', 'admin'], (db, actor) => db.doc(`Scrap/newb-${actor}`).set(product(SHOP_B)), { before });
    await expectOnly(world, [], (db, actor) => db.doc(`Scrap/bad-${actor}`).set(product('')), { before });
    await expectOnly(world, [], (db, actor) => db.doc(`Scrap/bad-${actor}`).set({ name: 'senza negozio' }), { before });
    await expectOnly(world, [], (db, actor) => db.doc(`Scrap/bad-${actor}`).set(product(SHOP_A, { name: 12 })), { before });
  });

  it('the owner (and admins) update and delete; another shop, accountants and technicians cannot', async () => {
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Scrap/scrap-a').update({ price: '59.90', changedPrice: true, updatedAt: at }), { before });
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Scrap/legacy-a').update({ vatRate: 22, category: 'Ferramenta' }), { before });
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Scrap/scrap-b').update({ listino2: 8.5 }), { before });
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Scrap/scrap-a').delete(), { before });
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Scrap/scrap-b').delete(), { before });
  });

  it('userId is never changed or removed', async () => {
    await expectOnly(world, [], (db) => db.doc('Scrap/scrap-a').update({ userId: SHOP_B }), { before });
    await expectOnly(world, [], (db) => db.doc('Scrap/scrap-a').set({ name: 'senza negozio' }), { before });
    await expectOnly(world, [], (db) => db.doc('Scrap/scrap-b').set(product(SHOP_A)), { before });
  });
});

describe('invoice loaded into the warehouse', () => {
  it('only the owner marks an invoice of their shop as loaded, and changes nothing else with it', async () => {
    await expectOnly(world, ['ownerA'], (db) => db.doc('Invoice/in-a').update({ addedToWarehouse: true, updatedAt: at }), { before });
    await expectOnly(world, ['ownerA'], (db) => db.doc('Invoice/in-a').update({ addedToWarehouse: true, addedToWarehouseManually: true, manualWarehouseMarkDate: at }), { before });
    await expectOnly(world, ['ownerB'], (db) => db.doc('Invoice/in-b').update({ addedToWarehouse: true }), { before });
    await expectOnly(world, [], (db) => db.doc('Invoice/in-a').update({ addedToWarehouse: true, payload: '<altro/>' }), { before });
    // The marking cannot be undone.
    await expectOnly(world, [], (db) => db.doc('Invoice/in-a-loaded').update({ addedToWarehouse: false }), { before });
  });
});
