/**
 * The statistics' reads (document 3 §7; issue 25 §2). A period is split (domain/statistics/summary-days.ts) into
 * closed days, read from their daily summaries (SaleDaySummary, one small document per day), and the rest — today,
 * yesterday before the shop's cut-off, edges that are not Rome midnights — read live: the sales of the shop and its
 * incoming invoices (type 1, costs) of those intervals, downloaded (customers, products and categories come from
 * each sale's lines, which no aggregation can group).
 *
 * The screen shows these figures at once; then the look asks Firestore the check's aggregations over the closed days
 * (count and sum of price of every sale, of the voided ones, of those outside each payment family; count of the
 * incoming invoices: seven requests, one query each) and compares them with the checks stored in the summaries; days
 * that disagree (a sale voided or edited afterwards, a late sync) are found by halving, read again, and the figures
 * follow (startStatisticsLook). Missing or stale days are computed from their sales and, when the user may write the
 * shop's summaries (its owner, an admin), stored for the next look. An accountant gets the same figures (the
 * summaries are readable by the shop's readers); what it had to compute is not stored.
 */
import { invoiceCost } from './invoice-cost';
import { CHECK_FILTERS, checkOfDays, downloadInterval, readSummaries, shopCutoffMinutes, writeSummaries } from './api-summaries';
import { isInvoiceOfReceipt, type CheckedSale } from '@/data/sale';
import type { Invoice } from '@/data/invoice';
import type { Period } from '@/domain/dashboard/period';
import { checkOf, CHECK_KEYS, findStaleDays, SUMMARY_VERSION, type CheckKey, type DayCheck, type DaySummary } from '@/domain/statistics/day-summary';
import {
  addCosts, addSales, emptyTally, finishStatistics, mergeTally, type SalesStatistics, type StatsTally,
} from '@/domain/statistics/sales-statistics';
import { dayRuns, planPeriod, romeDay, type Interval, type PeriodPlan } from '@/domain/statistics/summary-days';

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
  /** Milliseconds spent reading the summaries, downloading (missing days and the live part), and checking. */
  ms: { summaries: number; downloads: number; check: number };
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

interface DownloadedDays {
  sales: CheckedSale[];
  invoices: Invoice[];
  salesByDay: Map<string, CheckedSale[]>;
  invoicesByDay: Map<string, Invoice[]>;
}

/** Downloads intervals and groups what they hold by Rome day (sales by `date`, invoices by `createdAt`). */
async function downloadByDay(shopId: string, intervals: readonly Interval[]): Promise<DownloadedDays> {
  return groupByDay(await Promise.all(intervals.map((i) => downloadInterval(shopId, i))));
}

function groupByDay(parts: readonly { sales: CheckedSale[]; invoices: Invoice[] }[]): DownloadedDays {
  const sales = parts.flatMap((p) => p.sales);
  const invoices = parts.flatMap((p) => p.invoices);
  const salesByDay = new Map<string, CheckedSale[]>();
  for (const s of sales) if (s.sale.date) salesByDay.set(romeDay(s.sale.date), [...(salesByDay.get(romeDay(s.sale.date)) ?? []), s]);
  const invoicesByDay = new Map<string, Invoice[]>();
  for (const inv of invoices) if (inv.createdAt) invoicesByDay.set(romeDay(inv.createdAt), [...(invoicesByDay.get(romeDay(inv.createdAt)) ?? []), inv]);
  return { sales, invoices, salesByDay, invoicesByDay };
}

/** The figures of a period: every closed day's summary plus the live sales and costs. */
function figuresOf(plan: PeriodPlan, summaries: ReadonlyMap<string, DaySummary>, live: DownloadedDays): SalesStatistics {
  const tally: StatsTally = emptyTally();
  for (const day of plan.closedDays) {
    const s = summaries.get(day);
    if (s) mergeTally(tally, s.tally);
  }
  for (const interval of plan.live) {
    addSales(tally, counted(live.sales.filter((s) => inInterval(s.sale.date, interval))));
    addCosts(tally, live.invoices.filter((i) => inInterval(i.createdAt, interval)).map(invoiceCost));
  }
  return finishStatistics(tally);
}

export interface StatisticsLook {
  /**
   * The figures from the stored summaries as they are, the days computed now and the live part: shown at once. They
   * are final unless `checking`.
   */
  first: SalesStatistics;
  /** The stored summaries are being compared with Firestore's aggregations; `checked` may still change the figures. */
  checking: boolean;
  /** The figures after the check (equal to `first` unless a stored day was stale) and the look's report. */
  checked: Promise<{ stats: SalesStatistics; report: StatisticsReport }>;
}

/**
 * One look at a period's statistics in two steps. The first figures need the summaries and today's sales only; the
 * check's aggregations scan the period's sales (on the emulator every aggregation scans the whole collection: ~0.7 s
 * each at 100,000 sales), so they are asked after those figures and change them only when a past day changed.
 */
