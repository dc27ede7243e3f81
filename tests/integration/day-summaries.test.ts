/**
 * The nightly Cloud Function's day summaries (functions/src/day-summaries.ts) against the emulator, read
 * by the app's own /zreport look signed in as the shop (real rules). The server reads the days as the browser does
 * and builds them with the same builder, so the look takes them as they are — no sale read, no day rebuilt after the
 * check's aggregations — and its takings are those computed from every sale; a day without sales gets its (empty)
 * summary, so an accountant's look is not sent back to the whole range; a sale voided afterwards is still found by
 * the check. Written without the Statistiche pack: the summaries serve /zreport, which every shop has.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { getDocs, query, Timestamp, where } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShopDaySummaries, daysBetween, yesterday } from '../../functions/src/day-summaries.ts';
import { shopsCol } from '../../functions/src/typed-refs.ts';
import { salesCol } from '@/data/sale';
import { takingsByDay } from '@/domain/zreport/reconcile';
import { rangeInterval, startZReportLook, type ZRange } from '@/features/zreport/api';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const SHOP = `int-daysum-${Date.now()}`;
const OTHER = `${SHOP}-other`;
const DAYS = ['2026-06-10', '2026-06-11', '2026-06-12'];
// Cut-off 02:00: the sale at 01:00 of the 11th belongs to the business day of the 10th.
const RANGE: ZRange = { from: DAYS[0]!, to: DAYS[2]!, cutoff: 120 };
const LATER = new Date('2026-07-01T12:00:00+02:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

let admin: App;
let db: Firestore;

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'day-summaries');
  db = getFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@integrazione.test`, password: PASSWORD });
  await db.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@integrazione.test`, level: 'shop' });
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bar della Notte', settings: { businessDayCutoff: '02:00' } });
  const sales: Record<string, Record<string, unknown>> = {
    a: { userId: SHOP, date: at(DAYS[0]!, '10:00'), price: 10.1, method: 'contanti', isVoid: false },
    b: { userId: SHOP, date: at(DAYS[0]!, '11:00'), price: 5.2, method: 'Bancomat' }, // legacy: no isVoid
    c: { userId: SHOP, date: at(DAYS[0]!, '12:00'), price: '12,50', method: 'carta', isVoid: false }, // legacy text price
    d: { userId: SHOP, date: at(DAYS[0]!, '13:00'), price: 100, method: 'contanti', isVoid: true },
    e: { userId: SHOP, date: at(DAYS[0]!, '14:00'), price: 7, method: 'preconto', isVoid: false },
    f: { userId: SHOP, date: at(DAYS[0]!, '15:00'), price: 30.3, method: 'Fattura', isVoid: false, invoiceNumber: '7', invoiceUUID: 'u-7' },
    g: { userId: SHOP, date: at(DAYS[1]!, '01:00'), price: 4, method: 'Contanti', isVoid: false },
    h: { userId: SHOP, date: at(DAYS[1]!, '09:30'), price: 2.35, method: 'satispay', isVoid: false },
    x: { userId: OTHER, date: at(DAYS[0]!, '10:00'), price: 999, method: 'contanti', isVoid: false },
  };
  for (const [id, data] of Object.entries(sales)) await db.doc(`Sale/${SHOP}-${id}`).set(data);
  await db.doc(`Invoice/${SHOP}-in-1`).set({ uuid: `${SHOP}-in-1`, userId: SHOP, type: 1, total: 50, payload: '', createdAt: at(DAYS[1]!, '08:00') });
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

describe('the nightly day summaries', () => {
  it('are what the browser would build: /zreport reads no sale and rebuilds no day, with the takings of every sale', async () => {
    const shop = (await shopsCol(db).doc(SHOP).get()).data()!;
    // With a cut-off the range's last business day ends on the morning of the 13th: its calendar day is read too.
    const days = daysBetween(DAYS[0]!, '2026-06-13');
    const report = await buildShopDaySummaries(db, shop, days, new Date());
    expect(report).toMatchObject({ summaries: 4, salesRead: 8, invoicesRead: 1 });
    const stored = await db.collection('SaleDaySummary').where('userId', '==', SHOP).get();
    expect(stored.docs.map((d) => d.id).sort()).toEqual(days.map((d) => `${SHOP}_${d}`));
    expect(stored.docs.find((d) => d.id.endsWith(DAYS[2]!))?.get('transactions')).toBe(0); // the day without sales

    await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
    // canWrite false: as the accountant, or a shop without the Statistiche pack.
    const look = await startZReportLook(SHOP, RANGE, { canWrite: false, now: LATER });
    expect(look.live).toBeUndefined(); // not sent back to listening to the whole range
    const checked = await look.checked;
    expect(checked.report).toMatchObject({ salesRead: 0, built: [], rebuilt: [] });

    const bounds = rangeInterval(RANGE);
    const all = await getDocs(query(salesCol(), where('userId', '==', SHOP), where('date', '>=', Timestamp.fromDate(bounds.start)), where('date', '<', Timestamp.fromDate(bounds.end))));
    const expected = [...takingsByDay(all.docs.map((d) => d.data()), RANGE.cutoff)].filter(([day]) => day >= RANGE.from && day <= RANGE.to);
    expect([...look.first.takings].sort()).toEqual(expected.sort());
    expect(look.first.takings.get(DAYS[0]!)).toMatchObject({ count: 4, voided: 1, preconto: 1 }); // 01:00 of the 11th included
  });

  it('a sale voided afterwards is still found by the check, and that day alone is read again', async () => {
    await db.doc(`Sale/${SHOP}-h`).update({ isVoid: true });
    const look = await startZReportLook(SHOP, RANGE, { canWrite: false, now: LATER });
    const { report, takings } = await look.checked;
    expect(report.rebuilt).toEqual([DAYS[1]]);
    expect(takings.get(DAYS[1]!)).toMatchObject({ voided: 1 });
  });

  it('yesterday is the Rome calendar day before, across midnight and daylight saving', () => {
    expect(yesterday(new Date('2026-06-11T10:30:00Z'))).toBe('2026-06-10');
    expect(yesterday(new Date('2026-06-10T22:30:00Z'))).toBe('2026-06-10'); // 00:30 of the 11th in Rome
    expect(yesterday(new Date('2026-03-30T10:30:00Z'))).toBe('2026-03-29');
    expect(daysBetween('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });
});
