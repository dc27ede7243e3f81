import { describe, expect, it } from 'vitest';
import { END_BEFORE_START, dayInput, lastMonthPeriod, parseDay, resolvePeriod } from './period';

const now = new Date(2026, 10, 23, 15, 30);

describe('resolvePeriod', () => {
  it('today is local midnight to the next midnight', () => {
    expect(resolvePeriod({ mode: 'today' }, now)).toEqual({ period: { start: new Date(2026, 10, 23), end: new Date(2026, 10, 24) } });
  });

  it('a single day covers that whole day', () => {
    expect(resolvePeriod({ mode: 'day', day: '2026-02-28' }, now)).toEqual({ period: { start: new Date(2026, 1, 28), end: new Date(2026, 2, 1) } });
  });

  it('a range includes its end day; the same day twice is one day', () => {
    expect(resolvePeriod({ mode: 'range', start: '2026-11-01', end: '2026-11-15' }, now)).toEqual({ period: { start: new Date(2026, 10, 1), end: new Date(2026, 10, 16) } });
    expect(resolvePeriod({ mode: 'range', start: '2026-11-01', end: '2026-11-01' }, now)).toEqual({ period: { start: new Date(2026, 10, 1), end: new Date(2026, 10, 2) } });
  });

  it('an end before the start gives the spec message', () => {
    expect(resolvePeriod({ mode: 'range', start: '2026-11-15', end: '2026-11-14' }, now)).toEqual({ error: END_BEFORE_START });
    expect(END_BEFORE_START).toBe('La data di fine deve essere successiva a quella di inizio');
  });

  it('missing or impossible dates are refused', () => {
    expect(resolvePeriod({ mode: 'day', day: '' }, now)).toHaveProperty('error');
    expect(resolvePeriod({ mode: 'range', start: '2026-02-30', end: '2026-03-01' }, now)).toHaveProperty('error');
  });
});

describe('day inputs', () => {
  it('round-trips the date input format', () => {
    expect(dayInput(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(parseDay('2026-01-05')).toEqual(new Date(2026, 0, 5));
    expect(parseDay('05/01/2026')).toBeUndefined();
  });
});

describe('last month (Rome wall clock, the process zone of every layer)', () => {
  // Instants written in UTC, so the test pins the Rome day they fall on: 1 Jan 00:30 and 1 Mar 00:30 are still
  // 31 Dec / 28 Feb in UTC; 31 Mar 23:59 is summer time (UTC+2).
  const rome = (iso: string) => new Date(iso);
  it('on 1 January just after midnight: December of the year before', () => {
    const now = rome('2026-12-31T23:30:00Z');
    expect(now.getDate()).toBe(1);
    expect(lastMonthPeriod(now)).toEqual({ start: new Date(2026, 11, 1), end: new Date(2027, 0, 1) });
    expect(lastMonthPeriod(now).start.toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it('on 1 March just after midnight: the whole of February', () => {
    const period = lastMonthPeriod(rome('2026-02-28T23:30:00Z'));
    expect(period).toEqual({ start: new Date(2026, 1, 1), end: new Date(2026, 2, 1) });
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual(['2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z']);
  });

  it('on 31 March at 23:59 (summer time): still February, the month before the calendar one', () => {
    expect(resolvePeriod({ mode: 'last-month' }, rome('2026-03-31T21:59:00Z'))).toEqual({ period: { start: new Date(2026, 1, 1), end: new Date(2026, 2, 1) } });
  });

  it('on the 1st of any month at 00:00: the month that just ended', () => {
    for (let month = 0; month < 12; month += 1) {
      const period = lastMonthPeriod(new Date(2027, month, 1, 0, 0));
      expect(period).toEqual({ start: new Date(2027, month - 1, 1), end: new Date(2027, month, 1) });
    }
  });
});
