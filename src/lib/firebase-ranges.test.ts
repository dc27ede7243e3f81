import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Query } from 'firebase/firestore';
import { idRangeBounds, listenToQueryInRanges, SERVER_WAIT_MS } from './firebase-ranges';
import type { Loadable } from './live-state';
import { SeededRandom } from '@/domain/random/seeded-random';

const AUTO_ID = /^[0-9A-Za-z]{20}$/;

/** Which range an id falls in, by the bounds (Firestore compares ids by their bytes: the same as JS for ASCII). */
function rangeOf(id: string, bounds: readonly string[]): number {
  let k = 0;
  while (k < bounds.length && id >= (bounds[k] ?? '')) k++;
  return k;
}

describe('idRangeBounds', () => {
  it('cuts the id space in n ordered ranges that split auto-ids about evenly', () => {
    const bounds = idRangeBounds(4);
    expect(bounds).toHaveLength(3);
    expect([...bounds].sort()).toEqual(bounds);
    const rng = new SeededRandom(7);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++) {
      const id = rng.autoId();
      expect(id).toMatch(AUTO_ID);
      counts[rangeOf(id, bounds)]! += 1;
    }
    for (const n of counts) expect(n).toBeGreaterThan(2_000);
    for (const n of counts) expect(n).toBeLessThan(3_000);
  });

  it('puts every id in exactly one range, other ids (demo, CSV imports) included', () => {
    const bounds = idRangeBounds(4);
    for (const id of ['', '0', 'cust-owner-01', 'large-customer-9', 'Zz', 'zzzz', 'abc_csv_IT01234567890', '~']) {
      const k = rangeOf(id, bounds);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(4);
    }
    expect(idRangeBounds(1)).toEqual([]);
  });

  it('adds extra cuts in order, so ids sharing a prefix (a CSV import\'s) spread over several ranges', () => {
    const prefix = 'csv-shop1-';
    const extra = ['4', '8', 'c'].map((h) => `${prefix}${h}`);
    const bounds = idRangeBounds(8, extra);
    expect(bounds).toHaveLength(7 + 3);
    expect([...bounds].sort()).toEqual(bounds);
    const rng = new SeededRandom(11);
    const ranges = new Map<number, number>();
    for (let i = 0; i < 4_000; i++) {
      const hex = Array.from({ length: 16 }, () => '0123456789abcdef'.charAt(Math.floor(rng.next() * 16))).join('');
      const k = rangeOf(`${prefix}${hex}`, bounds);
      ranges.set(k, (ranges.get(k) ?? 0) + 1);
    }
    expect(ranges.size).toBe(4);
    for (const n of ranges.values()) expect(n).toBeGreaterThan(800);
    // The same cut twice counts once.
    expect(idRangeBounds(4, ['Z', 'Z'])).toEqual([...new Set([...idRangeBounds(4), 'Z'])].sort());
  });
});

type Set = (value: Loadable<string[]>) => void;

