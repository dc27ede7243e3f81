import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = { next: (s: unknown) => void; error: (e: unknown) => void; unsubscribe: ReturnType<typeof vi.fn> };
const listeners: Listener[] = [];
vi.mock('firebase/firestore', () => ({
  onSnapshot: (_q: unknown, _options: unknown, next: (s: unknown) => void, error: (e: unknown) => void) => {
    const unsubscribe = vi.fn();
    listeners.push({ next, error, unsubscribe });
    return unsubscribe;
  },
}));

const { readThroughCache } = await import('./firebase-cached-read');
const snapshot = (fromCache: boolean, ids: string[]) => ({ metadata: { fromCache }, docs: ids.map((id) => ({ data: () => ({ id }) })) });

describe('readThroughCache', () => {
  beforeEach(() => {
    listeners.length = 0;
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers with the server's result, not the cache's copy, and stops listening", async () => {
    const read = readThroughCache({} as never);
    const l = listeners[0]!;
    l.next(snapshot(true, ['a']));
    l.next(snapshot(false, ['a', 'b']));
    await expect(read).resolves.toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(l.unsubscribe).toHaveBeenCalledTimes(1);
    l.next(snapshot(false, ['c'])); // a late change is not heard
    expect(l.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('rejects with the listener error (a refusal of the rules)', async () => {
    const read = readThroughCache({} as never);
    listeners[0]!.error(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await expect(read).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('offline it is refused at once, without listening: the cache alone could be an incomplete set', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(() => readThroughCache({} as never)).toThrow(expect.objectContaining({ code: 'unavailable' }) as Error);
    expect(listeners).toHaveLength(0);
  });
});
