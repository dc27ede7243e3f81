import { describe, expect, it } from 'vitest';
import { dayRuns, isClosedDay, planPeriod, romeDay } from './summary-days';

const rome = (iso: string) => new Date(iso); // ISO texts with their Rome offset

describe('planPeriod', () => {
  const year = { start: rome('2025-11-26T00:00:00+01:00'), end: rome('2026-11-26T00:00:00+01:00') };

  it('a year up to today: every day before yesterday closed, yesterday closed after the cut-off, today live', () => {
    const beforeCutoff = planPeriod(year, rome('2026-11-25T03:00:00+01:00'), 5 * 60);
    expect(beforeCutoff.closedDays[0]).toBe('2025-11-26');
    expect(beforeCutoff.closedDays.at(-1)).toBe('2026-11-23');
    expect(beforeCutoff.live).toEqual([{ start: rome('2026-11-24T00:00:00+01:00'), end: year.end }]);
    const afterCutoff = planPeriod(year, rome('2026-11-25T05:00:00+01:00'), 5 * 60);
    expect(afterCutoff.closedDays.at(-1)).toBe('2026-11-24');
    expect(afterCutoff.closedDays).toHaveLength(364);
    expect(afterCutoff.live).toEqual([{ start: rome('2026-11-25T00:00:00+01:00'), end: year.end }]);
  });

  it('a past range is all summaries; a daylight-saving day has its own 23 or 25 hours', () => {
    const march = planPeriod({ start: rome('2026-03-28T00:00:00+01:00'), end: rome('2026-03-31T00:00:00+02:00') }, rome('2026-11-25T12:00:00+01:00'), 0);
    expect(march).toEqual({ closedDays: ['2026-03-28', '2026-03-29', '2026-03-30'], live: [] });
  });

  it('edges that are not Rome midnights (a browser elsewhere) are read live', () => {
    const plan = planPeriod({ start: rome('2026-11-01T00:00:00Z'), end: rome('2026-11-04T00:00:00Z') }, rome('2026-11-25T12:00:00Z'), 0);
    expect(plan.closedDays).toEqual(['2026-11-02', '2026-11-03']);
    expect(plan.live).toEqual([
      { start: rome('2026-11-01T00:00:00Z'), end: rome('2026-11-02T00:00:00+01:00') },
      { start: rome('2026-11-04T00:00:00+01:00'), end: rome('2026-11-04T00:00:00Z') },
    ]);
  });

  it('today only is live only', () => {
    const today = { start: rome('2026-11-25T00:00:00+01:00'), end: rome('2026-11-26T00:00:00+01:00') };
    expect(planPeriod(today, rome('2026-11-25T18:00:00+01:00'), 300)).toEqual({ closedDays: [], live: [today] });
  });
});

describe('days and intervals', () => {
  it('isClosedDay waits for the cut-off of the next morning', () => {
    expect(isClosedDay('2026-11-24', rome('2026-11-25T04:59:00+01:00'), 300)).toBe(false);
    expect(isClosedDay('2026-11-24', rome('2026-11-25T05:00:00+01:00'), 300)).toBe(true);
    expect(isClosedDay('2026-11-24', rome('2026-11-25T00:00:00+01:00'), 0)).toBe(true);
  });

  it('romeDay is the calendar day in Rome', () => {
    expect(romeDay(rome('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
  });

  it('dayRuns joins consecutive days', () => {
    const runs = dayRuns(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-05']);
    expect(runs.map((r) => r.days)).toEqual([['2026-02-27', '2026-02-28', '2026-03-01'], ['2026-03-05']]);
    expect(runs[0]?.interval).toEqual({ start: rome('2026-02-27T00:00:00+01:00'), end: rome('2026-03-02T00:00:00+01:00') });
  });
});
