/**
 * Which part of a statistics period comes from daily summaries and which from the sales themselves.
 * Summaries are per Rome calendar day (the shops are in Italy), like the screen's periods. A day is *closed* — its
 * summary may be stored — only once its business day is over: after the shop's cut-off hour of the next morning
 * (business-day.ts), since a bar still selling after midnight may sync sales of the evening before until then.
 * Today, and yesterday before the cut-off, are read live. A period edge that is not a Rome midnight (a browser in
 * another time zone) is read live too.
 */
import { businessDay, businessDayStart, nextDay } from '../zreport/business-day';

export interface Interval {
  start: Date;
  end: Date;
}

export interface PeriodPlan {
  /** Consecutive closed days wholly inside the period ('yyyy-MM-dd', ascending). */
  closedDays: string[];
  /** What is read live: at most one interval before the closed days and one after. */
  live: Interval[];
}

/** Rome's calendar day of an instant. */
export const romeDay = (date: Date) => businessDay(date, 0);
/** The first instant of a Rome calendar day. */
export const dayStart = (day: string) => businessDayStart(day, 0);
export const dayEnd = (day: string) => businessDayStart(nextDay(day), 0);

/** True when `day`'s business day ended before `now` (cut-off in minutes after midnight). */
export function isClosedDay(day: string, now: Date, cutoffMinutes: number): boolean {
  return now.getTime() >= businessDayStart(nextDay(day), cutoffMinutes).getTime();
}

export function planPeriod(period: Interval, now: Date, cutoffMinutes: number): PeriodPlan {
  const closedDays: string[] = [];
  let day = romeDay(period.start);
  if (dayStart(day).getTime() < period.start.getTime()) day = nextDay(day);
  while (dayEnd(day).getTime() <= period.end.getTime() && isClosedDay(day, now, cutoffMinutes)) {
    closedDays.push(day);
    day = nextDay(day);
  }
  const first = closedDays[0];
  const last = closedDays[closedDays.length - 1];
  if (first === undefined || last === undefined) return { closedDays, live: [period] };
  const live: Interval[] = [];
  const from = dayStart(first);
  const to = dayEnd(last);
  if (period.start < from) live.push({ start: period.start, end: from });
  if (to < period.end) live.push({ start: to, end: period.end });
  return { closedDays, live };
}

/** Runs of consecutive days, each as its interval (one query per run). `days` ascending. */
export function dayRuns(days: readonly string[]): { days: string[]; interval: Interval }[] {
  const runs: { days: string[]; interval: Interval }[] = [];
  for (const day of days) {
    const run = runs[runs.length - 1];
    const lastDay = run?.days[run.days.length - 1];
    if (run && lastDay !== undefined && nextDay(lastDay) === day) {
      run.days.push(day);
      run.interval.end = dayEnd(day);
    } else {
      runs.push({ days: [day], interval: { start: dayStart(day), end: dayEnd(day) } });
    }
  }
  return runs;
}
