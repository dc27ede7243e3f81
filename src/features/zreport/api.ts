/**
 * The cash closings' reads (document 1 §7: ZReport by userId plus createdAt range). The
 * closings of the range are read once per look (one per printer per day). The POS takings beside them come, per
 * business day, from the day summaries that the statistics keep (SaleDaySummary: takings by payment family and the
 * counts, grouped by business day at the shop's cut-off; data/sale-day-summary-look.ts startSummaryLook, with the
 * check that finds a day changed afterwards), and for the days not closed yet — today, and yesterday before the
 * cut-off — from the sales themselves, through a live query that a reload resumes from the persistent cache.
 *
 * Days without a valid summary (never built, of an older version or of another cut-off) are computed from their
 * sales during the look and stored when the user may write the shop's summaries (its owner or an admin, with the
 * Statistiche pack: rules shopHasPack); otherwise (an accountant, a shop without the pack), when a day lacks its
 * summary, the whole range's sales are read through the live query, which a reload resumes from the cache
 * (docs/decisioni.md).
 *
 * Days are business days: the range of days asked for is read from the first day's cut-off to the
 * cut-off after the last day, so a closing at 00:40 is read with the day it closes.
 */
import { getDocs, query, serverTimestamp, Timestamp, updateDoc, where, type Query } from 'firebase/firestore';
import { salesCol, type Sale } from '@/data/sale';
import { startSummaryLook, type StatisticsReport } from '@/data/sale-day-summary-look';
import { shopDoc } from '@/data/shop';
import { zReportsCol } from '@/data/z-report';
import type { Interval } from '@/domain/statistics/summary-days';
import { dayEnd, dayStart, planPeriod } from '@/domain/statistics/summary-days';
import { businessDayStart, nextDay } from '@/domain/zreport/business-day';
import { mergeTakings, reconcileDays, takingsByDay, type DayTakings, type ReconClosing } from '@/domain/zreport/reconcile';
import { confirmedWrite } from '@/lib/firebase-errors';
import { getDocsInPages } from '@/lib/firebase-pages';

export { shopDoc };

export const MAX_RANGE_DAYS = 366;

/** The business days `from`..`to` ('yyyy-MM-dd', both included) of a shop whose day ends `cutoff` minutes after midnight. */
export interface ZRange {
  from: string;
  to: string;
  cutoff: number;
}

/** The instants the range covers: from the first day's cut-off to the cut-off after the last day. */
export function rangeInterval(range: ZRange): Interval {
  return { start: businessDayStart(range.from, range.cutoff), end: businessDayStart(nextDay(range.to), range.cutoff) };
}

/** The part of a range read from day summaries, and the part (at most one interval) read live from the sales. */
export function planRange(range: ZRange, now: Date): { closedDays: string[]; live: Interval | undefined } {
  // The calendar days the range's sales fall on: with a cut-off, the morning after the last day too.
  const lastCalendarDay = range.cutoff > 0 ? nextDay(range.to) : range.to;
  const plan = planPeriod({ start: dayStart(range.from), end: dayEnd(lastCalendarDay) }, now, range.cutoff);
  const bounds = rangeInterval(range);
  const open = plan.live[0];
  const live = open && { start: new Date(Math.max(open.start.getTime(), bounds.start.getTime())), end: new Date(Math.min(open.end.getTime(), bounds.end.getTime())) };
  return { closedDays: plan.closedDays, live: live && live.start < live.end ? live : undefined };
}

/** The live query of the range's open part (sales of today, and of yesterday before the cut-off). */
export function liveSalesQuery(shopId: string, live: Interval): Query<Sale> {
  return query(salesCol(), where('userId', '==', shopId), where('date', '>=', Timestamp.fromDate(live.start)), where('date', '<', Timestamp.fromDate(live.end)));
}

/** Only the range's days: a summary of the first calendar day also holds the business day before it. */
function withinRange(takings: ReadonlyMap<string, DayTakings>, range: ZRange): Map<string, DayTakings> {
  return new Map([...takings].filter(([day]) => day >= range.from && day <= range.to));
}

