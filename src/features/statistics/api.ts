/**
 * The statistics' reads (document 3 §7; issue 25 §2). A period is split (domain/statistics/summary-days.ts) into
 * closed days, read from their daily summaries (SaleDaySummary, one small document per day), and the rest — today,
 * yesterday before the shop's cut-off, edges that are not Rome midnights — read live: the sales of the shop and its
 * incoming invoices (type 1, costs) of those intervals, downloaded (customers, products and categories come from
 * each sale's lines, which no aggregation can group).
 *
 * Each look also asks Firestore the check's aggregations over the closed days (count and sum of price of every sale,
 * of the voided ones, of those outside each payment family; count of the incoming invoices: seven requests, one
 * query each) and compares them with the checks
 * stored in the summaries; days that disagree (a sale voided or edited afterwards, a late sync) are found by
 * halving and read again. Missing or stale days are computed from their sales and, when the user may write the
 * shop's summaries (its owner, an admin), stored for the next look. An accountant gets the same figures (the
 * summaries are readable by the shop's readers); what it had to compute is not stored.
 */
import { invoiceCost } from './invoice-cost';
import { CHECK_FILTERS, checkOfDays, downloadInterval, readSummaries, shopCutoffMinutes, writeSummaries } from './api-summaries';
import { isInvoiceOfReceipt, type CheckedSale } from '@/data/sale';
import type { Invoice } from '@/data/invoice';
import type { Period } from '@/domain/dashboard/period';
import { checkOf, CHECK_KEYS, findStaleDays, SUMMARY_VERSION, type DayCheck, type DaySummary } from '@/domain/statistics/day-summary';
import {
  addCosts, addSales, emptyTally, finishStatistics, mergeTally, type SalesStatistics, type StatsTally,
} from '@/domain/statistics/sales-statistics';
import { dayRuns, mergeIntervals, planPeriod, romeDay, type Interval } from '@/domain/statistics/summary-days';

export interface StatisticsReport {
  /** Documents read: summaries (an empty answer counts 1), sales and invoices downloaded, the shop (cut-off). */
  summariesRead: number;
  salesRead: number;
  invoicesRead: number;
  shopRead: number;
  /** Aggregation requests (each billed 1 read per 1000 index entries it scans). */
  aggregations: number;
  /** Days whose summary was missing (or of an older version) and was computed in this look. */
  built: string[];
  /** Days whose summary disagreed with Firestore's aggregations and was computed again. */
  rebuilt: string[];
  /** Summaries stored by this look (resolves when written; 0 for a user who may not write them). */
  saved: Promise<number>;
}

export interface StatisticsOptions {
  /** The user may store the shop's summaries (owner or admin). */
  canWrite: boolean;
  now?: Date;
}

const counted = (sales: readonly CheckedSale[]) => sales.filter((s) => !isInvoiceOfReceipt(s.sale)).map((s) => s.sale);

function inInterval(date: Date | undefined, interval: Interval): boolean {
  return date !== undefined && date >= interval.start && date < interval.end;
}

/** The summary of `day` from its stored sales and incoming invoices. */
function buildSummary(shopId: string, day: string, sales: readonly CheckedSale[], invoices: readonly Invoice[], builtAt: Date): DaySummary {
  const tally = addCosts(addSales(emptyTally(), counted(sales)), invoices.map(invoiceCost));
  const check = checkOf(sales.map((s) => s.stored), invoices.length, CHECK_FILTERS);
  return { shopId, day, version: SUMMARY_VERSION, builtAt, tally, check };
}

/** Downloads intervals and groups what they hold by Rome day (sales by `date`, invoices by `createdAt`). */
async function downloadByDay(shopId: string, intervals: readonly Interval[]) {
  const parts = await Promise.all(intervals.map((i) => downloadInterval(shopId, i)));
  const sales = parts.flatMap((p) => p.sales);
  const invoices = parts.flatMap((p) => p.invoices);
  const salesByDay = new Map<string, CheckedSale[]>();
  for (const s of sales) if (s.sale.date) salesByDay.set(romeDay(s.sale.date), [...(salesByDay.get(romeDay(s.sale.date)) ?? []), s]);
  const invoicesByDay = new Map<string, Invoice[]>();
  for (const inv of invoices) if (inv.createdAt) invoicesByDay.set(romeDay(inv.createdAt), [...(invoicesByDay.get(romeDay(inv.createdAt)) ?? []), inv]);
  return { sales, invoices, salesByDay, invoicesByDay };
}

