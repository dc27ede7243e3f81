import { describe, expect, it } from 'vitest';
import { plusCalendarDays } from './calendar-days';
import { daysLeft, immediateDeadline, resendDeadline, type Deadline } from './deadlines';
import { draftCutoffs, NEAR_DAYS, previousMonth, resendCutoffs, type DueCutoffs } from './due-cutoffs';

/** Every day from 1 Dec 2026 to 31 Dec 2028 (holidays, Easter, DST days and month ends included), at 00:30 and 23:30. */
function everyNow(): Date[] {
  const nows: Date[] = [];
  for (let d = new Date(2026, 11, 1); d < new Date(2029, 0, 1); d = plusCalendarDays(d, 1)) {
    nows.push(new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 30), new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 30));
  }
  return nows;
}

function expectRangesMatch(cut: (now: Date) => DueCutoffs, deadlineOf: (day: Date) => Deadline) {
  for (const now of everyNow()) {
    const { lateBefore, nearBefore } = cut(now);
    for (let back = 0; back <= 30; back++) {
      const day = plusCalendarDays(now, -back);
      const left = daysLeft(deadlineOf(day), now);
      const at = `${now.toISOString()} from ${day.toDateString()}`;
      expect(day < lateBefore, at).toBe(left < 0);
      expect(day >= lateBefore && day < nearBefore, at).toBe(left >= 0 && left <= NEAR_DAYS);
    }
  }
}

describe('the day ranges the dashboard counts in', () => {
  it('a draft counted before lateBefore is exactly one past its 12-day deadline; between the two, one due within 3 days', () => {
    expectRangesMatch(draftCutoffs, immediateDeadline);
  });

  it('the same for a rejected invoice and its 5-day resend window', () => {
    expectRangesMatch(resendCutoffs, resendDeadline);
  });

  it('on 3 December 2026 a draft of 20 November is late (due 2 December), one of 21–22 November is near; 23 November is due on Monday 7 (5 December is a Saturday)', () => {
    const now = new Date(2026, 11, 3, 10);
    expect(draftCutoffs(now)).toEqual({ lateBefore: new Date(2026, 10, 21), nearBefore: new Date(2026, 10, 23) });
  });

  it('the previous month, across the year end', () => {
    expect(previousMonth(new Date(2027, 0, 1, 0, 30))).toEqual({ start: new Date(2026, 11, 1), end: new Date(2027, 0, 1) });
    expect(previousMonth(new Date(2026, 11, 31, 23, 59))).toEqual({ start: new Date(2026, 10, 1), end: new Date(2026, 11, 1) });
  });
});
