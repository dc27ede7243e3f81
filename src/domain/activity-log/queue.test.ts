import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPendingStore, PENDING_KEY } from './pending-store';
import { LogQueue, type LogEntryShape, type QueuedEntry } from './queue';
import { isExpiredLogEntry, LOG_MAX_AGE_MS, LOG_RULES_MAX_AGE_MS, mergeSegments, splitOperations } from './rules';

type Entry = LogEntryShape & { timestamp: Date };

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  } as unknown as Storage & { data: Map<string, string> };
}

function entry(action = 'product_update', details: Record<string, unknown> = { code: 'A1' }, actorId = 'u1'): Entry {
  return { userId: 'shop-1', actorId, action, module: 'warehouse', details, metadata: {}, timestamp: new Date() };
}

function setup(options: { fail?: () => boolean; hang?: () => boolean; canWrite?: (e: Entry) => boolean; storage?: ReturnType<typeof memoryStorage>; refuse?: (e: Entry) => boolean } = {}) {
  const storage = options.storage ?? memoryStorage();
  const saved = new Map<string, Entry>();
  const dropped: QueuedEntry<Entry>[] = [];
  const writes: QueuedEntry<Entry>[][] = [];
  let n = 0;
  const queue = new LogQueue<Entry>({
    write: (batch) => {
      writes.push(batch);
      if (options.hang?.()) {
        for (const q of batch) saved.set(q.id, q.entry); // the server stored it, the answer never arrives
        return new Promise<void>(() => undefined);
      }
      if (options.fail?.()) return Promise.reject(new Error('offline'));
      if (options.refuse && batch.some((q) => options.refuse?.(q.entry))) return Promise.reject(Object.assign(new Error('denied'), { code: 'permission-denied' }));
      for (const q of batch) saved.set(q.id, q.entry); // keyed by id: a rewrite cannot duplicate
      return Promise.resolve();
    },
    pending: createPendingStore<Entry>(storage),
    newId: () => `id-${++n}`,
    now: () => Date.now(),
    canWrite: options.canWrite ?? (() => true),
    onDropped: (entries) => dropped.push(...entries),
    isRefused: (error) => (error as { code?: string }).code === 'permission-denied',
  });
  const pendingIds = () => (JSON.parse(storage.getItem(PENDING_KEY) ?? '[]') as { id: string }[]).map((q) => q.id);
  return { queue, storage, saved, writes, pendingIds, dropped };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('batching', () => {
  it('a partial batch is written 5 s after its first entry, not before', async () => {
    const { queue, writes } = setup();
    queue.enqueue(entry('product_update', { code: 'A' }));
    queue.enqueue(entry('product_update', { code: 'B' }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.map((b) => b.length)).toEqual([2]);
  });

  it('the tenth entry flushes at once, in one write of 10', async () => {
    const { queue, writes } = setup();
    for (let i = 0; i < 10; i++) queue.enqueue(entry('product_update', { code: `C${i}` }));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map((b) => b.length)).toEqual([10]);
  });

  it('25 entries are written as 10 + 10 + 5', async () => {
    const { queue, writes, saved } = setup();
    for (let i = 0; i < 25; i++) queue.enqueue(entry('product_update', { code: `C${i}` }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(writes.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(saved.size).toBe(25);
  });
});

describe('duplicate windows', () => {
  it('the same entry inside 8 s is dropped, after 8 s it is kept', async () => {
    const { queue } = setup();
    expect(queue.enqueue(entry())).toBe(true);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(queue.enqueue(entry())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.enqueue(entry())).toBe(true);
  });

  it.each([
    ['login_success', 30_000],
    ['employee_login', 12_000],
    ['product_add', 10_000],
    ['csv_import', 8_000],
  ])('%s has a window of %i ms', async (action, window) => {
    const { queue } = setup();
    expect(queue.enqueue(entry(action))).toBe(true);
    await vi.advanceTimersByTimeAsync(window - 1);
    expect(queue.enqueue(entry(action))).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.enqueue(entry(action))).toBe(true);
  });

  it('different details or another user are not duplicates; key order does not matter', () => {
    const { queue } = setup();
    expect(queue.enqueue(entry('product_update', { a: 1, b: 2 }))).toBe(true);
    expect(queue.enqueue(entry('product_update', { b: 2, a: 1 }))).toBe(false);
    expect(queue.enqueue(entry('product_update', { a: 1, b: 3 }))).toBe(true);
    expect(queue.enqueue(entry('product_update', { a: 1, b: 2 }, 'u2'))).toBe(true);
  });

  it('stamps the window in the metadata', async () => {
    const { queue, saved } = setup();
    queue.enqueue(entry('login_success'));
    await queue.flush();
    expect(([...saved.values()][0]?.metadata as { dedupeWindow?: number }).dedupeWindow).toBe(30_000);
  });
});

describe('failures, local storage and stable ids', () => {
  it('a failed save keeps the entries in the queue and in storage, and a later retry writes them once', async () => {
    let offline = true;
    const { queue, saved, pendingIds } = setup({ fail: () => offline });
    queue.enqueue(entry('product_update', { code: 'A' }));
    queue.enqueue(entry('product_update', { code: 'B' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saved.size).toBe(0);
    expect(queue.size).toBe(2);
    expect(pendingIds()).toHaveLength(2);
    offline = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saved.size).toBe(2);
    expect(queue.size).toBe(0);
    expect(pendingIds()).toEqual([]);
  });

  it('a save that timed out but had succeeded is retried under the same ids: no duplicate', async () => {
    let hang = true;
    const { queue, saved, writes } = setup({ hang: () => hang });
    queue.enqueue(entry());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saved.size).toBe(1);
    await vi.advanceTimersByTimeAsync(15_000); // the save times out
    hang = false;
    await vi.advanceTimersByTimeAsync(5_000); // retried
    expect(writes).toHaveLength(2);
    expect(writes[0]?.[0]?.id).toBe(writes[1]?.[0]?.id);
    expect(saved.size).toBe(1);
    expect(queue.size).toBe(0);
  });

  it('entries left in storage by an earlier page are retried 2 s after start, once', async () => {
    const first = setup({ fail: () => true });
    first.queue.enqueue(entry('product_update', { code: 'A' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first.pendingIds()).toHaveLength(1);

    // A new page over the same storage.
    const saved = new Map<string, Entry>();
    const next = new LogQueue<Entry>({
      write: (batch) => {
        for (const q of batch) saved.set(q.id, q.entry);
        return Promise.resolve();
      },
      pending: createPendingStore<Entry>(first.storage),
      newId: () => 'new',
      now: () => Date.now(),
      canWrite: () => true,
    });
    next.start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(saved.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([...saved.keys()]).toEqual(['id-1']);
    expect(saved.get('id-1')?.timestamp).toBeInstanceOf(Date);
    expect(createPendingStore(first.storage).load()).toEqual([]);
  });

  it('storage keeps at most the newest 100 pending entries', async () => {
    const { queue, pendingIds } = setup({ fail: () => true });
    for (let i = 0; i < 130; i++) queue.enqueue(entry('product_update', { code: `C${i}` }));
    await vi.advanceTimersByTimeAsync(0);
    const ids = pendingIds();
    expect(ids).toHaveLength(100);
    expect(ids.at(-1)).toBe('id-130');
    expect(ids[0]).toBe('id-31');
  });

  it("another user's stored entries are neither written nor dropped", async () => {
    const { queue, saved, pendingIds } = setup({ canWrite: (e) => e.actorId === 'u1' });
    queue.enqueue(entry('product_update', { code: 'A' }, 'u2'));
    queue.enqueue(entry('product_update', { code: 'B' }, 'u1'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect([...saved.values()].map((e) => e.actorId)).toEqual(['u1']);
    expect(pendingIds()).toEqual(['id-1']);
  });

  it('flushNow (page hidden) writes at once without waiting for the timer', async () => {
    const { queue, saved } = setup();
    queue.enqueue(entry());
    await queue.flushNow();
    expect(saved.size).toBe(1);
  });
});

describe('segments of 300', () => {
  it('a log with 301..900 operations becomes segments of 300 sharing a group id, and merges back whole', async () => {
    const operations = Array.from({ length: 701 }, (_, i) => ({ action: 'update', code: `P${i}` }));
    const { queue, saved } = setup();
    queue.enqueue(entry('csv_import', { operations, fileName: 'listino.csv' }));
    await queue.flush();
    const stored = [...saved.values()];
    expect(stored).toHaveLength(3);
    expect(stored.map((e) => (e.details.operations as unknown[]).length)).toEqual([300, 300, 101]);
    expect(new Set(stored.map((e) => e.details.groupId)).size).toBe(1);
    const merged = mergeSegments([...stored].reverse());
    expect(merged).toHaveLength(1);
    expect(merged[0]?.details.operations).toEqual(operations);
    expect(merged[0]?.details.fileName).toBe('listino.csv');
  });

  it('300 operations stay one entry', () => {
    const e = entry('csv_import', { operations: Array.from({ length: 300 }, (_, i) => i) });
    expect(splitOperations(e, () => 'g')).toEqual([e]);
  });
});

describe('entries older than the rules accept (7 days)', () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  it('an entry that waited offline past LOG_MAX_AGE_MS is dropped, not retried forever; the newer ones are saved', async () => {
    let offline = true;
    const { queue, saved, writes, pendingIds, dropped } = setup({ fail: () => offline });
    queue.enqueue(entry('product_update', { code: 'OLD' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(writes).toHaveLength(1); // failed: offline
    // six days later a new entry, still offline
    vi.setSystemTime(Date.now() + 6 * DAY);
    queue.enqueue(entry('product_update', { code: 'NEW' }));
    // just short of 7 days minus the hour of margin: the old one is still tried
    vi.setSystemTime(Date.now() + DAY - HOUR - 10_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(writes.at(-1)?.map((q) => q.entry.details.code)).toEqual(['OLD', 'NEW']);
    expect(dropped).toHaveLength(0);
    // past it: dropped from the queue and the pending store; back online, the new one is saved alone
    offline = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(dropped.map((q) => q.entry.details.code)).toEqual(['OLD']);
    expect([...saved.values()].map((e) => e.details.code)).toEqual(['NEW']);
    expect(pendingIds()).toEqual([]);
    expect(queue.stats.dropped).toBe(1);
    expect(queue.size).toBe(0);
  });

  it('a stored entry of an earlier page older than the bound is dropped at start-up, never written', async () => {
    const storage = memoryStorage();
    const old = { id: 'old-1', entry: { ...entry('product_update', { code: 'OLD' }), timestamp: new Date(Date.now() - 8 * DAY) } };
    storage.setItem(PENDING_KEY, JSON.stringify([old]));
    const { queue, writes, dropped, pendingIds } = setup({ storage });
    queue.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(writes).toHaveLength(0);
    expect(dropped.map((q) => q.id)).toEqual(['old-1']);
    expect(pendingIds()).toEqual([]);
  });

  it('the bound is one hour inside the rules\' 7 days', () => {
    expect(LOG_RULES_MAX_AGE_MS).toBe(7 * DAY);
    expect(LOG_MAX_AGE_MS).toBe(7 * DAY - HOUR);
    expect(isExpiredLogEntry(new Date(Date.now() - 7 * DAY + 2 * HOUR), Date.now())).toBe(false);
    expect(isExpiredLogEntry(new Date(Date.now() - 7 * DAY + HOUR / 2), Date.now())).toBe(true);
    expect(isExpiredLogEntry(new Date('x'), Date.now())).toBe(true);
  });
});

describe('a batch the rules refuse', () => {
  it('is retried one entry at a time; the refused entry is dropped and reported, the others are saved at once', async () => {
    const { queue, saved, dropped, pendingIds } = setup({ refuse: (e) => e.details.code === 'BAD' });
    queue.enqueue(entry('product_update', { code: 'A' }));
    queue.enqueue(entry('product_update', { code: 'BAD' }));
    queue.enqueue(entry('product_update', { code: 'C' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect([...saved.values()].map((e) => e.details.code)).toEqual(['A', 'C']);
    expect(dropped.map((q) => q.entry.details.code)).toEqual(['BAD']);
    expect(pendingIds()).toEqual([]);
    expect(queue.size).toBe(0);
  });

  it('a network failure is not a refusal: everything is kept and retried', async () => {
    let offline = true;
    const { queue, saved, dropped } = setup({ fail: () => offline });
    queue.enqueue(entry('product_update', { code: 'A' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(dropped).toEqual([]);
    offline = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect([...saved.values()].map((e) => e.details.code)).toEqual(['A']);
  });
});
