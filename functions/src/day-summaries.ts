/**
 * The nightly build of the day summaries (SaleDaySummary, issue 40 §1): every shop's summary of yesterday (Rome
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
import { buildSummary, groupByDay } from '@/data/sale-day-summary-build';
import { summaryId } from '@/data/sale-day-summary-doc';
import type { CheckedSale } from '@/data/sale-doc';
import { businessDayCutoffMinutes, type Shop } from '@/data/shop-doc';
import { dayRuns, dayStart, romeDay } from '@/domain/statistics/summary-days';
import { nextDay } from '@/domain/zreport/business-day';
import { checkedSalesCol, invoicesCol, saleDaySummariesCol, shopsCol } from './typed-refs';

/** Documents per page of a large read (as src/lib/firebase-pages.ts in the browser). */
const PAGE_SIZE = 5000;
/** Summaries per batch: a month's summaries of a busy shop are ~25 KB each, a batch carries at most 10 MB. */
const BATCH_SIZE = 100;
/** Shops built at once. */
const PARALLEL_SHOPS = 4;

async function allPages<T>(q: Query<T>, order: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const base = q.orderBy(order).limit(PAGE_SIZE);
    const { docs } = await (cursor ? base.startAfter(cursor) : base).get();
    for (const d of docs) out.push(d.data());
    if (docs.length < PAGE_SIZE) return out;
    cursor = docs[docs.length - 1];
  }
}

export interface BuildReport {
  shops: number;
  summaries: number;
  salesRead: number;
  invoicesRead: number;
  /** Shops whose days could not be built (logged; the owner's next look builds them). */
  failed: string[];
}

/** Builds and stores the summaries of `days` ('yyyy-MM-dd', Rome calendar days) of one shop. */
export async function buildShopDaySummaries(db: Firestore, shop: Pick<Shop, 'id' | 'settings'>, days: readonly string[], now: Date): Promise<BuildReport> {
  const cutoff = businessDayCutoffMinutes(shop);
  const parts = await Promise.all(
    dayRuns([...days].sort()).map(async ({ interval }) => {
      // Dates, not Timestamps: the admin SDK stores them as timestamps (and a test's second copy of the SDK accepts them).
      const within = <T>(q: Query<T>, field: string) => q.where(field, '>=', interval.start).where(field, '<', interval.end);
      const [sales, invoices] = await Promise.all([
        allPages<CheckedSale>(within(checkedSalesCol(db).where('userId', '==', shop.id), 'date'), 'date'),
        within(invoicesCol(db).where('userId', '==', shop.id).where('type', '==', INVOICE_TYPE.incoming), 'createdAt').get().then((s) => s.docs.map((d) => d.data())),
      ]);
      return { sales, invoices };
    }),
  );
  const read = groupByDay(parts);
  const summaries = days.map((day) => buildSummary(shop.id, day, read.salesByDay.get(day) ?? [], read.invoicesByDay.get(day) ?? [], now, cutoff));
  for (let i = 0; i < summaries.length; i += BATCH_SIZE) {
    const batch = db.batch();
    for (const s of summaries.slice(i, i + BATCH_SIZE)) batch.set(saleDaySummariesCol(db).doc(summaryId(s.shopId, s.day)), s);
    await batch.commit();
  }
  return { shops: 1, summaries: summaries.length, salesRead: read.sales.length, invoicesRead: read.invoices.length, failed: [] };
}

/** The Rome calendar day before `now`'s. */
export function yesterday(now: Date): string {
  return romeDay(new Date(dayStart(romeDay(now)).getTime() - 1));
}

/**
 * Every shop's summaries of `days` (the scheduled job passes yesterday), a few shops at a time. A shop that fails is
 * logged and skipped, not retried with all the others: its days are then built by its owner's next look.
 */
export async function buildAllShopsDaySummaries(db: Firestore, days: readonly string[], now: Date): Promise<BuildReport> {
  const shops = await allPages<Shop>(shopsCol(db), '__name__');
  const total: BuildReport = { shops: 0, summaries: 0, salesRead: 0, invoicesRead: 0, failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < shops.length) {
      const shop = shops[next++];
      if (!shop) continue;
      const r = await buildShopDaySummaries(db, shop, days, now).catch((error: unknown) => {
        console.error('daySummaries', shop.id, error);
        total.failed.push(shop.id);
        return undefined;
      });
      if (!r) continue;
      total.shops += 1;
      total.summaries += r.summaries;
      total.salesRead += r.salesRead;
      total.invoicesRead += r.invoicesRead;
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
