import { describe, expect, it } from 'vitest';
import {
  businessDay,
  businessDayStart,
  cutoffMinutes,
  cutoffText,
  DEFAULT_BUSINESS_DAY_CUTOFF,
  nextDay,
  normalizeCutoff,
} from './business-day';

const FIVE = 5 * 60;
const utc = (iso: string) => new Date(`${iso}Z`);

describe('cut-off', () => {
  it('accepts HH:MM from 00:00 to 11:59 only', () => {
    expect(cutoffMinutes('00:00')).toBe(0);
    expect(cutoffMinutes('05:00')).toBe(300);
    expect(cutoffMinutes('11:59')).toBe(719);
    for (const bad of ['12:00', '23:30', '5:00', '05:60', '0500', '', ' ', 'ab:cd', null, 5, undefined]) expect(cutoffMinutes(bad)).toBeUndefined();
  });

  it('normalizes the stored value, and anything unreadable reads as the default', () => {
    expect(DEFAULT_BUSINESS_DAY_CUTOFF).toBe('05:00');
    expect(normalizeCutoff('03:30')).toBe('03:30');
    expect(normalizeCutoff(' 4:15 ')).toBe('04:15');
    expect(normalizeCutoff('00:00')).toBe('00:00');
    for (const bad of [undefined, null, '', '14:00', '24:00', 'mezzanotte', 300]) expect(normalizeCutoff(bad)).toBe('05:00');
  });

  it('says the cut-off on the screen', () => {
    expect(cutoffText('05:00')).toBe(
      'La giornata contabile finisce alle 05:00 del giorno dopo: vendite e chiusure tra mezzanotte e le 05:00 contano sul giorno prima.',
    );
    expect(cutoffText('00:00')).toBe('La giornata contabile va da mezzanotte a mezzanotte.');
  });
});

describe('businessDay (Rome time)', () => {
  it('puts a 00:40 closing on the day before, and one at the cut-off on its own day', () => {
    // 2026-11-10 00:40 in Rome (winter, UTC+1) is 2026-11-09 23:40 UTC.
    expect(businessDay(utc('2026-11-09T23:40:00'), FIVE)).toBe('2026-11-09');
    expect(businessDay(utc('2026-11-09T23:40:00'), 0)).toBe('2026-11-10');
    expect(businessDay(utc('2026-11-10T03:59:59'), FIVE)).toBe('2026-11-09'); // 04:59:59
    expect(businessDay(utc('2026-11-10T04:00:00'), FIVE)).toBe('2026-11-10'); // 05:00
    expect(businessDay(utc('2026-11-10T22:59:00'), FIVE)).toBe('2026-11-10'); // 23:59
  });

  it('uses Rome summer time (UTC+2)', () => {
    expect(businessDay(utc('2026-07-14T22:30:00'), 0)).toBe('2026-07-15'); // 00:30
    expect(businessDay(utc('2026-07-14T22:30:00'), FIVE)).toBe('2026-07-14');
    expect(businessDay(utc('2026-07-15T03:00:00'), FIVE)).toBe('2026-07-15'); // 05:00
  });

  it('keeps the wall-clock rule on the daylight saving days', () => {
    // 29 March 2026: 02:00 CET -> 03:00 CEST at 01:00 UTC.
    expect(businessDay(utc('2026-03-29T00:59:00'), FIVE)).toBe('2026-03-28'); // 01:59 CET
    expect(businessDay(utc('2026-03-29T01:00:00'), FIVE)).toBe('2026-03-28'); // 03:00 CEST
    expect(businessDay(utc('2026-03-29T02:59:00'), FIVE)).toBe('2026-03-28'); // 04:59 CEST
    expect(businessDay(utc('2026-03-29T03:00:00'), FIVE)).toBe('2026-03-29'); // 05:00 CEST
    // 25 October 2026: 03:00 CEST -> 02:00 CET at 01:00 UTC.
    expect(businessDay(utc('2026-10-25T00:30:00'), FIVE)).toBe('2026-10-24'); // 02:30 CEST
    expect(businessDay(utc('2026-10-25T01:30:00'), FIVE)).toBe('2026-10-24'); // 02:30 CET
    expect(businessDay(utc('2026-10-25T03:59:00'), FIVE)).toBe('2026-10-24'); // 04:59 CET
    expect(businessDay(utc('2026-10-25T04:00:00'), FIVE)).toBe('2026-10-25'); // 05:00 CET
  });

  it('does not depend on the machine time zone', () => {
    expect(businessDay(utc('2026-01-01T23:30:00'))).toBe('2026-01-02');
    expect(businessDay(utc('2026-01-01T22:59:00'))).toBe('2026-01-01');
  });
});

describe('businessDayStart', () => {
  it('is the day at the cut-off, Rome time', () => {
    expect(businessDayStart('2026-11-10', FIVE).toISOString()).toBe('2026-11-10T04:00:00.000Z');
    expect(businessDayStart('2026-07-15', FIVE).toISOString()).toBe('2026-07-15T03:00:00.000Z');
    expect(businessDayStart('2026-11-10', 0).toISOString()).toBe('2026-11-09T23:00:00.000Z');
  });

  it('on the daylight saving days', () => {
    expect(businessDayStart('2026-03-29', FIVE).toISOString()).toBe('2026-03-29T03:00:00.000Z');
    expect(businessDayStart('2026-03-29', 0).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // 02:30 does not exist on 29 March: the day starts when the clock jumps to 03:00.
    expect(businessDayStart('2026-03-29', 150).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(businessDayStart('2026-10-25', FIVE).toISOString()).toBe('2026-10-25T04:00:00.000Z');
    // 02:30 happens twice on 25 October: the first one.
    expect(businessDayStart('2026-10-25', 150).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('agrees with businessDay: the start belongs to the day, the minute before to the day before', () => {
    for (const day of ['2026-01-15', '2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26', '2026-12-31']) {
      for (const cutoff of [0, 40, FIVE, 11 * 60 + 59]) {
        const start = businessDayStart(day, cutoff);
        expect(businessDay(start, cutoff)).toBe(day);
        expect(businessDay(new Date(start.getTime() - 60_000), cutoff)).toBe(
          new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
        );
      }
    }
  });

  it('nextDay steps calendar days across months, years and DST', () => {
    expect(nextDay('2026-03-28')).toBe('2026-03-29');
    expect(nextDay('2026-03-31')).toBe('2026-04-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
