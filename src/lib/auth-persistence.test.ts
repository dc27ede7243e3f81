import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_FALLBACK_POLL_MS, withBroadcastChanges, type PolledPersistence } from './auth-persistence';

/** One browser's IndexedDB store, shared by the tabs; each tab's poll records what it found. */
const store = new Map<string, unknown>();

class FakeSdkPersistence implements PolledPersistence {
  pollTimer: ReturnType<typeof setInterval> | null = null;
  seen: unknown[] = [];
  startPolling(): void {
    this.pollTimer = setInterval(() => void this._poll(), 800);
  }
  stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
  _poll(): Promise<string[]> {
    this.seen.push(store.get('user'));
    return Promise.resolve([]);
  }
  async _set(key: string, value: unknown): Promise<void> {
    await Promise.resolve(); // the write commits later than the call
    store.set(key, value);
  }
  async _remove(key: string): Promise<void> {
    await Promise.resolve();
    store.delete(key);
  }
}

const tabs: FakeSdkPersistence[] = [];
const Tab = withBroadcastChanges(FakeSdkPersistence);
function tab(): FakeSdkPersistence {
  const opened = new Tab() as FakeSdkPersistence;
  tabs.push(opened);
  return opened;
}

afterEach(() => {
  vi.useRealTimers();
  // Each tab's channel closed, as when the page goes: Node would otherwise keep the test process alive.
  for (const opened of tabs.splice(0)) (opened as unknown as { channel?: BroadcastChannel }).channel?.close();
  store.clear();
});

describe('Auth session shared by tabs without the 800 ms poll', () => {
  it("a sign-in and a sign-out stored in one tab are read at once by the other, after they are stored; the tab that wrote reads nothing", async () => {
    const first = tab();
    const second = tab();
    first.startPolling();
    second.startPolling();
    await first._set('user', { uid: 'owner' });
    await vi.waitFor(() => expect(second.seen).toEqual([{ uid: 'owner' }]));
    await first._remove('user');
    await vi.waitFor(() => expect(second.seen).toEqual([{ uid: 'owner' }, undefined]));
    expect(first.seen).toEqual([]);
    first.stopPolling();
    second.stopPolling();
  });

  it(`polls only every ${AUTH_FALLBACK_POLL_MS / 1000} s, for a tab that does not broadcast`, () => {
    vi.useFakeTimers();
    const only = tab();
    only.startPolling();
    vi.advanceTimersByTime(AUTH_FALLBACK_POLL_MS - 1);
    expect(only.seen).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(only.seen).toHaveLength(1);
    only.stopPolling();
    vi.advanceTimersByTime(AUTH_FALLBACK_POLL_MS * 3);
    expect(only.seen).toHaveLength(1);
  });

  it("the SDK's IndexedDB persistence still has the members this module overrides (a firebase upgrade that renames them fails here)", async () => {
    // The browser build, the one the app is bundled with (Node's build of firebase/auth has no IndexedDB persistence).
    const { indexedDBLocalPersistence } = (await import('../../node_modules/@firebase/auth/dist/esm/index.js')) as { indexedDBLocalPersistence: unknown };
    const prototype = (indexedDBLocalPersistence as { prototype: Record<string, unknown> }).prototype;
    for (const member of ['startPolling', 'stopPolling', '_poll', '_set', '_remove', '_addListener']) expect(typeof prototype[member], member).toBe('function');
    expect((indexedDBLocalPersistence as { type: string }).type).toBe('LOCAL');
  });
});
