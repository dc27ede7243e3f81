/**
 * The nightly build of the day summaries (SaleDaySummary): every shop's summary of yesterday (Rome
 * calendar day), built from its sales and incoming invoices by the app's own builder (src/data/sale-day-summary-build.ts)
 * and stored as the browser would store it. /zreport and /statistics then read summaries from their first visit on any
 * device, instead of the first visit of a shop reading a month of sales. The browser's look still checks every
 * summary against Firestore's aggregations and rebuilds a day changed afterwards (a sale voided or added late), and
 * builds a day the job missed; `scripts/backfill-day-summaries.ts` builds the past with the same function.
 *
 * Runs at 12:30 Rome: a calendar day holds business days up to the latest cut-off (11:59) of the morning after, so by
 * then yesterday is closed for every shop. Every shop gets its summary, a day without sales included (an empty
 * summary: otherwise the look of an accountant, who may not store one, would fall back to reading the whole range).
 */
import type { Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { INVOICE_TYPE } from '@/data/invoice-doc';
import { addSummaryInvoices, addSummarySales, finishSummary, startSummary, type SummaryInProgress } from '@/data/sale-day-summary-build';
import { summaryId } from '@/data/sale-day-summary-doc';
import { businessDayCutoffMinutes, type Shop } from '@/data/shop-doc';
import { dayRuns, dayStart, romeDay } from '@/domain/statistics/summary-days';
import { nextDay } from '@/domain/zreport/business-day';
import { invoicesCol, saleDaySummariesCol, shopsCol, sizedSalesCol } from './typed-refs';

/**
 * How much of one shop the job reads. Sales are written by the shop's own clients (a draft can be any size up to
 * Firestore's 1 MiB, dated any day), so the job never holds a shop's day in memory: it reads pages of `pageSize`
 * documents through query cursors, streamed one document at a time, adds each sale to the day's running figures
 * and keeps none of them. A sale stored over `maxSaleBytes` is skipped and logged: a POS sale is a few KB, an
 * issued invoice with its FatturaPA XML some tens; only an invoice document can be larger (attachments), and those
 * count in no figure but the check, whose mismatch sends the day back to the browser's look, which rebuilds it from
 * the sales themselves. `maxDayBytes` of sales per day read bounds one shop's share of the run (about 20,000
 * POS sales a day): past it the shop is given up and logged (its look builds its days), the others go on.
 */
export interface SummaryLimits {
  pageSize: number;
  maxSaleBytes: number;
  maxDayBytes: number;
}
export const SUMMARY_LIMITS: SummaryLimits = { pageSize: 500, maxSaleBytes: 256 * 1024, maxDayBytes: 64 * 1024 * 1024 };
/** Summaries per batch: a month's summaries of a busy shop are ~25 KB each, a batch carries at most 10 MB. */
const BATCH_SIZE = 100;
/** Shops built at once. */
const PARALLEL_SHOPS = 4;
/** Skipped sales named in a shop's log line (the count is always there). */
const LOGGED_SKIPS = 20;

/**
 * Every document of `q` in `order`, a page of `pageSize` at a time (a cursor after each page's last document, so a
 * failed page is asked again from there, not from the start). Each page is streamed: a document is handed to
 * `visit` as it arrives and dropped after, so a page of large documents is never held whole.
 */
async function eachDocument<T>(q: Query<T>, order: string, pageSize: number, visit: (doc: QueryDocumentSnapshot<T>) => void): Promise<void> {
  let cursor: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const base = q.orderBy(order).limit(pageSize);
    let n = 0;
    // stream() is typed as a plain Node stream; in object mode it yields the query's document snapshots.
    for await (const doc of (cursor ? base.startAfter(cursor) : base).stream() as AsyncIterable<QueryDocumentSnapshot<T>>) {
      visit(doc);
      cursor = doc;
      n += 1;
    }
    if (n < pageSize) return;
  }
}

export interface BuildReport {
  shops: number;
  summaries: number;
  salesRead: number;
  invoicesRead: number;
  /** Sales stored over SummaryLimits.maxSaleBytes, left out of the figures (each shop's logged). */
  salesSkipped: number;
  /** Shops whose days could not be built (logged; the owner's next look builds them). */
  failed: string[];
}

