import { describe, expect, it } from 'vitest';
import { chunks, writeInWaves } from './import-writes';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}` }));

describe('chunks', () => {
  it('cuts in pieces of the size, the last one shorter', () => {
    expect(chunks(Array.from({ length: 60 }, (_, i) => i), 25).map((c) => c.length)).toEqual([25, 25, 10]);
    expect(chunks([], 25)).toEqual([]);
  });
});

describe('writeInWaves', () => {
  it('writes every batch, at most `parallel` in flight, progress from 0 after each wave', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const progress: [number, number][] = [];
    const run = await writeInWaves(
      items(60),
      { batchSize: 25, parallel: 2 },
      async (batch) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        sizes.push(batch.length);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
      },
      (done, total) => progress.push([done, total]),
    );
    expect(run.error).toBeUndefined();
    expect(run.written.size).toBe(60);
    expect(sizes).toEqual([25, 25, 10]);
    expect(most).toBe(2);
    expect(progress).toEqual([[0, 60], [50, 60], [60, 60]]);
  });

  it('keeps what the server confirmed in the failing wave, stops there and returns the first failure', async () => {
    const failure = new Error('offline');
    const calls: string[] = [];
    const run = await writeInWaves(
      items(10),
      { batchSize: 2, parallel: 2 },
      (batch) => {
        calls.push(batch[0]?.id ?? '');
        return batch[0]?.id === 'd6' ? Promise.reject(failure) : Promise.resolve();
      },
      () => undefined,
    );
    expect(run.error).toBe(failure);
    expect(calls).toEqual(['d0', 'd2', 'd4', 'd6']);
    expect([...run.written]).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('nothing to write: progress 0 of 0, no call', async () => {
    const progress: [number, number][] = [];
    const run = await writeInWaves(items(0), { batchSize: 25, parallel: 4 }, () => Promise.reject(new Error('never')), (d, t) => progress.push([d, t]));
    expect(run).toEqual({ written: new Set(), error: undefined });
    expect(progress).toEqual([[0, 0]]);
  });
});
