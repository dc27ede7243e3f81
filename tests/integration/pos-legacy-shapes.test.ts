/**
 * POS shapes the converters accept and Firestore's queries do not see as the converters read them, through the
 * app's own code on the emulators with the real rules: an `isVoid` stored as text or a number is left out of the
 * dashboard's takings as /sales shows it ('Annullato'); a sale whose date is text or a number is counted and named
 * on the dashboard, and the Sale migration puts it back in its day; technicians stored as objects in
 * `Shop.technicians` are rewritten by the Shop migration so the technician's shops query finds the shop.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, Timestamp, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboardTotals } from '@/features/dashboard/api';
import { readDocuments, writeMigrationBatch } from '@/features/developer/api-migration';
import { loadTechShops } from '@/features/tech/api';
import { migrationDecision } from '@/domain/migration/migration';
import { auth, db } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const SHOP = 'int-legacy-owner';
const TECH_SHOP = 'int-legacy-techshop';
const ADMIN = 'int-legacy-admin';
const TECH = 'int-legacy-tech';
const OTHER_TECH = 'int-legacy-tech2';
let admin: App;
let store: AdminFirestore;

const at = (h: number) => new Date(2026, 5, 10, h);
const period = { start: new Date(2026, 5, 10), end: new Date(2026, 5, 11) };

const signIn = (uid: string) => signInWithEmailAndPassword(auth(), `${uid}@integrazione.test`, PASSWORD);

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'pos-legacy-shapes');
  store = getAdminFirestore(admin);
  const levels: Record<string, string> = { [SHOP]: 'shop', [TECH_SHOP]: 'shop', [ADMIN]: 'admin', [TECH]: 'tech', [OTHER_TECH]: 'tech' };
  for (const [uid, level] of Object.entries(levels)) {
    await getAdminAuth(admin).deleteUser(uid).catch(() => undefined);
    await getAdminAuth(admin).createUser({ uid, email: `${uid}@integrazione.test`, password: PASSWORD, emailVerified: true });
    await store.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@integrazione.test`, level });
  }
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: SHOP, settings: {} });
  await store.doc(`Shop/${TECH_SHOP}`).set({ userId: TECH_SHOP, name: 'Negozio del tecnico', settings: {}, technicians: [{ id: TECH, name: 'Mario' }, 'int-legacy-x'] });
  const sales: Record<string, Record<string, unknown>> = {
    a: { userId: SHOP, date: at(9), price: 10, method: 'contanti', isVoid: false },
    b: { userId: SHOP, date: at(10), price: 20, method: 'contanti', isVoid: 'true' }, // voided, as text
    c: { userId: SHOP, date: at(11), price: 30, method: 'Bancomat', isVoid: ' Sì ' }, // voided, as the converter reads it
    d: { userId: SHOP, date: at(12), price: 40, method: 'Fattura', isVoid: 1 }, // voided, as a number
    e: { userId: SHOP, date: at(13), price: 5, method: 'bancomat', isVoid: 'false' }, // not voided, as text
    f: { userId: SHOP, date: '10/06/2026 14:30', price: 7, method: 'contanti', isVoid: false }, // Italian text date
    g: { userId: SHOP, date: at(15).getTime(), price: 8, method: 'contanti', isVoid: false }, // epoch number date
  };
  for (const [id, data] of Object.entries(sales)) await store.doc(`Sale/int-legacy-${id}`).set(data);
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

describe('the dashboard reads the POS shapes as /sales does', () => {
  it("leaves out the sales voided as text or number, and counts 'false' as text", async () => {
    await signIn(SHOP);
    const totals = await loadDashboardTotals(SHOP, period);
    expect(totals.byFamily).toEqual({ contanti: 10, bancomat: 5, fatture: 0 });
    expect(totals.salesCount).toBe(2);
  });

  it('counts the sales whose date is text or a number (in no period until migrated)', async () => {
    await signIn(SHOP);
    expect((await loadDashboardTotals(SHOP, period)).legacyDateSales).toBe(2);
  });

  it('after the Sale migration the legacy dates are Timestamps in their day and the voids are booleans', async () => {
    await signIn(ADMIN);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => `int-legacy-${k}`);
    const todo = (await readDocuments(db(), 'Sale', ids)).filter((d) => migrationDecision('Sale', d.raw, false) === 'migrate');
    expect(todo.map((d) => d.id).sort()).toEqual(['b', 'c', 'd', 'e', 'f', 'g'].map((k) => `int-legacy-${k}`));
    const outcome = await writeMigrationBatch(db(), 'Sale', todo);
    expect(outcome.failed).toEqual([]);
    const f = (await store.doc('Sale/int-legacy-f').get()).data();
    expect(f?.date).toBeInstanceOf(Timestamp);
    expect((f?.date as Timestamp).toDate()).toEqual(new Date(2026, 5, 10, 14, 30));
    expect((await store.doc('Sale/int-legacy-b').get()).data()?.isVoid).toBe(true);
    expect((await store.doc('Sale/int-legacy-e').get()).data()?.isVoid).toBe(false);
    await signIn(SHOP);
    const totals = await loadDashboardTotals(SHOP, period);
    expect(totals.legacyDateSales).toBe(0);
    expect(totals.byFamily).toEqual({ contanti: 25, bancomat: 5, fatture: 0 });
    expect(totals.documentsRead).toBe(0); // nothing left for the corrections to read
  });
});

describe('technicians stored as objects', () => {
  it('are not found before the Shop migration, are after it; another technician still is not', async () => {
    await signIn(TECH);
    expect((await loadTechShops(TECH)).map((r) => r.shop.id)).not.toContain(TECH_SHOP);
    await signIn(ADMIN);
    const [shop] = await readDocuments(db(), 'Shop', [TECH_SHOP]);
    expect(shop && migrationDecision('Shop', shop.raw, false)).toBe('migrate');
    expect((await writeMigrationBatch(db(), 'Shop', shop ? [shop] : [])).failed).toEqual([]);
    expect((await store.doc(`Shop/${TECH_SHOP}`).get()).data()?.technicians).toEqual([TECH, 'int-legacy-x']);
    await signIn(TECH);
    expect((await loadTechShops(TECH)).map((r) => r.shop.id)).toContain(TECH_SHOP);
    await signIn(OTHER_TECH);
    expect((await loadTechShops(OTHER_TECH)).map((r) => r.shop.id)).not.toContain(TECH_SHOP);
  });
});