/** Builds and stores the summaries of `days` ('yyyy-MM-dd', Rome calendar days) of one shop. */
export async function buildShopDaySummaries(db: Firestore, shop: Pick<Shop, 'id' | 'settings'>, days: readonly string[], now: Date, limits: SummaryLimits = SUMMARY_LIMITS): Promise<BuildReport> {
  const cutoff = businessDayCutoffMinutes(shop);
  const building = new Map<string, SummaryInProgress>(days.map((day) => [day, startSummary(shop.id, day, cutoff)]));
  const maxBytes = limits.maxDayBytes * days.length;
  const skipped: { id: string; bytes: number }[] = [];
  let bytesRead = 0;
  let salesRead = 0;
  let invoicesRead = 0;
  // One run of consecutive days after the other, sales in date order: each day's figures are added in the order one
  // read of the whole day gives (the check's sums are floating point).
  for (const { interval } of dayRuns([...days].sort())) {
    // Dates, not Timestamps: the admin SDK stores them as timestamps (and a test's second copy of the SDK accepts them).
    const within = <T>(q: Query<T>, field: string) => q.where(field, '>=', interval.start).where(field, '<', interval.end);
    await eachDocument(within(sizedSalesCol(db).where('userId', '==', shop.id), 'date'), 'date', limits.pageSize, (doc) => {
      const { bytes, read } = doc.data();
      bytesRead += bytes;
      if (bytesRead > maxBytes) throw new Error(`daySummaries: oltre ${String(maxBytes)} byte di vendite letti, negozio lasciato alla sua prossima apertura`);
      if (bytes > limits.maxSaleBytes) {
        skipped.push({ id: doc.id, bytes });
        return;
      }
      const checked = read();
      salesRead += 1;
      const day = checked.sale.date && building.get(romeDay(checked.sale.date));
      if (day) addSummarySales(day, [checked]);
    });
    await eachDocument(within(invoicesCol(db).where('userId', '==', shop.id).where('type', '==', INVOICE_TYPE.incoming), 'createdAt'), 'createdAt', limits.pageSize, (doc) => {
      const invoice = doc.data();
      invoicesRead += 1;
      const day = invoice.createdAt && building.get(romeDay(invoice.createdAt));
      if (day) addSummaryInvoices(day, [invoice]);
    });
  }
  if (skipped.length > 0) {
    console.warn(JSON.stringify({ message: 'daySummaries: vendite oltre la dimensione massima, escluse dal riepilogo', shopId: shop.id, days, limitBytes: limits.maxSaleBytes, skipped: skipped.length, sales: skipped.slice(0, LOGGED_SKIPS) }));
  }
  const summaries = days.map((day) => finishSummary(building.get(day) ?? startSummary(shop.id, day, cutoff), now));
  for (let i = 0; i < summaries.length; i += BATCH_SIZE) {
    const batch = db.batch();
    for (const s of summaries.slice(i, i + BATCH_SIZE)) batch.set(saleDaySummariesCol(db).doc(summaryId(s.shopId, s.day)), s);
    await batch.commit();
  }
  return { shops: 1, summaries: summaries.length, salesRead, invoicesRead, salesSkipped: skipped.length, failed: [] };
}

/** The Rome calendar day before `now`'s. */
export function yesterday(now: Date): string {
  return romeDay(new Date(dayStart(romeDay(now)).getTime() - 1));
}

/**
 * Every shop's summaries of `days` (the scheduled job passes yesterday), a few shops at a time. A shop that fails is
 * logged and skipped, not retried with all the others: its days are then built by its owner's next look.
 */
export async function buildAllShopsDaySummaries(db: Firestore, days: readonly string[], now: Date, limits: SummaryLimits = SUMMARY_LIMITS): Promise<BuildReport> {
  // Only what the build needs of each shop is kept (the Shop documents are the owners' to fill).
  const shops: Pick<Shop, 'id' | 'settings'>[] = [];
  await eachDocument(shopsCol(db), '__name__', limits.pageSize, (doc) => {
    const { id, settings } = doc.data();
    shops.push({ id, settings });
  });
  return buildShopsDaySummaries(db, shops, days, now, limits);
}

/** The summaries of `days` of these shops, as buildAllShopsDaySummaries builds them for every shop. */
export async function buildShopsDaySummaries(db: Firestore, shops: readonly Pick<Shop, 'id' | 'settings'>[], days: readonly string[], now: Date, limits: SummaryLimits = SUMMARY_LIMITS): Promise<BuildReport> {
  const total: BuildReport = { shops: 0, summaries: 0, salesRead: 0, invoicesRead: 0, salesSkipped: 0, failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < shops.length) {
      const shop = shops[next++];
      if (!shop) continue;
      const r = await buildShopDaySummaries(db, shop, days, now, limits).catch((error: unknown) => {
        console.error('daySummaries', shop.id, error);
        total.failed.push(shop.id);
        return undefined;
      });
      if (!r) continue;
      total.shops += 1;
      total.summaries += r.summaries;
      total.salesRead += r.salesRead;
      total.invoicesRead += r.invoicesRead;
      total.salesSkipped += r.salesSkipped;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SHOPS }, worker));
  return total;
}

/** The days `from`..`to` ('yyyy-MM-dd', both included), for a backfill. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) out.push(d);
  return out;
}