describe('listenToQueryInRanges', () => {
  let opened: { k: number; set: Set; stopped: boolean }[];
  let states: Loadable<string[]>[];
  let online: boolean;
  let stop: () => void;
  const queries = [0, 1, 2].map((k) => ({ k }) as unknown as Query<string>);
  const ready = (data: string[], fromCache: boolean, pending: string[] = []): Loadable<string[]> => ({ status: 'ready', data, error: undefined, sync: { fromCache, pendingIds: new Set(pending) } });
  const last = () => states.at(-1);

  beforeEach(() => {
    vi.useFakeTimers();
    opened = [];
    states = [];
    online = true;
    stop = listenToQueryInRanges(queries, (s) => states.push(s), {
      online: () => online,
      listen: (q, set) => {
        const entry = { k: (q as unknown as { k: number }).k, set, stopped: false };
        opened.push(entry);
        return () => {
          entry.stopped = true;
        };
      },
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('opens one range at a time, each when the previous one heard the server, and gives the whole list at the end', () => {
    expect(opened.map((o) => o.k)).toEqual([0]);
    opened[0]?.set(ready(['a1', 'a2'], false));
    expect(opened.map((o) => o.k)).toEqual([0, 1]);
    expect(last()).toMatchObject({ status: 'ready', data: ['a1', 'a2'], sync: { partial: true, fromCache: true } });
    opened[1]?.set(ready([], false));
    opened[2]?.set(ready(['c1'], false, ['c1']));
    expect(opened).toHaveLength(3);
    expect(last()).toMatchObject({ status: 'ready', data: ['a1', 'a2', 'c1'], sync: { partial: false, fromCache: false } });
    const final = last();
    expect(final?.status === 'ready' ? [...(final.sync?.pendingIds ?? [])] : []).toEqual(['c1']);
  });

  it('keeps the same list array when a range only confirmed its copy, and a new one when its documents changed', () => {
    const a = ['a1'];
    const b = ['b1'];
    const c = ['c1'];
    opened[0]?.set(ready(a, false));
    opened[1]?.set(ready(b, false));
    opened[2]?.set(ready(c, true));
    const before = last();
    opened[2]?.set(ready(c, false));
    const confirmed = last();
    expect(confirmed?.status === 'ready' && before?.status === 'ready' && confirmed.data === before.data).toBe(true);
    expect(confirmed).toMatchObject({ sync: { fromCache: false, partial: false } });
    opened[1]?.set(ready(['b1', 'b2'], false));
    const changed = last();
    expect(changed?.status === 'ready' && changed.data !== confirmed?.data).toBe(true);
    expect(changed?.data).toEqual(['a1', 'b1', 'b2', 'c1']);
  });

  it('a range answered only from the cache holds the next one until the server answers, or SERVER_WAIT_MS', () => {
    opened[0]?.set(ready(['a1'], true));
    expect(opened).toHaveLength(1);
    vi.advanceTimersByTime(SERVER_WAIT_MS - 1);
    expect(opened).toHaveLength(1);
    opened[0]?.set(ready(['a1'], false));
    expect(opened).toHaveLength(2);
    opened[1]?.set(ready(['b1'], true));
    vi.advanceTimersByTime(SERVER_WAIT_MS);
    expect(opened).toHaveLength(3);
    opened[2]?.set(ready(['c1'], true));
    expect(last()).toMatchObject({ data: ['a1', 'b1', 'c1'], sync: { partial: false, fromCache: true } });
    // The late server answer of range 1 opens nothing more.
    opened[1]?.set(ready(['b1'], false));
    expect(opened).toHaveLength(3);
  });

  it('offline, the ranges answer from the cache one after another at once', () => {
    online = false;
    opened[0]?.set(ready(['a1'], true));
    opened[1]?.set(ready(['b1'], true));
    opened[2]?.set(ready([], true));
    expect(last()).toMatchObject({ data: ['a1', 'b1'], sync: { partial: false, fromCache: true } });
  });

  it('a later change in one range gives the whole list again', () => {
    opened[0]?.set(ready(['a1'], false));
    opened[1]?.set(ready(['b1'], false));
    opened[2]?.set(ready(['c1'], false));
    opened[1]?.set(ready(['b1', 'b2'], false));
    expect(last()).toMatchObject({ data: ['a1', 'b1', 'b2', 'c1'], sync: { partial: false } });
  });

  it('an error of any range is the list’s error, and stopping stops every range', () => {
    opened[0]?.set(ready(['a1'], false));
    opened[1]?.set({ status: 'error', data: undefined, error: 'Permesso negato.' });
    expect(last()).toEqual({ status: 'error', data: undefined, error: 'Permesso negato.' });
    const count = states.length;
    opened[0]?.set(ready(['a1', 'a2'], false));
    expect(states).toHaveLength(count);
    stop();
    expect(opened.every((o) => o.stopped)).toBe(true);
  });
});