export async function loadStatisticsReport(shopId: string, period: Period, options: StatisticsOptions): Promise<{ stats: SalesStatistics; report: StatisticsReport }> {
  const now = options.now ?? new Date();
  const cutoff = await shopCutoffMinutes(shopId);
  const plan = planPeriod(period, now, cutoff);
  const first = plan.closedDays[0];
  const last = plan.closedDays[plan.closedDays.length - 1];
  const report = { summariesRead: 0, salesRead: 0, invoicesRead: 0, shopRead: 1, aggregations: 0, built: [] as string[], rebuilt: [] as string[] };

  // 1. The stored summaries of the closed days, and (in parallel) the check of the whole closed run.
  const stored = first && last ? await readSummaries(shopId, first, last) : { byDay: new Map<string, DaySummary>(), read: 0 };
  report.summariesRead = stored.read;
  const valid = new Map([...stored.byDay].filter(([, s]) => s.version === SUMMARY_VERSION));
  const missing = plan.closedDays.filter((d) => !valid.has(d));
  const verify = valid.size > 0;
  const wholeCheck = verify ? checkOfDays(shopId, plan.closedDays, CHECK_KEYS) : undefined;
  wholeCheck?.catch(() => undefined);
  if (verify) report.aggregations += CHECK_KEYS.length;

  // 2. Downloads: the days without a valid summary and the live part, joined where they touch (fewer queries).
  const downloads = await downloadByDay(shopId, mergeIntervals([...dayRuns(missing).map((r) => r.interval), ...plan.live]));
  report.salesRead += downloads.sales.length;
  report.invoicesRead += downloads.invoices.length;
  const builtAt = new Date();
  const summaries = new Map(valid);
  const toSave: DaySummary[] = [];
  for (const day of missing) {
    const s = buildSummary(shopId, day, downloads.salesByDay.get(day) ?? [], downloads.invoicesByDay.get(day) ?? [], builtAt);
    summaries.set(day, s);
    toSave.push(s);
  }
  report.built = missing;

  // 3. Days whose stored check disagrees with Firestore: read again and recomputed.
  if (wholeCheck) {
    const checks = new Map<string, DayCheck>([...summaries].map(([d, s]) => [d, s.check]));
    const { stale } = await findStaleDays(plan.closedDays, checks, CHECK_KEYS, (days, keys) => checkOfDays(shopId, days, keys).then((c) => ((report.aggregations += keys.length), c)), await wholeCheck);
    if (stale.length > 0) {
      const again = await downloadByDay(shopId, dayRuns(stale).map((r) => r.interval));
      report.salesRead += again.sales.length;
      report.invoicesRead += again.invoices.length;
      for (const day of stale) {
        const s = buildSummary(shopId, day, again.salesByDay.get(day) ?? [], again.invoicesByDay.get(day) ?? [], builtAt);
        summaries.set(day, s);
        toSave.push(s);
      }
    }
    report.rebuilt = stale;
  }

  // 4. The figures: every closed day's summary plus the live sales and costs.
  const tally: StatsTally = emptyTally();
  for (const day of plan.closedDays) {
    const s = summaries.get(day);
    if (s) mergeTally(tally, s.tally);
  }
  for (const interval of plan.live) {
    addSales(tally, counted(downloads.sales.filter((s) => inInterval(s.sale.date, interval))));
    addCosts(tally, downloads.invoices.filter((i) => inInterval(i.createdAt, interval)).map(invoiceCost));
  }
  const saved = options.canWrite && toSave.length > 0 ? writeSummaries(toSave) : Promise.resolve(0);
  return { stats: finishStatistics(tally), report: { ...report, saved } };
}

export async function loadStatistics(shopId: string, period: Period, options: StatisticsOptions): Promise<SalesStatistics> {
  const { stats, report } = await loadStatisticsReport(shopId, period, options);
  // Storing is for the next look: the figures do not wait for it, and a failed write only costs a recomputation.
  report.saved.catch(() => undefined);
  return stats;
}
