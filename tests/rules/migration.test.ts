/**
 * The developer dashboard's database migration (document 3 §4, §7): batch updates of Sale and
 * Scrap. The patches are the app's own (src/data/migration.ts). Sale: only admins, only the migration's fields with
 * the marker, never another field. Scrap: admins (and, as before, the shop's owner on its own products: the
 * warehouse screen edits them); nobody else.
 */
import { describe, expect, it } from 'vitest';
import { saleMigrationPatch, scrapMigrationPatch, shopMigrationPatch } from '../../src/data/migration.ts';
import { SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, uidOf, worldDocs, type Db } from './fixtures.ts';

const world = setupWorld();
const at = new Date('2026-11-20T10:00:00Z');

const legacySale = (shop: string) => ({
  userId: shop, date: at, method: 'contanti', isVoid: false, price: '9,86', discounts: '1', fidelityPointsEarned: '9', scrapCount: 2,
  scrapName0: 'Taleggio', scrapPrice0: '4,20', scrapQuantity0: '2', scrapIva0: '4', scrapDiscount0: '10', scrapCode0: 'BV003',
  scrapName1: 'Acqua', scrapPrice1: 1.1, scrapQuantity1: 3, scrapIva1: 22,
});
const legacyScrap = (shop: string) => ({ userId: shop, name: 'Vite', code: 'V1', price: '0,10', quantity: '300', iva: '22', categories: ['Ferramenta'] });

const docs = {
  'Sale/legacy-a': legacySale(SHOP_A),
  'Sale/legacy-b': legacySale(SHOP_B),
  'Sale/sent-a': { ...legacySale(SHOP_A), invoiceUUID: 'uuid-1', invoiceNumber: 'owner2026/1', method: 'Fattura' },
  'Scrap/legacy-a': legacyScrap(SHOP_A),
  'Scrap/legacy-b': legacyScrap(SHOP_B),
};
const before = () => world.reset(docs);
const salePatch = (id: string, shop: string) => saleMigrationPatch(id, legacySale(shop), at);

describe('Sale migration', () => {
  it('the patch is the current structure with the marker', () => {
    const p = salePatch('legacy-a', SHOP_A);
    expect(p).toMatchObject({ price: 9.86, discounts: 1, fidelityPointsEarned: 9, migrated: true, totals: { gross: 9.86, net: 9.06, vat: 0.8 } });
  });

  it("an admin migrates any shop's sale (also an issued invoice's); nobody else, owners included", async () => {
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Sale/legacy-a').update(salePatch('legacy-a', SHOP_A)), { before });
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Sale/legacy-b').update(salePatch('legacy-b', SHOP_B)), { before });
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Sale/sent-a').update(salePatch('sent-a', SHOP_A)), { before });
  });

  it('even an admin cannot change other fields, drop the marker or write a text price', async () => {
    const patch = salePatch('legacy-a', SHOP_A);
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').update({ ...patch, userId: SHOP_B }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').update({ ...patch, method: 'bancomat' }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/sent-a').update({ ...patch, invoiceUUID: '' }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').update({ ...patch, migrated: false }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').update({ ...patch, migratedAt: 'ieri' }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').update({ ...patch, price: '9,86' }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').update({ price: 9.86 }), { before });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/legacy-a').delete(), { before });
  });
});

describe('Scrap migration', () => {
  it("admins migrate any shop's product; the owner only its own; technicians, accountants and others never", async () => {
    await expectOnly(world, ['admin', 'ownerA'], (db: Db) => db.doc('Scrap/legacy-a').update(scrapMigrationPatch('legacy-a', legacyScrap(SHOP_A), at)), { before });
    await expectOnly(world, ['admin', 'ownerB'], (db: Db) => db.doc('Scrap/legacy-b').update(scrapMigrationPatch('legacy-b', legacyScrap(SHOP_B), at)), { before });
  });

  it('the patch keeps the shop', async () => {
    const patch = { ...scrapMigrationPatch('legacy-a', legacyScrap(SHOP_A), at), userId: SHOP_B };
    await expectOnly(world, [], (db: Db) => db.doc('Scrap/legacy-a').update(patch), { before });
  });
});

describe('Sale migration of the POS shapes the queries cannot see', () => {
  const posShapes = { userId: SHOP_A, date: '10/06/2026 14:30', method: 'contanti', isVoid: 'true', price: 4, lines: [] };
  const shapesBefore = () => world.reset({ 'Sale/shapes-a': posShapes });

  it('an admin writes isVoid as a boolean and the date as a Timestamp; nobody else', async () => {
    const patch = saleMigrationPatch('shapes-a', posShapes, at);
    expect(patch).toMatchObject({ isVoid: true, date: new Date(2026, 5, 10, 14, 30) });
    await expectOnly(world, ['admin'], (db: Db) => db.doc('Sale/shapes-a').update(patch), { before: shapesBefore });
  });

  it('into those types only', async () => {
    const patch = saleMigrationPatch('shapes-a', posShapes, at);
    await expectOnly(world, [], (db: Db) => db.doc('Sale/shapes-a').update({ ...patch, isVoid: 'annullato' }), { before: shapesBefore });
    await expectOnly(world, [], (db: Db) => db.doc('Sale/shapes-a').update({ ...patch, date: '2026-06-10' }), { before: shapesBefore });
  });
});

describe('Shop migration of technicians stored as objects', () => {
  const shopA = () => worldDocs()[`Shop/${SHOP_A}`] ?? {};
  const migrated = () => world.reset({ [`Shop/${SHOP_A}`]: { ...shopA(), ...shopMigrationPatch(shopA()) } });

  it('the patch keeps every technician, as plain uids', () => {
    expect(shopMigrationPatch(shopA())).toEqual({ technicians: [uidOf('techA'), uidOf('techB')] });
  });

  it('only an admin writes it (not the owner, not a technician of the shop)', async () => {
    await expectOnly(world, ['admin'], (db: Db) => db.doc(`Shop/${SHOP_A}`).update(shopMigrationPatch(shopA())), { before: () => world.reset() });
  });

  it('after it the technician of the object entry reads the shop and its sales, and finds it by its query', async () => {
    const readers = ['ownerA', 'accountantA', 'techA', 'techB', 'admin'] as const;
    await expectOnly(world, readers, getDoc(`Shop/${SHOP_A}`), { before: migrated });
    await migrated();
    const found = await world.db('techB').collection('Shop').where('technicians', 'array-contains', uidOf('techB')).get();
    expect(found.docs.map((d) => d.id)).toContain(SHOP_A);
    await expectOnly(world, readers, (db: Db) => db.collection('Sale').where('userId', '==', SHOP_A).get(), { actors: ['techA', 'techB', 'ownerB', 'assist'] });
  });
});
