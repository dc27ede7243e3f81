/**
 * Taking the next invoice number (src/data/invoice-number.ts, used by the /ddt deferred invoice and the invoice
 * made for a receipt) against the Firestore and Auth emulators with the real rules, signed in as the shop's owner:
 * the first free number of the date's year from settings.invoiceNumber, the counter stored as text in the same
 * transaction, two takes at once never sharing a number, nothing written when the transaction fails.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { runTransaction } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { takeInvoiceNumber, usedInvoiceNumbers } from '@/data/invoice-number';
import { auth, db } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const SHOP = 'int-num-owner';
const JUNE_2026 = new Date(2026, 5, 10, 12);
let admin: App;
let store: AdminFirestore;

const counter = async () => ((await store.doc(`Shop/${SHOP}`).get()).data()?.settings as Record<string, unknown> | undefined)?.invoiceNumber;
const take = (used: Iterable<string>, date = JUNE_2026) => runTransaction(db(), (tx) => takeInvoiceNumber(tx, SHOP, used, date));

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'invoice-number');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).deleteUser(SHOP).catch(() => undefined);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@integrazione.test`, password: PASSWORD });
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@integrazione.test`, level: 'shop' });
  const sale = (invoiceNumber: string, invoiceUUID: string) => ({ userId: SHOP, shopId: SHOP, method: 'Fattura', invoiceUUID, invoiceNumber, date: JUNE_2026, deleted: false });
  await store.doc('Sale/int-num-draft').set(sale('int-n-2026-49', ''));
  await store.doc('Sale/int-num-sent').set(sale('int-n-2026-50-R1', '0b0e6a52-3c61-4f1e-9d7a-2f4c8e9d1a01'));
  await store.doc('Sale/int-num-receipt').set({ userId: SHOP, shopId: SHOP, method: 'Contanti', date: JUNE_2026, price: 10 });
  await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
});

beforeEach(async () => {
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Cartoleria Numeri', settings: { invoiceNumber: '49' } });
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

describe('taking the next invoice number', () => {
  it('reads the numbers of the shop\'s drafts and invoices, not its receipts', async () => {
    expect((await usedInvoiceNumbers(SHOP)).sort()).toEqual(['int-n-2026-49', 'int-n-2026-50-R1']);
  });

  it('skips the numbers already used (a revision keeps its number taken) and stores the next counter as text', async () => {
    const used = await usedInvoiceNumbers(SHOP);
    expect(await take(used)).toEqual({ number: 'int-n-2026-51', progressive: 51 });
    expect(await counter()).toBe('52');
    expect(await take(used)).toEqual({ number: 'int-n-2026-52', progressive: 52 });
    expect(await counter()).toBe('53');
  });

  it('formats the year of the date: last year\'s numbers do not take this year\'s', async () => {
    expect(await take(await usedInvoiceNumbers(SHOP), new Date(2027, 0, 2))).toEqual({ number: 'int-n-2027-49', progressive: 49 });
    expect(await counter()).toBe('50');
  });

  it('two takes at once get two different numbers and move the counter by two', async () => {
    const used = await usedInvoiceNumbers(SHOP);
    const numbers = (await Promise.all([take(used), take(used)])).map((f) => f?.number);
    expect(numbers.sort()).toEqual(['int-n-2026-51', 'int-n-2026-52']);
    expect(await counter()).toBe('53');
  });

  it('a transaction that fails after taking a number leaves the counter as it was', async () => {
    const failing = runTransaction(db(), async (tx) => {
      await takeInvoiceNumber(tx, SHOP, [], JUNE_2026);
      throw new Error('XML non valido');
    });
    await expect(failing).rejects.toThrow('XML non valido');
    expect(await counter()).toBe('49');
  });

  it('gives nothing when the shop no longer exists, and writes nothing', async () => {
    await store.doc(`Shop/${SHOP}`).delete();
    expect(await take([])).toBeUndefined();
    expect((await store.doc(`Shop/${SHOP}`).get()).exists).toBe(false);
  });
});
