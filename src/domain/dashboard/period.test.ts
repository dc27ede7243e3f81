import { describe, expect, it } from 'vitest';
import { END_BEFORE_START, dayInput, parseDay, resolvePeriod } from './period';

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
