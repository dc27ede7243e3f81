/**
 * The building of one day's summary from its sales and incoming invoices (issue 25 §2, issue 40 §1), without Firebase
 * imports: the browser's look (sale-day-summary-look.ts) and the nightly Cloud Function (functions/src/day-summaries.ts)
 * build the same document from the same reading.
 */
import type { Invoice } from './invoice-doc';
import { invoiceCost } from './invoice-cost';
import { isInvoiceOfReceipt, SALE_METHOD_SPELLINGS, type CheckedSale } from './sale-doc';
import { checkFilters, checkOf, SUMMARY_VERSION, type DaySummary } from '@/domain/statistics/day-summary';
import { addCosts, addSales, emptyTally } from '@/domain/statistics/sales-statistics';
import { romeDay, type Interval } from '@/domain/statistics/summary-days';
import { takingsByDay } from '@/domain/zreport/reconcile';

/** What each aggregation of the check matches (domain/statistics/day-summary.ts), with the app's spellings. */
export const CHECK_FILTERS = checkFilters(SALE_METHOD_SPELLINGS);

export const counted = (sales: readonly CheckedSale[]) => sales.filter((s) => !isInvoiceOfReceipt(s.sale)).map((s) => s.sale);

export function inInterval(date: Date | undefined, interval: Interval): boolean {
  return date !== undefined && date >= interval.start && date < interval.end;
}

/**
 * The summary of `day` from its stored sales and incoming invoices; the Z-report's takings grouped by business day
 * at `cutoff` (minutes after midnight).
 */
export function buildSummary(shopId: string, day: string, sales: readonly CheckedSale[], invoices: readonly Invoice[], builtAt: Date, cutoff: number): DaySummary {
  const tally = addCosts(addSales(emptyTally(), counted(sales)), invoices.map(invoiceCost));
  const check = checkOf(sales.map((s) => s.stored), invoices.length, CHECK_FILTERS);
  const takings = { cutoff, byDay: takingsByDay(sales.map((s) => s.sale), cutoff) };
  return { shopId, day, version: SUMMARY_VERSION, builtAt, tally, check, takings };
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
