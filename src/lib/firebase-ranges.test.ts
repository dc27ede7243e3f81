import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Query } from 'firebase/firestore';
import { INCOMPLETE_LIST, listenToQueryInRanges, RANGE_SERVER_LIMIT_MS, SERVER_WAIT_MS, type RangeOptions } from './firebase-ranges';
import type { Loadable } from './live-state';

type Set = (value: Loadable<string[]>) => void;

describe('listenToQueryInRanges', () => {
  let opened: { k: number; set: Set; stopped: boolean }[];
  let states: Loadable<string[]>[];
  let online: boolean;
  let stop: () => void;
  const queries = [0, 1, 2].map((k) => ({ k }) as unknown as Query<string>);
  const ready = (data: string[], fromCache: boolean, pending: string[] = []): Loadable<string[]> => ({ status: 'ready', data, error: undefined, sync: { fromCache, pendingIds: new Set(pending) } });
  const last = () => states.at(-1);

  const start = (options: Partial<RangeOptions<string>> = {}) => {
    stop();
    opened = [];
    states = [];
    stop = listenToQueryInRanges(queries, (s) => states.push(s), {
      online: () => online,
      listen: (q, set) => {
        const entry = { k: (q as unknown as { k: number }).k, set, stopped: false };
        opened.push(entry);
        return () => {
          entry.stopped = true;
        };
      },
      ...options,
    });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    stop = () => undefined;
    start();
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

  it('a range that never hears the server, online, makes the list incomplete after the limit, and nothing after', () => {
    opened[0]?.set(ready(['a1'], false));
    opened[1]?.set(ready(['b1'], true));
    vi.advanceTimersByTime(SERVER_WAIT_MS);
    opened[2]?.set(ready(['c1'], false));
    expect(last()).toMatchObject({ status: 'ready', sync: { fromCache: true, partial: false } });
    vi.advanceTimersByTime(RANGE_SERVER_LIMIT_MS - SERVER_WAIT_MS - 1);
    expect(last()?.status).toBe('ready');
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ status: 'error', data: undefined, error: INCOMPLETE_LIST, kind: 'incomplete' });
    const count = states.length;
    opened[1]?.set(ready(['b1'], false));
    expect(states).toHaveLength(count);
  });

  it('a range that never answers at all does not hold the list forever', () => {
    opened[0]?.set(ready(['a1'], false));
    expect(opened).toHaveLength(2);
    vi.advanceTimersByTime(RANGE_SERVER_LIMIT_MS);
    expect(opened).toHaveLength(2);
    expect(last()).toMatchObject({ status: 'error', kind: 'incomplete' });
  });

  it('offline, no range is given up: the limit counts again from when the connection is back', () => {
    online = false;
    opened[0]?.set(ready(['a1'], true));
    opened[1]?.set(ready(['b1'], true));
    opened[2]?.set(ready(['c1'], true));
    vi.advanceTimersByTime(RANGE_SERVER_LIMIT_MS * 3);
    expect(last()).toMatchObject({ status: 'ready', data: ['a1', 'b1', 'c1'] });
    online = true;
    opened[0]?.set(ready(['a1'], false));
    opened[1]?.set(ready(['b1'], false));
    vi.advanceTimersByTime(RANGE_SERVER_LIMIT_MS);
    expect(last()).toMatchObject({ status: 'error', kind: 'incomplete' });
  });

  it('every range heard in time: no error ever, and stopping clears the limits', () => {
    opened[0]?.set(ready(['a1'], false));
    opened[1]?.set(ready(['b1'], false));
    opened[2]?.set(ready([], false));
    vi.advanceTimersByTime(RANGE_SERVER_LIMIT_MS * 2);
    expect(states.every((s) => s.status === 'ready')).toBe(true);
    start();
    stop();
    vi.advanceTimersByTime(RANGE_SERVER_LIMIT_MS * 2);
    expect(states).toEqual([]);
  });

  it('with the cache\'s copy of every range, the whole list is there at once and each answer replaces its part', () => {
    start({ seed: [['a1'], ['b1', 'b2'], ['c1']] });
    expect(opened.map((o) => o.k)).toEqual([0]);
    expect(states).toHaveLength(1);
    expect(last()).toMatchObject({ status: 'ready', data: ['a1', 'b1', 'b2', 'c1'], sync: { partial: false, fromCache: true } });
    opened[0]?.set(ready(['a1', 'a2'], false));
    expect(last()).toMatchObject({ data: ['a1', 'a2', 'b1', 'b2', 'c1'], sync: { partial: false, fromCache: true } });
    opened[1]?.set(ready(['b2'], false));
    opened[2]?.set(ready(['c1'], false));
    expect(last()).toMatchObject({ data: ['a1', 'a2', 'b2', 'c1'], sync: { partial: false, fromCache: false } });
  });

  it('a copy that does not match the ranges is not used', () => {
    start({ seed: [['a1']] });
    expect(states).toEqual([]);
  });
});
