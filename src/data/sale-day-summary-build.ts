/**
 * The building of one day's summary from its sales and incoming invoices, without Firebase
 * imports: the browser's look (sale-day-summary-look.ts) and the nightly Cloud Function (functions/src/day-summaries.ts)
 * build the same document from the same reading.
 */
import type { Invoice } from './invoice-doc';
import { invoiceCost } from './invoice-cost';
import { isInvoiceOfReceipt, SALE_METHOD_SPELLINGS, type CheckedSale } from './sale-doc';
import { addToCheck, checkFilters, emptyCheck, SUMMARY_VERSION, type DayCheck, type DaySummary } from '@/domain/statistics/day-summary';
import { addCosts, addSales, emptyTally, type StatsTally } from '@/domain/statistics/sales-statistics';
import { romeDay, type Interval } from '@/domain/statistics/summary-days';
import { mergeTakings, takingsByDay, type DayTakings } from '@/domain/zreport/reconcile';

/** What each aggregation of the check matches (domain/statistics/day-summary.ts), with the app's spellings. */
export const CHECK_FILTERS = checkFilters(SALE_METHOD_SPELLINGS);

export const counted = (sales: readonly CheckedSale[]) => sales.filter((s) => !isInvoiceOfReceipt(s.sale)).map((s) => s.sale);

export function inInterval(date: Date | undefined, interval: Interval): boolean {
  return date !== undefined && date >= interval.start && date < interval.end;
}

/**
 * One day's summary while its sales and invoices are being read, a page at a time (the nightly job keeps no sale once
 * added). Every figure is a running sum that ends where one pass over the whole day ends, in the same order.
 */
export interface SummaryInProgress {
  shopId: string;
  day: string;
  cutoff: number;
  tally: StatsTally;
  check: DayCheck;
  byDay: Map<string, DayTakings>;
  invoices: number;
}

export function startSummary(shopId: string, day: string, cutoff: number): SummaryInProgress {
  return { shopId, day, cutoff, tally: emptyTally(), check: emptyCheck(), byDay: new Map(), invoices: 0 };
}

/** Adds the next stored sales of the day (in the order read) to `b`, which it returns. */
export function addSummarySales(b: SummaryInProgress, sales: readonly CheckedSale[]): SummaryInProgress {
  addSales(b.tally, counted(sales));
  addToCheck(b.check, sales.map((s) => s.stored), CHECK_FILTERS);
  mergeTakings(b.byDay, takingsByDay(sales.map((s) => s.sale), b.cutoff));
  return b;
}

/** Adds incoming invoices of the day (their costs; the check counts them) to `b`, which it returns. */
export function addSummaryInvoices(b: SummaryInProgress, invoices: readonly Invoice[]): SummaryInProgress {
  addCosts(b.tally, invoices.map(invoiceCost));
  b.invoices += invoices.length;
  return b;
}

export function finishSummary(b: SummaryInProgress, builtAt: Date): DaySummary {
  const check = { ...b.check, invoices: { ...b.check.invoices, n: b.invoices } };
  return { shopId: b.shopId, day: b.day, version: SUMMARY_VERSION, builtAt, tally: b.tally, check, takings: { cutoff: b.cutoff, byDay: b.byDay } };
}

/**
 * The summary of `day` from its stored sales and incoming invoices; the Z-report's takings grouped by business day
 * at `cutoff` (minutes after midnight).
 */
export function buildSummary(shopId: string, day: string, sales: readonly CheckedSale[], invoices: readonly Invoice[], builtAt: Date, cutoff: number): DaySummary {
  return finishSummary(addSummaryInvoices(addSummarySales(startSummary(shopId, day, cutoff), sales), invoices), builtAt);
}

export interface DownloadedDays {
  sales: CheckedSale[];
  invoices: Invoice[];
  salesByDay: Map<string, CheckedSale[]>;
  invoicesByDay: Map<string, Invoice[]>;
}

export function groupByDay(parts: readonly { sales: CheckedSale[]; invoices: Invoice[] }[]): DownloadedDays {
  const sales = parts.flatMap((p) => p.sales);
  const invoices = parts.flatMap((p) => p.invoices);
  const salesByDay = new Map<string, CheckedSale[]>();
  for (const s of sales) if (s.sale.date) salesByDay.set(romeDay(s.sale.date), [...(salesByDay.get(romeDay(s.sale.date)) ?? []), s]);
  const invoicesByDay = new Map<string, Invoice[]>();
  for (const inv of invoices) if (inv.createdAt) invoicesByDay.set(romeDay(inv.createdAt), [...(invoicesByDay.get(romeDay(inv.createdAt)) ?? []), inv]);
  return { sales, invoices, salesByDay, invoicesByDay };
}