export interface ClosedPart {
  /** POS takings by business day of the closed part of the range (from summaries, or computed from the sales). */
  takings: Map<string, DayTakings>;
  closings: ReconClosing[];
}

export interface ZReportLook {
  /** From the stored summaries as they are: shown at once. Final unless `checking`. */
  first: ClosedPart;
  checking: boolean;
  /** After the check's aggregations (equal to `first` unless a stored day changed afterwards), with what was read. */
  checked: Promise<ClosedPart & { report: StatisticsReport }>;
  /** The open part, listened to live (liveSalesQuery), or undefined when the whole range is closed. */
  live: Interval | undefined;
}

/** One look at the closed part of a range: the closings and the takings from the day summaries (see the module comment). */
export async function startZReportLook(shopId: string, range: ZRange, options: { canWrite: boolean; now?: Date }): Promise<ZReportLook> {
  const now = options.now ?? new Date();
  const { closedDays, live } = planRange(range, now);
  const bounds = rangeInterval(range);
  const closingsRead = getDocs(query(zReportsCol(), where('userId', '==', shopId), where('createdAt', '>=', Timestamp.fromDate(bounds.start)), where('createdAt', '<', Timestamp.fromDate(bounds.end))));
  closingsRead.catch(() => undefined);
  const look = await startSummaryLook(shopId, { closedDays, live: [] }, { canWrite: options.canWrite, cutoff: range.cutoff, downloadLive: false, stopWhenIncomplete: true });
  const closings = (await closingsRead).docs.map((d) => d.data());
  const takingsOf = (summaries: ReadonlyMap<string, { takings: { byDay: ReadonlyMap<string, DayTakings> } }>) => {
    const all = new Map<string, DayTakings>();
    for (const day of closedDays) {
      const s = summaries.get(day);
      if (s) mergeTakings(all, s.takings.byDay);
    }
    return withinRange(all, range);
  };
  const first = { takings: takingsOf(look.summaries), closings };
  const checked = look.checked.then(({ summaries, report }) => ({ takings: summaries === look.summaries ? first.takings : takingsOf(summaries), closings, report }));
  // Summaries missing that this user may not store (an accountant, a shop without the Statistiche pack): the whole
  // range is listened to, as today's sales are, so that a reload resumes it from the cache.
  if (look.incomplete) return { first, checking: false, checked, live: { start: bounds.start, end: live?.end ?? bounds.end } };
  return { first, checking: look.checking, checked, live };
}

/** The open part's takings by business day, from its sales (the live query's answer). */
export function openTakings(sales: readonly Sale[], range: ZRange): Map<string, DayTakings> {
  return withinRange(takingsByDay(sales, range.cutoff), range);
}

/**
 * The reconciliation as it was computed before the summaries (every sale of the range downloaded): what the e2e and
 * the benchmark compare the summaries' path with.
 */
export async function loadReconciliationFromSales(shopId: string, range: ZRange, today: string) {
  const bounds = rangeInterval(range);
  const [sales, closings] = await Promise.all([
    getDocsInPages(query(salesCol(), where('userId', '==', shopId), where('date', '>=', Timestamp.fromDate(bounds.start)), where('date', '<', Timestamp.fromDate(bounds.end))), 'date'),
    getDocs(query(zReportsCol(), where('userId', '==', shopId), where('createdAt', '>=', Timestamp.fromDate(bounds.start)), where('createdAt', '<', Timestamp.fromDate(bounds.end)))),
  ]);
  return reconcileDays(sales, closings.docs.map((d) => d.data()), today, range.cutoff);
}

/** The owner's cut-off of the business day (a valid 'HH:MM' from 00:00 to 11:59, see domain/zreport/business-day). */
export async function saveBusinessDayCutoff(shopId: string, cutoff: string): Promise<void> {
  await confirmedWrite(updateDoc(shopDoc(shopId), { 'settings.businessDayCutoff': cutoff, updatedAt: serverTimestamp() }));
}
