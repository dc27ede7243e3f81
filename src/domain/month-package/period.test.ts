import { describe, expect, it } from 'vitest';
import { choosablePeriod, packageFileName, parsePeriod, periodLabel, periodTag, previousMonth, quarterToMonth } from './period';

// 28 November 2026, local time.
const NOW = new Date(2026, 10, 28, 10, 0);

describe('period of the month package', () => {
  it('defaults to the month before, on the edges of the calendar too (1 January, the 1st at 00:30, 29 February, DST days)', () => {
    const at = (iso: string) => previousMonth(new Date(iso));
    expect(at('2027-01-01T00:30:00+01:00')).toEqual({ kind: 'month', year: 2026, month: 12 });
    expect(at('2026-12-31T23:59:00+01:00')).toEqual({ kind: 'month', year: 2026, month: 11 });
    expect(at('2027-03-01T00:30:00+01:00')).toEqual({ kind: 'month', year: 2027, month: 2 });
    expect(at('2028-02-29T12:00:00+01:00')).toEqual({ kind: 'month', year: 2028, month: 1 });
    expect(at('2027-03-28T03:30:00+02:00')).toEqual({ kind: 'month', year: 2027, month: 2 });
    expect(at('2027-10-31T02:30:00+01:00')).toEqual({ kind: 'month', year: 2027, month: 9 });
    expect(choosablePeriod(at('2027-01-01T00:30:00+01:00'), new Date('2027-01-01T00:30:00+01:00'))).toBe(true);
  });

  it('names the file <P.IVA>_<YYYY-MM> for a month and <P.IVA>_<YYYY>-T<n> for a quarter', () => {
    expect(packageFileName('IT 01234567890', { kind: 'month', year: 2026, month: 6 })).toBe('IT01234567890_2026-06_commercialista.zip');
    expect(packageFileName('01234567890', { kind: 'quarter', year: 2026, quarter: 2 })).toBe('01234567890_2026-T2_commercialista.zip');
    expect(periodLabel({ kind: 'quarter', year: 2026, quarter: 2 })).toBe('2° trimestre 2026');
  });

  it('writes the year with four digits, as the month field holds it while a year is typed', () => {
    expect(periodTag({ kind: 'month', year: 2, month: 6 })).toBe('0002-06');
    expect(parsePeriod('0002-06')).toEqual({ kind: 'month', year: 2, month: 6 });
    expect(parsePeriod(periodTag({ kind: 'quarter', year: 2025, quarter: 4 }))).toEqual({ kind: 'quarter', year: 2025, quarter: 4 });
    expect(parsePeriod('')).toBeUndefined();
  });

  it('offers periods from 2000 to the one in progress, not a year being typed nor the future', () => {
    expect(choosablePeriod(previousMonth(NOW), NOW)).toBe(true);
    expect(choosablePeriod({ kind: 'month', year: 2026, month: 11 }, NOW)).toBe(true);
    expect(choosablePeriod({ kind: 'month', year: 2026, month: 12 }, NOW)).toBe(false);
    expect(choosablePeriod({ kind: 'month', year: 202, month: 6 }, NOW)).toBe(false);
    expect(choosablePeriod({ kind: 'month', year: 2000, month: 1 }, NOW)).toBe(true);
    expect(choosablePeriod({ kind: 'quarter', year: 2026, quarter: 4 }, NOW)).toBe(true);
  });

  it("turns a quarter into its last month, or into today's month when that is still to come", () => {
    expect(quarterToMonth({ kind: 'quarter', year: 2026, quarter: 2 }, NOW)).toEqual({ kind: 'month', year: 2026, month: 6 });
    expect(quarterToMonth({ kind: 'quarter', year: 2026, quarter: 4 }, NOW)).toEqual({ kind: 'month', year: 2026, month: 11 });
    expect(quarterToMonth({ kind: 'quarter', year: 2025, quarter: 4 }, NOW)).toEqual({ kind: 'month', year: 2025, month: 12 });
  });
});
