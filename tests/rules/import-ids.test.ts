/**
 * Ids derived from a shop: an import gives its documents ids that name the shop, so a re-run rewrites
 * the same documents. The rules accept such an id only from that shop: another shop cannot squat it (and so block
 * the real shop's import, whose write would become a refused update of the squatter's document).
 */
import { describe, expect, it } from 'vitest';
import { importedCustomerId } from '../../src/domain/customers/customer-import.ts';
import { importedProductId } from '../../src/domain/warehouse/product-csv.ts';
import { SHOP_A, SHOP_B, expectOnly, setupWorld } from './fixtures.ts';

const world = setupWorld();
const customerOfB = importedCustomerId(SHOP_B, { vatNumber: '01234567897', fiscalCode: '' } as never);
const productOfB = importedProductId(SHOP_B, { barcode: '8001234567890', name: 'Trapano' });
const product = (shopId: string) => ({ userId: shopId, name: 'Trapano', barcode: '8001234567890', price: 49.9 });

describe("an id in another shop's import space", () => {
  it('the app derives ids that name the whole shop', () => {
    expect(customerOfB.startsWith(`${SHOP_B}_csv_`)).toBe(true);
    expect(productOfB).toMatch(new RegExp(`^csv-${SHOP_B}-[0-9a-f]{16}$`));
  });

  it("customers: shop A cannot create B's import id, even labelled as its own; B's import of the row succeeds", async () => {
    await world.reset({});
    await expectOnly(world, [], (db) => db.doc(`Customer/${customerOfB}`).set({ userId: SHOP_A, ragioneSociale: 'Squatter' }));
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc(`Customer/${customerOfB}`).set({ userId: SHOP_B, ragioneSociale: 'Rossi S.r.l.', vatNumber: '01234567897' }));
    // Re-running B's import rewrites its own document.
    await expectOnly(world, ['ownerB'], (db) => db.doc(`Customer/${customerOfB}`).set({ userId: SHOP_B, ragioneSociale: 'Rossi S.r.l.', vatNumber: '01234567897' }), { actors: ['ownerB', 'ownerA'] });
    // An id that merely contains another shop's prefix somewhere else is refused too.
    await expectOnly(world, [], (db) => db.doc(`Customer/x${SHOP_A}_csv_01234567897`).set({ userId: SHOP_A, ragioneSociale: 'Altro' }), { actors: ['ownerA'] });
    // Ordinary ids (the form's auto ids) are untouched by the import-space rule.
    await expectOnly(world, ['ownerA'], (db) => db.doc('Customer/AbCdEf123').set({ userId: SHOP_A, ragioneSociale: 'Manuale' }), { actors: ['ownerA'] });
  });

  it("products: shop A cannot create B's import id, nor a shortened or malformed csv- id; B's import succeeds", async () => {
    await world.reset({});
    await expectOnly(world, [], (db) => db.doc(`Scrap/${productOfB}`).set(product(SHOP_A)));
    // The id of the old scheme (12 characters of the shop) and a forged hash are refused.
    const hash = productOfB.slice(-16);
    await expectOnly(world, [], (db) => db.doc(`Scrap/csv-${SHOP_A.slice(0, 5)}-${hash}`).set(product(SHOP_A)));
    await expectOnly(world, [], (db) => db.doc(`Scrap/csv-${SHOP_A}-notahash`).set(product(SHOP_A)));
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc(`Scrap/${productOfB}`).set(product(SHOP_B)));
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`Scrap/${importedProductId(SHOP_A, { code: 'A1', name: 'Vite' })}`).set(product(SHOP_A)));
  });
});
