import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask, runWithLimit, startInTurn, whenIdle } from './tasks';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startInTurn', () => {
  it('starts only the first job now, the others in later tasks, and keeps the order of the results', async () => {
    const started: string[] = [];
    const job = (name: string, value: number) => () => {
      started.push(name);
      return Promise.resolve(value);
    };
    const all = startInTurn([job('a', 1), job('b', 2), job('c', 3)]);
    expect(started).toEqual(['a']);
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a']);
    await expect(all).resolves.toEqual([1, 2, 3]);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('does not wait for a job to finish before starting the next one', async () => {
    let release: (v: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => (release = resolve));
    const second = vi.fn(() => Promise.resolve(2));
    const all = startInTurn([() => slow, second]);
    await nextTask();
    await nextTask();
    expect(second).toHaveBeenCalledTimes(1);
    release('uno');
    await expect(all).resolves.toEqual(['uno', 2]);
  });

  it('rejects with the first failure and reports no unhandled rejection while later jobs start', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const all = startInTurn([() => Promise.reject(new Error('negato')), () => new Promise((r) => setTimeout(() => r(1), 20))]);
      await expect(all).rejects.toThrow('negato');
      await new Promise((r) => setTimeout(r, 30));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('whenIdle', () => {
  it('uses requestIdleCallback with the deadline, and can be cancelled', () => {
    const request = vi.fn(() => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const work = vi.fn();
    const stop = whenIdle(work, 3000);
    expect(request).toHaveBeenCalledWith(work, { timeout: 3000 });
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, 3000);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    const stop = whenIdle(work, 3000);
    stop();
    vi.advanceTimersByTime(2000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

describe('runWithLimit', () => {
  it('never has more than the limit in flight, reports each result as it arrives, failures included', async () => {
    let inFlight = 0;
    let most = 0;
    const jobs = Array.from({ length: 9 }, (_, i) => async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5 + ((i * 7) % 11)));
      inFlight -= 1;
      if (i === 4) throw new Error('riga 4');
      return i * 10;
    });
    const seen: [number, string][] = [];
    await runWithLimit(jobs, 3, (index, result) => seen.push([index, result.status]));
    expect(most).toBe(3);
    expect(seen.map(([i]) => i).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seen.find(([i]) => i === 4)?.[1]).toBe('rejected');
    expect(seen.filter(([, s]) => s === 'fulfilled')).toHaveLength(8);
  });

  it('with no jobs it resolves at once', async () => {
    await expect(runWithLimit([], 4, () => undefined)).resolves.toBeUndefined();
  });
});
