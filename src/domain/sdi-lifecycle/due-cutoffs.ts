/**
 * What is due, as day ranges a count can be asked for: every deadline here grows with the day it counts from (a
 * later operation never has an earlier deadline), so "late" is "counted from before day X" and "due within 3 days"
 * is "from X up to before Y". The screens count documents in those ranges with aggregation queries
 * (src/data/sdi-due.ts) instead of reading every draft and rejection to judge each one.
 */
import { plusCalendarDays, startOfLocalDay } from './calendar-days';
import { daysLeft, immediateDeadline, resendDeadline, type Deadline } from './deadlines';

/** Days left, 0 to this many, make a deadline 'near' (today, tomorrow, the day after…). */
export const NEAR_DAYS = 3;
/** No deadline here is longer than this (12 days moved by a long run of holidays stays far below it). */
const LONGEST_TERM_DAYS = 40;

export interface DueCutoffs {
  /** Counted from before this day: past the deadline. */
  lateBefore: Date;
  /** Counted from lateBefore up to before this day: due today or within NEAR_DAYS. */
  nearBefore: Date;
}

/** The first day, scanning from today backwards, whose deadline leaves more than `minLeft - 1` days (see above). */
function firstDayWithAtLeast(deadlineOf: (day: Date) => Deadline, now: Date, minLeft: number): Date {
  const today = startOfLocalDay(now);
  let day = today;
  for (let back = 0; back <= LONGEST_TERM_DAYS; back++) {
    const candidate = plusCalendarDays(today, -back);
    if (daysLeft(deadlineOf(candidate), now) < minLeft) break;
    day = candidate;
  }
  return day;
}

function cutoffs(deadlineOf: (day: Date) => Deadline, now: Date): DueCutoffs {
  // A day counted from today itself or later is never late nor near for these terms (12 and 5 days ahead).
  return { lateBefore: firstDayWithAtLeast(deadlineOf, now, 0), nearBefore: firstDayWithAtLeast(deadlineOf, now, NEAR_DAYS + 1) };
}

/** Drafts of immediate invoices, by their operation day. */
export const draftCutoffs = (now: Date): DueCutoffs => cutoffs(immediateDeadline, now);
/** Rejected invoices, by the day of their NS. */
export const resendCutoffs = (now: Date): DueCutoffs => cutoffs(resendDeadline, now);

/** The month before `now`'s: its DDTs are invoiced (deferred) by the 15th of this month. */
export function previousMonth(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getFullYear(), now.getMonth() - 1, 1), end: new Date(now.getFullYear(), now.getMonth(), 1) };
}
