import { describe, expect, it } from 'vitest';
import { daysLeft, deadlineText, deferredDeadline, immediateDeadline, resendDeadline, urgencyOf, type Deadline } from './deadlines';

const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('immediateDeadline: operation day + 12, moved to a working day', () => {
  it('crosses the end of a month', () => {
    expect(immediateDeadline(day(2026, 1, 31))).toMatchObject({ kind: 'immediate', due: day(2026, 2, 12), moved: false });
    expect(immediateDeadline(day(2027, 2, 20)).due).toEqual(day(2027, 3, 4));
  });

  it('counts 29 February in a leap year', () => {
    expect(immediateDeadline(day(2028, 2, 20)).due).toEqual(day(2028, 3, 3));
  });

  it('uses the operation’s calendar day, whatever its hour', () => {
    expect(immediateDeadline(day(2026, 1, 31, 23, 30)).due).toEqual(day(2026, 2, 12));
  });

  it('moves from Christmas past Santo Stefano and the weekend', () => {
    expect(immediateDeadline(day(2026, 12, 13))).toMatchObject({ due: day(2026, 12, 28), moved: true });
  });

  it('moves from Easter Monday to Tuesday, across the spring DST change', () => {
    expect(immediateDeadline(day(2026, 3, 25))).toMatchObject({ due: day(2026, 4, 7), moved: true });
  });

  it('moves from 4 October 2027, San Francesco', () => {
    expect(immediateDeadline(day(2027, 9, 22))).toMatchObject({ due: day(2027, 10, 5), moved: true });
  });

  it('is not an hour short across the autumn DST change', () => {
    expect(immediateDeadline(day(2026, 10, 15)).due).toEqual(day(2026, 10, 27));
    expect(immediateDeadline(day(2026, 10, 13))).toMatchObject({ due: day(2026, 10, 26), moved: true });
  });

  it('cites the law', () => {
    expect(immediateDeadline(day(2026, 1, 31)).rule).toBe('entro 12 giorni dall’operazione (art. 21 DPR 633/72)');
  });
});

describe('deferredDeadline: the 15th of the month after the DDT’s, moved to a working day', () => {
  it('keeps a 15th that is a working day', () => {
    expect(deferredDeadline(day(2026, 11, 3))).toMatchObject({ kind: 'deferred', due: day(2026, 12, 15), moved: false });
    expect(deferredDeadline(day(2026, 11, 30)).due).toEqual(day(2026, 12, 15));
  });

  it('moves a Saturday or a Sunday 15th to Monday', () => {
    expect(deferredDeadline(day(2027, 4, 10))).toMatchObject({ due: day(2027, 5, 17), moved: true });
    expect(deferredDeadline(day(2026, 10, 31))).toMatchObject({ due: day(2026, 11, 16), moved: true });
  });

  it('moves Ferragosto to the next day', () => {
    expect(deferredDeadline(day(2028, 7, 31))).toMatchObject({ due: day(2028, 8, 16), moved: true });
  });

  it('a December DDT is invoiced by 15 January of the next year', () => {
    expect(deferredDeadline(day(2026, 12, 31)).due).toEqual(day(2027, 1, 15));
  });

  it('a DDT of 31 January still counts from February, not from a day past the month end', () => {
    expect(deferredDeadline(day(2027, 1, 31)).due).toEqual(day(2027, 2, 15));
  });
});

describe('resendDeadline: NS day + 5, moved to a working day', () => {
  it('keeps a working day', () => {
    expect(resendDeadline(day(2026, 12, 2, 17, 40))).toMatchObject({ kind: 'resend', due: day(2026, 12, 7), moved: false });
  });

  it('moves a Sunday to Monday and a holiday to the next working day', () => {
    expect(resendDeadline(day(2026, 12, 1)).due).toEqual(day(2026, 12, 7));
    expect(resendDeadline(day(2026, 12, 3))).toMatchObject({ due: day(2026, 12, 9), moved: true });
    expect(resendDeadline(day(2026, 12, 21)).due).toEqual(day(2026, 12, 28));
  });
});

const dueOn = (due: Date): Deadline => ({ kind: 'immediate', due, moved: false, rule: '' });

describe('daysLeft', () => {
  const due = dueOn(day(2026, 12, 15));

  it('counts calendar days from now’s local day, at any hour of it', () => {
    expect(daysLeft(due, day(2026, 12, 10, 0, 30))).toBe(5);
    expect(daysLeft(due, day(2026, 12, 10, 23, 59))).toBe(5);
    expect(daysLeft(due, day(2026, 12, 15, 0, 30))).toBe(0);
    expect(daysLeft(due, day(2026, 12, 15, 23, 59))).toBe(0);
    expect(daysLeft(due, day(2026, 12, 16, 0, 30))).toBe(-1);
  });

  it('is not off by one across the DST days', () => {
    expect(daysLeft(dueOn(day(2026, 3, 30)), day(2026, 3, 28, 23, 59))).toBe(2);
    expect(daysLeft(dueOn(day(2026, 3, 30)), day(2026, 3, 29, 0, 30))).toBe(1);
    expect(daysLeft(dueOn(day(2026, 10, 26)), day(2026, 10, 20, 12, 0))).toBe(6);
    expect(daysLeft(dueOn(day(2026, 10, 26)), day(2026, 10, 25, 23, 59))).toBe(1);
    expect(daysLeft(dueOn(day(2026, 10, 24)), day(2026, 10, 26, 0, 30))).toBe(-2);
  });
});

describe('deadlineText', () => {
  const due = dueOn(day(2026, 12, 15));

  it('says today and tomorrow in words', () => {
    expect(deadlineText(due, day(2026, 12, 15, 23, 59))).toBe('Scade oggi');
    expect(deadlineText(due, day(2026, 12, 14, 0, 30))).toBe('Scade domani');
  });

  it('gives the days left and the last day', () => {
    expect(deadlineText(due, day(2026, 12, 10, 9))).toBe('Mancano 5 giorni (entro il 15/12/2026)');
    expect(deadlineText(dueOn(day(2027, 1, 5)), day(2026, 12, 3))).toBe('Mancano 33 giorni (entro il 05/01/2027)');
  });

  it('gives the days of delay and the day it expired', () => {
    expect(deadlineText(dueOn(day(2026, 12, 12)), day(2026, 12, 15, 8))).toBe('In ritardo di 3 giorni (scaduta il 12/12/2026)');
    expect(deadlineText(dueOn(day(2026, 12, 12)), day(2026, 12, 13, 8))).toBe('In ritardo di 1 giorno (scaduta il 12/12/2026)');
  });
});

describe('urgencyOf', () => {
  const due = dueOn(day(2026, 12, 15));

  it('late, today, soon for 1–3 days, then ok', () => {
    expect(urgencyOf(due, day(2026, 12, 16))).toBe('late');
    expect(urgencyOf(due, day(2026, 12, 15, 23, 59))).toBe('today');
    expect(urgencyOf(due, day(2026, 12, 14))).toBe('soon');
    expect(urgencyOf(due, day(2026, 12, 12, 0, 30))).toBe('soon');
    expect(urgencyOf(due, day(2026, 12, 11, 23, 59))).toBe('ok');
  });
});
