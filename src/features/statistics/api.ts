/**
 * The statistics' reads (document 3 §7). A period is split (domain/statistics/summary-days.ts) into
 * closed days, read from their daily summaries (SaleDaySummary, one small document per day), and the rest — today,
 * yesterday before the shop's cut-off, edges that are not Rome midnights — read live: the sales of the shop and its
 * incoming invoices (type 1, costs) of those intervals, downloaded (customers, products and categories come from
 * each sale's lines, which no aggregation can group).
 *
 * The screen shows these figures at once; then the look asks Firestore the check's aggregations over the closed days
 * (count and sum of price of every sale, of the voided ones, of those outside each payment family and of those that
 * are not pre-bills; count of the incoming invoices: eight requests, one query each) and compares them with the checks stored in the summaries; days
 * that disagree (a sale voided or edited afterwards, a late sync) are found by halving, read again, and the figures
 * follow (startStatisticsLook; the look itself, shared with the Z-report, is data/sale-day-summary-look.ts). Missing or stale days are computed from their sales and, when the user may write the
 * shop's summaries (its owner, an admin), stored for the next look. An accountant gets the same figures (the
 * summaries are readable by the shop's readers); what it had to compute is not stored.
 */
import { counted, inInterval, type DownloadedDays } from '@/data/sale-day-summary-build';
import { startSummaryLook, type StatisticsReport } from '@/data/sale-day-summary-look';
import { invoiceCost } from '@/data/invoice-cost';
import { shopCutoffMinutes } from '@/data/sale-day-summary-reads';
import type { Period } from '@/domain/dashboard/period';
import type { DaySummary } from '@/domain/statistics/day-summary';
import { addCosts, addSales, emptyTally, finishStatistics, mergeTally, type SalesStatistics, type StatsTally } from '@/domain/statistics/sales-statistics';
import { planPeriod, type PeriodPlan } from '@/domain/statistics/summary-days';

export type { StatisticsReport } from '@/data/sale-day-summary-look';

export interface StatisticsOptions {
  /** The user may store the shop's summaries (owner or admin). */
  canWrite: boolean;
  now?: Date;
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
  const look = await startSummaryLook(shopId, plan, { canWrite: options.canWrite, cutoff, downloadLive: true });
  const first = figuresOf(plan, look.summaries, look.live);
  const withShop = (report: StatisticsReport) => ({ ...report, shopRead: 1 });
  if (!look.checking) return { first, checking: false, checked: look.checked.then(({ report }) => ({ stats: first, report: withShop(report) })) };
  const checked = look.checked.then(({ summaries, report }) => ({ stats: summaries === look.summaries ? first : figuresOf(plan, summaries, look.live), report: withShop(report) }));
  return { first, checking: true, checked };
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
