/**
 * The nightly day summaries (functions/src/day-summaries.ts) against the emulator, when a shop's day is large: the job
 * reads sales in pages of 500 (query cursors), keeps none of them, and skips a sale stored over 256 KiB with a log
 * line, so a shop that fills its day with oversize drafts (any owner can write drafts of up to 1 MiB, dated any day)
 * neither exhausts the job's memory nor changes anybody's figures; a shop past the day's read budget is given up alone.
 * The figures stay those of one read of the whole day through the app's builder (buildSummary), to the last bit.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAllShopsDaySummaries, buildShopDaySummaries, SUMMARY_LIMITS } from '../../functions/src/day-summaries.ts';
import { saleDaySummariesCol, shopsCol } from '../../functions/src/typed-refs.ts';
import { buildSummary } from '@/data/sale-day-summary-build';
import { summaryId } from '@/data/sale-day-summary-doc';
import { readCheckedSale } from '@/data/sale-doc';
import { normalizeInvoice } from '@/data/invoice-doc';
import { dayStart, romeDay } from '@/domain/statistics/summary-days';

const run = `${Date.now()}`;
const DAY = '2025-11-05';
const NEXT = '2025-11-06';
const BUSY = `int-dspage-busy-${run}`;
const NORMAL = `int-dspage-normal-${run}`;
const BLOATED = `int-dspage-bloated-${run}`;
const GREEDY = `int-dspage-greedy-${run}`;
const SHOPS = [BUSY, NORMAL, BLOATED, GREEDY];
const BUSY_SALES = 1234; // over two pages of 500
const at = (minute: number) => new Date(dayStart(DAY).getTime() + minute * 60_000);
const METHODS = ['contanti', 'Bancomat', 'carta', 'Contanti', 'preconto', 'satispay', 'Fattura'];

let admin: App;
let db: Firestore;

function posSale(shop: string, i: number): Record<string, unknown> {
  return {
    userId: shop,
    // Seven sales share each minute: the page boundaries fall inside a run of equal dates (the cursor is the document).
    date: at(Math.floor(i / 7) + 60),
    price: i % 10 === 0 ? `${String(i % 50)},35` : [0.1, 0.2, 0.3, 1.15, 2.675, 19.99][i % 6]! * (1 + (i % 5)),
    method: METHODS[i % METHODS.length],
    isVoid: i % 23 === 0,
    ...(i % 4 === 0 ? { customerName: `Cliente ${String(i % 9)}` } : {}),
    lines: [{ name: `Prodotto ${String(i % 31)}`, qty: (i % 3) + 1, total: 1.1 * (i % 5), category: i % 2 ? 'Bar' : 'Cucina' }],
  };
}

/** A draft as any owner may write it (method and empty invoiceUUID), dated yesterday, padded to `kib` KiB. */
function draft(shop: string, kib: number): Record<string, unknown> {
  return { userId: shop, date: at(600), price: 10, total: 10, method: 'Fattura', invoiceUUID: '', isVoid: false, deleted: false, invoicePayload: 'x'.repeat(kib * 1024) };
}

/** Small documents in batches of 400, large ones (over 100 KiB) one write each: a batch request carries at most 10 MiB. */
async function write(docs: [string, Record<string, unknown>][]): Promise<void> {
  const large = (data: Record<string, unknown>) => typeof data.invoicePayload === 'string' && data.invoicePayload.length > 100 * 1024;
  const small = docs.filter(([, d]) => !large(d));
  for (let i = 0; i < small.length; i += 400) {
    const batch = db.batch();
    for (const [id, data] of small.slice(i, i + 400)) batch.set(db.doc(`Sale/${id}`), data);
    await batch.commit();
  }
  for (const [id, data] of docs.filter(([, d]) => large(d))) await db.doc(`Sale/${id}`).set(data);
}

/** The summary of the day by one read of all its sales and invoices: what the job built before it read in pages. */
async function oneRead(shop: string, day: string, skip: (id: string) => boolean = () => false) {
  const [from, to] = [dayStart(day), dayStart(NEXT)];
  const sales = await db.collection('Sale').where('userId', '==', shop).where('date', '>=', from).where('date', '<', to).orderBy('date').get();
  const invoices = await db.collection('Invoice').where('userId', '==', shop).where('type', '==', 1).where('createdAt', '>=', from).where('createdAt', '<', to).get();
  const shopDoc = (await shopsCol(db).doc(shop).get()).data()!;
  return { sales: sales.docs.filter((d) => !skip(d.id)).map((d) => readCheckedSale(d.id, d.data())), invoices: invoices.docs.map((d) => normalizeInvoice(d.id, d.data())), shop: shopDoc };
}