export async function startStatisticsLook(shopId: string, period: Period, options: StatisticsOptions): Promise<StatisticsLook> {
  const now = options.now ?? new Date();
  const cutoff = await shopCutoffMinutes(shopId);
  const plan = planPeriod(period, now, cutoff);
  const first = plan.closedDays[0];
  const last = plan.closedDays[plan.closedDays.length - 1];
  const report = { summariesRead: 0, salesRead: 0, invoicesRead: 0, shopRead: 1, aggregations: 0, built: [] as string[], rebuilt: [] as string[], ms: { summaries: 0, downloads: 0, check: 0 } };
  let since = performance.now();
  const lap = () => {
    const ms = performance.now() - since;
    since = performance.now();
    return Math.round(ms);
  };

  // 1. The stored summaries of the closed days; the live part is downloaded meanwhile (it needs nothing from them).
  const live = Promise.all(plan.live.map((i) => downloadInterval(shopId, i)));
  live.catch(() => undefined);
  const stored = first && last ? await readSummaries(shopId, first, last) : { byDay: new Map<string, DaySummary>(), read: 0 };
  report.summariesRead = stored.read;
  report.ms.summaries = lap();
  const valid = new Map([...stored.byDay].filter(([, s]) => s.version === SUMMARY_VERSION));
  const missing = plan.closedDays.filter((d) => !valid.has(d));

  // 2. The days without a valid summary, and the live part.
  const [missingParts, liveParts] = await Promise.all([Promise.all(dayRuns(missing).map((r) => downloadInterval(shopId, r.interval))), live]);
  const downloads = groupByDay([...missingParts, ...liveParts]);
  report.salesRead += downloads.sales.length;
  report.invoicesRead += downloads.invoices.length;
  report.ms.downloads = lap();
  const builtAt = new Date();
  const summaries = new Map(valid);
  const built: DaySummary[] = [];
  for (const day of missing) {
    const s = buildSummary(shopId, day, downloads.salesByDay.get(day) ?? [], downloads.invoicesByDay.get(day) ?? [], builtAt);
    summaries.set(day, s);
    built.push(s);
  }
  report.built = missing;
  // Stored for the next look now: a day computed from its sales is right whatever the check finds about the others.
  const savedBuilt = options.canWrite && built.length > 0 ? writeSummaries(built) : Promise.resolve(0);
  savedBuilt.catch(() => undefined);
  const firstFigures = figuresOf(plan, summaries, downloads);
  if (valid.size === 0) return { first: firstFigures, checking: false, checked: Promise.resolve({ stats: firstFigures, report: { ...report, saved: savedBuilt } }) };

  // 3. The check of the whole closed run, asked only now: sent beside the reads above, its scans delayed them (on a
  // busy emulator the first figures came with the checked ones). Days whose stored check disagrees with Firestore
  // are read again and recomputed.
  const ask = (days: readonly string[], keys: readonly CheckKey[]) => checkOfDays(shopId, days, keys).then((c) => ((report.aggregations += keys.length), c));
  const check = async () => {
    const checks = new Map<string, DayCheck>([...summaries].map(([d, s]) => [d, s.check]));
    const { stale } = await findStaleDays(plan.closedDays, checks, CHECK_KEYS, ask);
    report.rebuilt = stale;
    report.ms.check = lap();
    if (stale.length === 0) return { stats: firstFigures, report: { ...report, saved: savedBuilt } };
    const again = await downloadByDay(shopId, dayRuns(stale).map((r) => r.interval));
    report.salesRead += again.sales.length;
    report.invoicesRead += again.invoices.length;
    const rebuilt = stale.map((day) => buildSummary(shopId, day, again.salesByDay.get(day) ?? [], again.invoicesByDay.get(day) ?? [], builtAt));
    for (const s of rebuilt) summaries.set(s.day, s);
    const savedRebuilt = options.canWrite ? writeSummaries(rebuilt) : Promise.resolve(0);
    const saved = Promise.all([savedBuilt, savedRebuilt]).then(([a, b]) => a + b);
    return { stats: figuresOf(plan, summaries, downloads), report: { ...report, saved } };
  };
  return { first: firstFigures, checking: true, checked: check() };
}

/** A whole look, checked: the figures a CSV export or a comparison must use, with what the look read. */
export async function loadStatisticsReport(shopId: string, period: Period, options: StatisticsOptions): Promise<{ stats: SalesStatistics; report: StatisticsReport }> {
  return (await startStatisticsLook(shopId, period, options)).checked;
}

/**
 * The statistics screen's load: `early` gets the first figures when a check follows them; the promise resolves with
 * the checked figures.
 */
export async function loadStatistics(shopId: string, period: Period, options: StatisticsOptions, early?: (stats: SalesStatistics) => void): Promise<SalesStatistics> {
  const look = await startStatisticsLook(shopId, period, options);
  if (look.checking) early?.(look.first);
  const { stats, report } = await look.checked;
  // Storing is for the next look: the figures do not wait for it, and a failed write only costs a recomputation.
  report.saved.catch(() => undefined);
  return stats;
}
