import { describe, expect, it } from 'vitest';
import { easterSunday, isItalianPublicHoliday, isWorkingDay, nextWorkingDayOnOrAfter } from './holidays';

const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('easterSunday', () => {
  it('follows the Gregorian computus', () => {
    expect(easterSunday(2026)).toEqual(day(2026, 4, 5));
    expect(easterSunday(2027)).toEqual(day(2027, 3, 28));
    expect(easterSunday(2028)).toEqual(day(2028, 4, 16));
    expect(easterSunday(2019)).toEqual(day(2019, 4, 21));
    expect(easterSunday(2038)).toEqual(day(2038, 4, 25));
  });
});

describe('isItalianPublicHoliday', () => {
  it('knows every fixed national holiday', () => {
    const fixed = [[1, 1], [1, 6], [4, 25], [5, 1], [6, 2], [8, 15], [11, 1], [12, 8], [12, 25], [12, 26]] as const;
    for (const [m, d] of fixed) expect(isItalianPublicHoliday(day(2027, m, d)), `${d}/${m}`).toBe(true);
  });

  it('knows Easter Sunday and Easter Monday, which move every year', () => {
    expect(isItalianPublicHoliday(day(2026, 4, 5))).toBe(true);
    expect(isItalianPublicHoliday(day(2026, 4, 6))).toBe(true);
    expect(isItalianPublicHoliday(day(2027, 3, 29))).toBe(true);
    expect(isItalianPublicHoliday(day(2026, 3, 30))).toBe(false);
    expect(isItalianPublicHoliday(day(2027, 4, 6))).toBe(false);
  });

  it('counts 4 October (San Francesco) from 2026 only', () => {
    expect(isItalianPublicHoliday(day(2026, 10, 4))).toBe(true);
    expect(isItalianPublicHoliday(day(2027, 10, 4))).toBe(true);
    expect(isItalianPublicHoliday(day(2025, 10, 4))).toBe(false);
    expect(isWorkingDay(day(2024, 10, 4))).toBe(true);
  });

  it('reads the local calendar day, at any hour of it', () => {
    expect(isItalianPublicHoliday(day(2026, 12, 25, 0, 0))).toBe(true);
    expect(isItalianPublicHoliday(day(2026, 12, 25, 23, 59))).toBe(true);
    expect(isItalianPublicHoliday(day(2026, 12, 24, 23, 59))).toBe(false);
  });

  it('ordinary days are not holidays', () => {
    expect(isItalianPublicHoliday(day(2026, 12, 3))).toBe(false);
    expect(isItalianPublicHoliday(day(2026, 8, 14))).toBe(false);
  });
});

describe('isWorkingDay', () => {
  it('is neither a weekend day nor a holiday', () => {
    expect(isWorkingDay(day(2026, 12, 4))).toBe(true); // Friday
    expect(isWorkingDay(day(2026, 12, 5))).toBe(false); // Saturday
    expect(isWorkingDay(day(2026, 12, 6))).toBe(false); // Sunday
    expect(isWorkingDay(day(2026, 12, 8))).toBe(false); // Tuesday, Immacolata
  });
});

describe('nextWorkingDayOnOrAfter', () => {
  it('keeps a working day, as local midnight', () => {
    expect(nextWorkingDayOnOrAfter(day(2026, 12, 15, 18, 30))).toEqual(day(2026, 12, 15));
  });

  it('skips Christmas, Santo Stefano and the weekend together', () => {
    expect(nextWorkingDayOnOrAfter(day(2026, 12, 25))).toEqual(day(2026, 12, 28));
  });

  it('skips Easter Sunday and Monday', () => {
    expect(nextWorkingDayOnOrAfter(day(2027, 3, 28))).toEqual(day(2027, 3, 30));
  });

  it('skips New Year into the next year', () => {
    expect(nextWorkingDayOnOrAfter(day(2027, 12, 31, 12))).toEqual(day(2027, 12, 31));
    expect(nextWorkingDayOnOrAfter(day(2028, 1, 1))).toEqual(day(2028, 1, 3));
  });
});
