/**
 * The Firestore side of the daily summaries (the logic is in domain/statistics), shared by
 * the statistics and the Z-report:
 * reading a shop's summaries, downloading the sales and incoming invoices of some intervals, asking the check's
 * aggregations, writing summaries (the nightly Cloud Function writes them too: docs/dati.md).
 */
import {
  and, count, getAggregateFromServer, getDoc, getDocs, query, sum, Timestamp, where, writeBatch, type QueryFieldFilterConstraint,
} from 'firebase/firestore';
import { INVOICE_TYPE, invoicesCol, type Invoice } from '@/data/invoice';
import { checkedSalesCol, salesCol, type CheckedSale } from '@/data/sale';
import { CHECK_FILTERS } from '@/data/sale-day-summary-build';
import { saleDaySummariesQuery, saleDaySummaryDoc } from '@/data/sale-day-summary';
import { businessDayCutoffMinutes, shopDoc } from '@/data/shop';
import { type CheckKey, type DayCheck, type DaySummary } from '@/domain/statistics/day-summary';
import { dayEnd, dayStart, type Interval } from '@/domain/statistics/summary-days';
import { cutoffMinutes, DEFAULT_BUSINESS_DAY_CUTOFF } from '@/domain/zreport/business-day';
import { db } from '@/lib/firebase';
import { getDocsInPages } from '@/lib/firebase-pages';
import { readOrFail } from '@/lib/firebase-errors';

function within(field: string, interval: Interval): QueryFieldFilterConstraint[] {
  return [where(field, '>=', Timestamp.fromDate(interval.start)), where(field, '<', Timestamp.fromDate(interval.end))];
}

/**
 * The shop's business-day cut-off in minutes (the default when the shop has none set). One document read. A failed
 * read rejects ('Impossibile leggere il negozio'): figures cut at the default hour would silently move a night's
 * sales to the wrong day.
 */
export async function shopCutoffMinutes(shopId: string): Promise<number> {
  const shop = await readOrFail('il negozio', getDoc(shopDoc(shopId)));
  const stored = shop.data();
  return stored ? businessDayCutoffMinutes(stored) : (cutoffMinutes(DEFAULT_BUSINESS_DAY_CUTOFF) ?? 0);
}

/** The shop's summaries of days `from`..`to`, by day. */
export async function readSummaries(shopId: string, from: string, to: string): Promise<{ byDay: Map<string, DaySummary>; read: number }> {
  const snapshot = await getDocs(saleDaySummariesQuery(shopId, from, to));
  const byDay = new Map<string, DaySummary>();
  for (const d of snapshot.docs) {
    const s = d.data();
    if (s.shopId === shopId) byDay.set(s.day, s);
  }
  return { byDay, read: Math.max(1, snapshot.size) };
}

/**
 * Every sale and every incoming invoice (costs) of an interval: what a summary is built from and what the live part
 * of a period shows. These are downloads by design: customers, products and categories come from each sale's
 * lines, which no aggregation can group — bounded to the days without a valid summary and to today. The sales come
 * in pages by date (lib/firebase-pages.ts): months of a busy bar without summaries are more than one answer can carry.
 */
export async function downloadInterval(shopId: string, interval: Interval): Promise<{ sales: CheckedSale[]; invoices: Invoice[] }> {
  const [sales, invoices] = await Promise.all([
    getDocsInPages(query(checkedSalesCol(), where('userId', '==', shopId), ...within('date', interval)), 'date'),
    getDocs(query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.incoming), ...within('createdAt', interval))),
  ]);
  return { sales, invoices: invoices.docs.map((d) => d.data()) };
}

/** One aggregation of the check over consecutive days: one query each (no `in`, see day-summary.ts). */
async function aggregate(shopId: string, interval: Interval, key: CheckKey): Promise<{ n: number; sum: number }> {
  const filter = CHECK_FILTERS[key];
  if (filter.kind === 'invoices') {
    const q = query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.incoming), ...within('createdAt', interval));
    return { n: (await getAggregateFromServer(q, { n: count() })).data().n, sum: 0 };
  }
  const filters = [where('userId', '==', shopId), ...within('date', interval)];
  if (filter.kind === 'voided') filters.push(where('isVoid', '==', true));
  if (filter.kind === 'notIn') filters.push(where('method', 'not-in', [...filter.values]));
  const answer = (await getAggregateFromServer(query(salesCol(), and(...filters)), { n: count(), sum: sum('price') })).data();
  return { n: answer.n, sum: answer.sum };
}

/** The check's aggregations of `keys` over the consecutive `days`, asked in parallel. */
export async function checkOfDays(shopId: string, days: readonly string[], keys: readonly CheckKey[]): Promise<Partial<DayCheck>> {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return {};
  const interval = { start: dayStart(first), end: dayEnd(last) };
  const answers = await Promise.all(keys.map((k) => aggregate(shopId, interval, k)));
  return Object.fromEntries(keys.map((k, i) => [k, answers[i]]));
}

/** Stores summaries, 100 per batch (a day of a busy shop is tens of KB). Resolves with the number written. */
export async function writeSummaries(summaries: readonly DaySummary[]): Promise<number> {
  for (let i = 0; i < summaries.length; i += 100) {
    const batch = writeBatch(db());
    for (const s of summaries.slice(i, i + 100)) batch.set(saleDaySummaryDoc(s.shopId, s.day), s);
    await batch.commit();
  }
  return summaries.length;
}