const stored = async (shop: string) => (await saleDaySummariesCol(db).doc(summaryId(shop, DAY)).get()).data();

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'day-summaries-paged');
  db = getFirestore(admin);
  for (const shop of SHOPS) await db.doc(`Shop/${shop}`).set({ userId: shop, name: shop, settings: { businessDayCutoff: '02:00' } });
  await write([
    ...Array.from({ length: BUSY_SALES }, (_, i): [string, Record<string, unknown>] => [`${BUSY}-${String(i).padStart(5, '0')}`, posSale(BUSY, i)]),
    ...Array.from({ length: 40 }, (_, i): [string, Record<string, unknown>] => [`${NORMAL}-${String(i)}`, posSale(NORMAL, i)]),
    ...Array.from({ length: 40 }, (_, i): [string, Record<string, unknown>] => [`${BLOATED}-${String(i)}`, posSale(BLOATED, i)]),
    // 1 MiB documents pass through the page one at a time; 300 KiB is already over the limit.
    ...[300, 1000, 1000].map((kib, i): [string, Record<string, unknown>] => [`${BLOATED}-draft-${String(i)}`, draft(BLOATED, kib)]),
    // A legitimate invoice document of some tens of KiB is read as ever.
    [`${BLOATED}-issued`, draft(BLOATED, 60)],
    ...Array.from({ length: 24 }, (_, i): [string, Record<string, unknown>] => [`${GREEDY}-draft-${String(i)}`, draft(GREEDY, 200)]),
  ]);
  await db.doc(`Invoice/${BUSY}-in`).set({ uuid: `${BUSY}-in`, userId: BUSY, type: 1, total: 61.7, payload: '', createdAt: at(300) });
}, 240_000); // a ceiling, not a wait: some 1,300 documents and 8 MiB written to an emulator on a loaded machine

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  if (admin) await deleteApp(admin);
});

describe('the nightly day summaries, read in pages', () => {
  it('a shop with more sales than a page: every sale counted, the figures of one read of the whole day', async () => {
    const shop = (await shopsCol(db).doc(BUSY).get()).data()!;
    const report = await buildShopDaySummaries(db, shop, [DAY], new Date('2025-11-06T11:30:00Z'));
    expect(report).toMatchObject({ shops: 1, summaries: 1, salesRead: BUSY_SALES, invoicesRead: 1, failed: [] });
    const read = await oneRead(BUSY, DAY);
    expect(read.sales).toHaveLength(BUSY_SALES);
    const summary = await stored(BUSY);
    const expected = buildSummary(BUSY, DAY, read.sales, read.invoices, summary!.builtAt, 120);
    expect(summary).toStrictEqual(expected);
    expect(summary!.check.all.n).toBe(BUSY_SALES);
    expect(summary!.tally.costCents).toBe(6170);
  });

  it('oversize drafts are skipped and logged; that shop and the others get their summaries; a shop past the read budget alone fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The scheduled job's own entry point: every shop of the emulator (this file's and any other file's before it).
    // The greedy shop's 24 drafts of 200 KiB (each under the size limit) pass a day's budget lowered to 4 MiB; the
    // bloated shop's 2.3 MiB, skipped drafts included, do not.
    const report = await buildAllShopsDaySummaries(db, [DAY], new Date('2025-11-06T11:30:00Z'), { ...SUMMARY_LIMITS, maxDayBytes: 4 * 1024 * 1024 });
    expect(report).toMatchObject({ salesRead: BUSY_SALES + 40 + 41, salesSkipped: 3, failed: [GREEDY] });
    expect(report.shops).toBe(report.summaries);
    expect(report.shops).toBeGreaterThanOrEqual(3);

    // The log names the shop and the skipped documents with their size.
    const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { shopId: string; skipped: number; limitBytes: number; sales: { id: string; bytes: number }[] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ shopId: BLOATED, skipped: 3, limitBytes: 256 * 1024 });
    expect(lines[0]!.sales.map((s) => s.id).sort()).toEqual([0, 1, 2].map((i) => `${BLOATED}-draft-${String(i)}`));
    for (const s of lines[0]!.sales) expect(s.bytes).toBeGreaterThan(256 * 1024);
    const errors = error.mock.calls.map((args: unknown[]) => args.map(String));
    expect(errors.map(([tag, shop]) => [tag, shop])).toEqual([['daySummaries', GREEDY]]);
    expect(errors[0]?.[2]).toContain('byte di vendite letti');

    // Figures: the normal shop's as one read gives them; the bloated shop's as if the oversize drafts did not exist.
    for (const [shop, skip] of [[BUSY, () => false], [NORMAL, () => false], [BLOATED, (id: string) => id.includes('-draft-')]] as const) {
      const read = await oneRead(shop, DAY, skip);
      const summary = await stored(shop);
      expect(summary, shop).toStrictEqual(buildSummary(shop, DAY, read.sales, read.invoices, summary!.builtAt, 120));
    }
    expect((await stored(BLOATED))!.check.all.n).toBe(41); // 40 POS sales and the 60 KiB invoice document
    expect(await stored(GREEDY)).toBeUndefined();
    expect(romeDay(at(600))).toBe(DAY);
    expect(SUMMARY_LIMITS).toEqual({ pageSize: 500, maxSaleBytes: 256 * 1024, maxDayBytes: 64 * 1024 * 1024 });
  });
});
