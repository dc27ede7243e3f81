/**
 * The dashboard's totals through the app's own queries (aggregations + the text-priced legacy sales), signed
 * in on the Auth emulator, with the real rules: the figures match a direct computation, voided and preconto
 * sales are out, legacy sales without isVoid count, prices stored as text count; another shop is refused.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboardTotals } from '@/features/dashboard/api';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const SHOP = 'int-dash-owner';
const OTHER = 'int-dash-other';
let admin: App;
let store: AdminFirestore;

const day = new Date(2026, 5, 10);
const at = (h: number) => new Date(2026, 5, 10, h);
const period = { start: day, end: new Date(2026, 5, 11) };

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'dashboard-totals');
  store = getAdminFirestore(admin);
  for (const uid of [SHOP, OTHER]) {
    await getAdminAuth(admin).deleteUser(uid).catch(() => undefined);
    await getAdminAuth(admin).createUser({ uid, email: `${uid}@integrazione.test`, password: PASSWORD });
    await store.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@integrazione.test`, level: 'shop' });
    await store.doc(`Shop/${uid}`).set({ userId: uid, name: uid, settings: {} });
  }
  const sales: Record<string, Record<string, unknown>> = {
    a: { userId: SHOP, date: at(9), price: 10.1, method: 'contanti', isVoid: false },
    b: { userId: SHOP, date: at(10), price: 5.2, method: 'Contanti' }, // legacy: no isVoid
    c: { userId: SHOP, date: at(11), price: '12,50', method: 'bancomat', isVoid: false }, // legacy text price
    d: { userId: SHOP, date: at(12), price: 100, method: 'Bancomat', isVoid: true }, // voided
    e: { userId: SHOP, date: at(13), price: 7, method: 'preconto', isVoid: false }, // not a sale
    f: { userId: SHOP, date: at(14), price: 30.3, method: 'Fattura', isVoid: false },
    g: { userId: SHOP, date: new Date(2026, 5, 11, 0, 0), price: 999, method: 'contanti', isVoid: false }, // next day
    h: { userId: SHOP, date: at(15), price: '3,00', method: 'contanti', isVoid: true }, // voided text price
    i: { userId: OTHER, date: at(9), price: 50, method: 'contanti', isVoid: false },
  };
  for (const [id, data] of Object.entries(sales)) await store.doc(`Sale/int-dash-${id}`).set(data);
  await store.doc('Invoice/int-dash-1').set({ userId: SHOP, createdAt: at(16), type: 0 });
  await store.doc('Invoice/int-dash-2').set({ userId: SHOP, createdAt: new Date(2026, 5, 9, 23), type: 0 });
  await store.doc('ZReport/int-dash-1').set({ userId: SHOP, createdAt: at(20) });
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

describe('loadDashboardTotals', () => {
  it('sums each family, leaves out voided and preconto, counts legacy shapes, and counts invoices and closings', async () => {
    await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
    const totals = await loadDashboardTotals(SHOP, period);
    expect(totals.byFamily).toEqual({ contanti: 15.3, bancomat: 12.5, fatture: 30.3 });
    expect(totals.salesTotal).toBe(58.1);
    expect(totals.invoiceCount).toBe(1);
    expect(totals.zReportCount).toBe(1);
    expect(totals.documentsRead).toBe(2); // only the two text-priced sales were downloaded
  });

  it("another shop's totals are refused by the rules", async () => {
    await signInWithEmailAndPassword(auth(), `${OTHER}@integrazione.test`, PASSWORD);
    await expect(loadDashboardTotals(SHOP, period)).rejects.toThrow();
  });
});
