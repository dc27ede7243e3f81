/**
 * 'Carica da fattura' writes through the app's own transaction (src/data/warehouse-import.ts), signed in as the shop on
 * the Auth emulator with the real rules: on a product that matches the supplier's line, the price rule and the
 * listini choice decide what is stored — the default keeps a higher current price, the computed price lowers it
 * with the listini left or lowered as chosen, and listini in conflict with no choice write nothing at all.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeScrap } from '@/data/scrap';
import { importInvoiceRows } from '@/data/warehouse-import';
import { rowsFromLines } from '@/domain/warehouse/invoice-import';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const run = `${Date.now()}`;
const SHOP = `int-whimport-${run}`;
const INVOICE = `inv-wh-${run}`;
const PRODUCT = `p1-wh-${run}`;
const STORED = { userId: SHOP, name: 'Trapano', code: `T1-${run}`, barcode: '', price: '12.50', quantity: '1', purchasePrice: 8.2, listino2: 11.88, listino3: 11.25, vatRate: 22, stock: { qty: 1, minQty: 0, track: true } };
let admin: App;
let store: AdminFirestore;

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'warehouse-import');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@integrazione.test`, password: PASSWORD });
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@integrazione.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Ferramenta Integrazione' });
  await signOut(auth()).catch(() => undefined);
  await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
}, 60_000);

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

beforeEach(async () => {
  await store.doc(`Invoice/${INVOICE}`).set({ userId: SHOP, type: 1, createdAt: new Date(2026, 10, 20), payload: '{}' });
  await store.doc(`Scrap/${PRODUCT}`).set(STORED);
});

async function importWith(pricing: Parameters<typeof importInvoiceRows>[4]) {
  // 5,35 × 1,45 × 1,22 = 9,46: a cheaper supplier than the shelf price of 12,50.
  const rows = rowsFromLines([{ description: 'Trapano', quantity: 2, unitPrice: 5.35, total: 10.7, vatRate: 22, codes: [{ value: STORED.code }] }]);
  return importInvoiceRows(SHOP, INVOICE, rows, [normalizeScrap(PRODUCT, STORED)], pricing);
}
const product = async () => (await store.doc(`Scrap/${PRODUCT}`).get()).data() ?? {};

describe("'Carica da fattura' on a product already in the warehouse", () => {
  it('the default keeps the higher current price; the cost and the stock follow the invoice; listini untouched', async () => {
    await importWith({ rule: 'keep-higher', listini: undefined });
    const stored = await product();
    expect(Number(stored.price)).toBe(12.5);
    expect(Number(stored.purchasePrice)).toBe(5.35);
    expect(Number(stored.quantity)).toBe(3);
    expect(stored.listino2).toBe(11.88);
    expect(stored.listino3).toBe(11.25);
    expect(stored.changedPrice).toBeUndefined();
  });

  it('the computed price with listini left: the price is lowered, the listini stay', async () => {
    await importWith({ rule: 'computed', listini: 'keep' });
    const stored = await product();
    expect(Number(stored.price)).toBe(9.46);
    expect(stored.changedPrice).toBe(true);
    expect(stored.listino2).toBe(11.88);
    expect(stored.listino3).toBe(11.25);
  });

  it('the computed price with listini lowered: both listini stored at the new price, as numbers', async () => {
    await importWith({ rule: 'computed', listini: 'lower' });
    const stored = await product();
    expect(Number(stored.price)).toBe(9.46);
    expect(stored.listino2).toBe(9.46);
    expect(stored.listino3).toBe(9.46);
  });

  it('listini in conflict and no choice: refused, the product and the invoice as they were', async () => {
    await expect(importWith({ rule: 'computed', listini: undefined })).rejects.toThrow('Alcuni listini sono più alti del nuovo prezzo');
    expect(await product()).toEqual(STORED);
    expect((await store.doc(`Invoice/${INVOICE}`).get()).get('addedToWarehouse')).toBeUndefined();
  });
});
