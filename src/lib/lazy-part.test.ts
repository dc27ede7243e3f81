import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MESSAGE, ChunkLoadError, LAZY_LOAD_TIMEOUT_MS, withLoadTimeout } from './lazy-part';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withLoadTimeout (document 3 §7: a lazy load that waits 120 s fails with a chunk-load error)', () => {
  it('fails with a ChunkLoadError after 120 seconds without an answer, not before', async () => {
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000);
    const load = withLoadTimeout(() => new Promise<never>(() => undefined));
    let outcome: unknown = 'pending';
    load().catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as Error).message).toBe(CHUNK_TIMEOUT_MESSAGE);
  });

  it('answers with the module when it arrives in time, and leaves no timer behind', async () => {
    const module = { default: 'screen' };
    const load = withLoadTimeout(() => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 119_000)));
    const answer = load();
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(answer).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the browser's own failure through (a chunk that is gone after a deploy)", async () => {
    const gone = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(withLoadTimeout(() => Promise.reject(gone))()).rejects.toBe(gone);
    expect(vi.getTimerCount()).toBe(0);
  });
});
