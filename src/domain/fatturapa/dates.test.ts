import { describe, expect, it } from 'vitest';
import { addDays, formatItalianDate, isIsoDate, toIsoDate } from './dates';

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('01/02/2026')).toBe(false);
  });
  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-01-28', 7)).toBe('2026-02-04');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2024-02-25', 7)).toBe('2024-03-03');
    expect(addDays('2026-03-27', 7)).toBe('2026-04-03');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
  it('formats for Italians and reads local dates', () => {
    expect(formatItalianDate('2026-03-09')).toBe('09/03/2026');
    expect(formatItalianDate('boh')).toBe('boh');
    expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
