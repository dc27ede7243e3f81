/**
 * The accountant's desk (src/features/select-shop/api.ts loadDeskRow) through the app's own queries, signed in as
 * the shop's accountant on the Auth emulator with the real rules: on 3 December 2026, November's package is 'not
 * downloaded'; once its download is logged with the month's fingerprint it is 'downloaded'; a late POS sale and a
 * voided receipt make it 'changed since', said in words; the closings reconcile against the nightly summaries (a
 * day with a difference, a day without a closing, a day not yet summarised); the SDI counts are the dashboard's; the
 * last sale synced is the newest; another shop's accountant is refused.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCheckedSale } from '@/data/sale';
import { buildSummary } from '@/data/sale-day-summary-build';
import { summaryId, toFirestoreSaleDaySummary } from '@/data/sale-day-summary-doc';
import { countSdiDue } from '@/data/sdi-due';
import { monthFingerprint } from '@/data/month-fingerprint';
import { PACKAGE_DOWNLOADED_ACTION } from '@/data/user-log';
import { loadDeskRow } from '@/features/select-shop/api';
import { deskStatus } from '@/features/select-shop/desk-status';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const run = `${Date.now()}`;
const SHOP = `int-desk-${run}`;
const ACCOUNTANT = `int-desk-acc-${run}`;
const STRANGER = `int-desk-other-${run}`;
const NOW = new Date(2026, 11, 3, 10);
const NOVEMBER = { kind: 'month', year: 2026, month: 11 } as const;
let admin: App;
let store: AdminFirestore;

const sale = (id: string, date: Date, price: number, method = 'contanti', extra: Record<string, unknown> = {}) =>
  [`Sale/${id}-${run}`, { userId: SHOP, date, price, method, isVoid: false, lines: [], ...extra }] as const;
const closing = (id: string, date: Date, total: number) => [`ZReport/${id}-${run}`, { userId: SHOP, createdAt: date, total }] as const;

// Three days of November: the 10th reconciles, the 11th's closing is 5 € short, the 12th has no closing; the 13th
// has a closing but no summary yet (left for /zreport). Calendar-day summaries (the shop's cut-off is midnight).
const SALES = [sale('a', new Date(2026, 10, 10, 9), 20), sale('b', new Date(2026, 10, 10, 11), 30, 'Bancomat'), sale('c', new Date(2026, 10, 11, 10), 15), sale('d', new Date(2026, 10, 12, 10), 12), sale('e', new Date(2026, 10, 13, 10), 8)];
const CLOSINGS = [closing('z10', new Date(2026, 10, 10, 20), 50), closing('z11', new Date(2026, 10, 11, 20), 10), closing('z13', new Date(2026, 10, 13, 20), 8)];

async function signInAs(uid: string) {
  await signOut(auth()).catch(() => undefined);
  await signInWithEmailAndPassword(auth(), `${uid}@integrazione.test`, PASSWORD);
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'accountant-desk');
  store = getAdminFirestore(admin);
  for (const [uid, level] of [[SHOP, 'shop'], [ACCOUNTANT, 'accountant'], [STRANGER, 'accountant']] as const) {
    await getAdminAuth(admin).createUser({ uid, email: `${uid}@integrazione.test`, password: PASSWORD });
    await store.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@integrazione.test`, level, ...(uid === ACCOUNTANT ? { shops: [{ shopId: SHOP, role: 'Commercialista' }] } : {}) });
  }
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Negozio Scrivania', city: 'Pavia', settings: { businessDayCutoff: '00:00' }, accountants: [ACCOUNTANT] });
  const batch = store.batch();
  for (const [path, data] of [...SALES, ...CLOSINGS]) batch.set(store.doc(path), data);
  batch.set(store.doc(`Invoice/out-${run}`), { userId: SHOP, type: 0, status: 'sent', marking: 'rejected', markingNotifiedAt: new Date(2026, 10, 20), date: new Date(2026, 10, 20), createdAt: new Date(2026, 10, 20), total: 122, payload: '<x/>' });
  // The nightly summaries of the 10th, 11th and 12th (not of the 13th), as the job builds them from the stored sales.
  for (const day of ['2026-11-10', '2026-11-11', '2026-11-12']) {
    const ofDay = SALES.filter(([, s]) => s.date.getDate() === Number(day.slice(8))).map(([path, s]) => readCheckedSale(path.split('/')[1] ?? '', s));
    batch.set(store.doc(`SaleDaySummary/${summaryId(SHOP, day)}`), { ...toFirestoreSaleDaySummary(buildSummary(SHOP, day, ofDay, [], new Date(2026, 10, 30), 0)), userId: SHOP });
  }
  await batch.commit();
}, 60_000);

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

describe("the accountant's desk, one shop, November 2026", () => {
  it('not downloaded yet; closings reconciled from the summaries; SDI counts as the dashboard; the newest sale', async () => {
    await signInAs(ACCOUNTANT);
    const shop = { id: SHOP, name: 'Negozio Scrivania', settings: { businessDayCutoff: '00:00' } } as unknown as Parameters<typeof loadDeskRow>[0];
    const row = await loadDeskRow(shop, ACCOUNTANT, NOVEMBER, NOW);
    expect(row.download).toBeUndefined();
    expect(row.fingerprint.sales).toEqual({ n: 5, cents: 8_500 });
    expect(row.fingerprint.outgoing).toEqual({ n: 1, cents: 12_200 });
    expect(row.fingerprint.rejected).toBe(1);
    expect(row.fingerprint.closings).toEqual({ n: 3, cents: 6_800 });
    expect(row.closings.differenceDays).toBe(1);
    expect(row.closings.noClosingDays).toBe(1);
    // Every closed day of November but the 10th, 11th and 12th has no summary (the 13th's closing waits for it).
    expect(row.daysToSummarise).toBe(27);
    expect(row.lastSale).toEqual(new Date(2026, 10, 13, 10));
    const { queries: _q, entriesCounted: _e, billedReads: _b, ...due } = await countSdiDue(SHOP, NOW);
    expect(row.due).toEqual(due);
    const status = deskStatus(row);
    expect(status.package.text).toBe('Non ancora scaricato');
    expect(status.closings.text).toBe('1 giorno con differenza · 1 giorno senza chiusura · 27 giorni da riepilogare (apri Chiusure)');
    expect(status.attention).toBe(true);
  });

  it('downloaded, then a late POS sale and a receipt voided afterwards: the desk says what changed', async () => {
    await signInAs(ACCOUNTANT);
    const shop = { id: SHOP, name: 'Negozio Scrivania', settings: { businessDayCutoff: '00:00' } } as unknown as Parameters<typeof loadDeskRow>[0];
    const fingerprint = await monthFingerprint(SHOP, NOVEMBER, 0);
    // The download's log entry, as the package screen writes it (the accountant is its writer, the shop its key).
    await store.doc(`UserLog/desk-${run}`).set({ userId: SHOP, actorId: ACCOUNTANT, timestamp: new Date(2026, 11, 2, 9, 30), action: PACKAGE_DOWNLOADED_ACTION, module: 'export', details: { period: '2026-11', fileName: 'x.zip', fingerprint } });
    const downloaded = deskStatus(await loadDeskRow(shop, ACCOUNTANT, NOVEMBER, NOW));
    expect(downloaded.package).toEqual({ text: 'Scaricato il 02/12/2026 09:30', tone: 'ok' });

    await store.doc(`Sale/late-${run}`).set({ userId: SHOP, date: new Date(2026, 10, 29, 18), price: 7.5, method: 'contanti', isVoid: false, lines: [] });
    await store.doc(`Sale/a-${run}`).update({ isVoid: true });
    const changed = deskStatus(await loadDeskRow(shop, ACCOUNTANT, NOVEMBER, NOW));
    expect(changed.package.text).toBe('Cambiato dopo il download del 02/12/2026 09:30');
    expect(changed.package.items?.map((l) => l.replace(/\u00a0/g, ' '))).toEqual(['+1 vendita (+7,50 €)', '+1 scontrino annullato']);
  });

  it("another shop's accountant reads none of it", async () => {
    await signInAs(STRANGER);
    const shop = { id: SHOP, name: 'Negozio Scrivania', settings: {} } as unknown as Parameters<typeof loadDeskRow>[0];
    await expect(loadDeskRow(shop, STRANGER, NOVEMBER, NOW)).rejects.toThrow();
  });
});
