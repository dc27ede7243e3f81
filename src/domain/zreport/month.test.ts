import { describe, expect, it } from 'vitest';
import { businessDay } from './business-day';
import { businessMonth, monthRange } from './month';

const at = (iso: string, cutoff: number) => businessMonth(businessDay(new Date(iso), cutoff));

describe('the month the closings open on', () => {
  it('is the business day’s month: at 00:30 and 01:59 on the 1st with a 02:00 cut-off, the previous month whole', () => {
    expect(at('2027-03-01T00:30:00+01:00', 120)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(at('2027-03-01T01:59:00+01:00', 120)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(at('2027-03-01T02:00:00+01:00', 120)).toEqual({ from: '2027-03-01', to: '2027-03-01' });
  });

  it('is the calendar month with plain midnight days, up to today', () => {
    expect(at('2027-03-01T00:30:00+01:00', 0)).toEqual({ from: '2027-03-01', to: '2027-03-01' });
    expect(at('2027-04-30T23:59:00+02:00', 0)).toEqual({ from: '2027-04-01', to: '2027-04-30' });
    expect(at('2027-01-01T10:00:00+01:00', 300)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(at('2027-01-01T04:59:00+01:00', 300)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('holds 29 February in a leap year and the DST days', () => {
    expect(at('2028-02-29T12:00:00+01:00', 120)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(at('2027-03-28T03:30:00+02:00', 120)).toEqual({ from: '2027-03-01', to: '2027-03-28' });
    expect(at('2027-03-28T01:59:00+01:00', 120)).toEqual({ from: '2027-03-01', to: '2027-03-27' });
    expect(at('2027-10-31T02:30:00+01:00', 120)).toEqual({ from: '2027-10-01', to: '2027-10-31' });
    expect(at('2027-10-31T01:30:00+02:00', 120)).toEqual({ from: '2027-10-01', to: '2027-10-30' });
  });

  it('a past month chosen is whole; the current one stops at today', () => {
    expect(monthRange(2028, 1, '2028-03-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange(2027, 11, '2027-12-05')).toEqual({ from: '2027-12-01', to: '2027-12-05' });
  });

  it('refuses a day that is not one', () => {
    expect(() => businessMonth('2027-02-30')).toThrow();
  });
});
