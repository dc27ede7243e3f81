/**
 * The sales list's period reads (src/features/sales/api.ts) through the app's own queries, signed in as the shop on
 * the Auth emulator with the real rules: a period older than the shop's 500 most recent sales is read from the
 * server in pages (every sale of the period, none outside it, none twice), its count is an aggregation that leaves
 * out the invoices made for a receipt, a period with no sale counts 0, and another shop reads none of it.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countListedSales, listedSales, loadSalesPage, type SalesCursor } from '@/features/sales/api';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const run = `${Date.now()}`;
const SHOP = `int-period-${run}`;
const STRANGER = `int-period-other-${run}`;
const OCTOBER = { from: new Date(2026, 9, 1, 0, 0), to: new Date(2026, 9, 31, 23, 59, 59, 999) };
/** October: 23 sales a day for 31 days (713), one receipt invoice; November after it: 40 sales. */
const OCTOBER_SALES = 31 * 23;
let admin: App;
let store: AdminFirestore;

async function signInAs(uid: string) {
  await signOut(auth()).catch(() => undefined);
  await signInWithEmailAndPassword(auth(), `${uid}@integrazione.test`, PASSWORD);
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'sales-period');
  store = getAdminFirestore(admin);
  for (const uid of [SHOP, STRANGER]) {
    await getAdminAuth(admin).createUser({ uid, email: `${uid}@integrazione.test`, password: PASSWORD });
    await store.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@integrazione.test`, level: 'shop' });
    await store.doc(`Shop/${uid}`).set({ userId: uid, name: `Negozio ${uid}` });
  }
  const writer = store.bulkWriter();
  for (let day = 1; day <= 31; day++) {
    for (let n = 0; n < 23; n++) {
      void writer.set(store.doc(`Sale/oct-${day}-${n}-${run}`), { userId: SHOP, date: new Date(2026, 9, day, 8 + (n % 12), n), price: 1 + n, method: n % 2 ? 'contanti' : 'Bancomat', isVoid: false, lines: [] });
    }
  }
  // The edges: the last instant of September and the first of November are outside October.
  void writer.set(store.doc(`Sale/sep-${run}`), { userId: SHOP, date: new Date(2026, 8, 30, 23, 59, 59), price: 5, method: 'contanti', isVoid: false, lines: [] });
  for (let n = 0; n < 40; n++) {
    void writer.set(store.doc(`Sale/nov-${n}-${run}`), { userId: SHOP, date: new Date(2026, 10, 1 + (n % 28), 10), price: 2, method: 'contanti', isVoid: false, lines: [] });
  }
  // An invoice made for an October receipt: listed with its receipt, not as a sale of its own.
  void writer.set(store.doc(`Sale/inv-${run}`), { userId: SHOP, date: new Date(2026, 9, 20, 12), total: 1, method: 'Fattura', invoiceUUID: '', sourceSaleId: `oct-20-0-${run}`, isVoid: false, lines: [] });
  await writer.close();
}, 120_000);

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

describe('a past period in the sales list', () => {
  it('counts the sales of October by aggregation, the receipt invoice left out', async () => {
    await signInAs(SHOP);
    expect(await countListedSales(SHOP, OCTOBER)).toBe(OCTOBER_SALES);
    expect(await countListedSales(SHOP, { from: new Date(2025, 0, 1), to: new Date(2025, 0, 31) })).toBe(0);
    expect(await countListedSales(SHOP)).toBe(OCTOBER_SALES + 41);
  });

  it('reads every sale of October in pages of 500, newest first, none outside it, none twice', async () => {
    await signInAs(SHOP);
    const ids = new Set<string>();
    let cursor: SalesCursor | undefined;
    let pages = 0;
    let previous = Infinity;
    for (;;) {
      const page = await loadSalesPage(SHOP, cursor, 500, OCTOBER);
      pages++;
      for (const sale of listedSales(page.sales)) {
        const at = sale.date?.getTime() ?? NaN;
        expect(at).toBeGreaterThanOrEqual(OCTOBER.from.getTime());
        expect(at).toBeLessThanOrEqual(OCTOBER.to.getTime());
        expect(at).toBeLessThanOrEqual(previous);
        previous = at;
        ids.add(sale.id);
      }
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(2);
    expect(ids.size).toBe(OCTOBER_SALES);
  });

  it("another shop reads none of it", async () => {
    await signInAs(STRANGER);
    await expect(loadSalesPage(SHOP, undefined, 500, OCTOBER)).rejects.toThrow();
    await expect(countListedSales(SHOP, OCTOBER)).rejects.toThrow();
  });
});
