// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_IDLE_MS, HEARTBEAT_MS, watchConnection, type ConnectionState } from './firebase-connection';

/** The SDK as the watcher sees it: one document listener, server reads on demand, the queue of pending writes. */
const sdk = vi.hoisted(() => ({
  snapshot: undefined as undefined | ((s: { metadata: { fromCache: boolean } }) => void),
  serverRead: vi.fn<() => Promise<unknown>>(),
  pendingWrites: () => Promise.resolve(),
  /** The database's origin: answers (true), refuses (false). */
  originAnswers: true,
  originAsked: 0,
}));
vi.mock('./firebase', () => ({ db: () => ({}), firestoreOrigin: () => 'http://127.0.0.1:8080/' }));
vi.mock('firebase/firestore', () => ({
  collection: () => ({}),
  doc: () => ({}),
  limit: () => ({}),
  query: () => ({}),
  where: () => ({}),
  getDocsFromServer: () => sdk.serverRead(),
  waitForPendingWrites: () => sdk.pendingWrites(),
  onSnapshot: (_ref: unknown, _options: unknown, next: (s: { metadata: { fromCache: boolean } }) => void) => {
    sdk.snapshot = next;
    return () => undefined;
  },
}));

let online = true;
/** Someone works at the page: the heartbeat goes only then. */
function userActs() {
  window.dispatchEvent(new Event('pointerdown'));
}
function setBrowserOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

describe('watchConnection', () => {
  let states: ConnectionState[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    states = [];
    sdk.serverRead.mockReset();
    sdk.originAnswers = true;
    sdk.originAsked = 0;
    vi.stubGlobal('fetch', () => {
      sdk.originAsked += 1;
      return sdk.originAnswers ? Promise.resolve(new Response(null)) : Promise.reject(new TypeError('Failed to fetch'));
    });
    stop = watchConnection({ collection: 'User', uid: 'u1' }, (s) => states.push(s));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('says offline with the network gone, then syncing and online when the listener hears the server again', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    setBrowserOnline(false);
    sdk.snapshot?.({ metadata: { fromCache: true } });
    expect(states).toEqual(['offline']);
    setBrowserOnline(true);
    sdk.snapshot?.({ metadata: { fromCache: false } });
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['offline', 'syncing', 'online']);
    expect(sdk.serverRead).not.toHaveBeenCalled();
  });

  it('when the listener stays on the cache after the network returns, a server probe clears the banner', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    setBrowserOnline(false);
    sdk.snapshot?.({ metadata: { fromCache: true } });
    setBrowserOnline(true);
    // The first probe fails (the server is not answering yet), the second one succeeds; the listener never speaks.
    sdk.serverRead.mockRejectedValueOnce(new Error('unavailable')).mockResolvedValueOnce({ size: 1 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(states).toEqual(['offline']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sdk.serverRead).toHaveBeenCalledTimes(2);
    expect(states).toEqual(['offline', 'syncing', 'online']);
  });

  it('a probe whose answer never comes is given up and another one goes', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    sdk.snapshot?.({ metadata: { fromCache: true } });
    expect(states).toEqual(['offline']);
    sdk.serverRead.mockReturnValueOnce(new Promise(() => undefined)).mockResolvedValueOnce({ size: 1 });
    await vi.advanceTimersByTimeAsync(3_000 + 10_000);
    expect(states).toEqual(['offline']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(states).toEqual(['offline', 'syncing', 'online']);
  });

  it('never probes while all is well, nor while the browser itself is offline', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    await vi.advanceTimersByTimeAsync(60_000);
    setBrowserOnline(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sdk.serverRead).not.toHaveBeenCalled();
    expect(states).toEqual(['offline']);
  });

  it('a probe answer is forgotten when the network goes again', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    sdk.snapshot?.({ metadata: { fromCache: true } });
    sdk.serverRead.mockResolvedValue({ size: 1 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(states).toEqual(['offline', 'syncing', 'online']);
    setBrowserOnline(false);
    expect(states.at(-1)).toBe('offline');
  });

  it('a database that stops answering with the browser online is said within a heartbeat, without a document read', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    userActs();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    // One at the first click, then one every HEARTBEAT_MS.
    expect(sdk.originAsked).toBe(4);
    expect(states).toEqual([]);
    sdk.originAnswers = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(states).toEqual(['offline']);
    // The listener never noticed; the probes (server reads) say when it is back.
    sdk.serverRead.mockRejectedValueOnce(new Error('unavailable')).mockResolvedValueOnce({ size: 1 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(states).toEqual(['offline']);
    sdk.originAnswers = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(states).toEqual(['offline', 'syncing', 'online']);
    expect(sdk.serverRead).toHaveBeenCalledTimes(2);
    // And the heartbeat goes on.
    userActs();
    const asked = sdk.originAsked;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(sdk.originAsked).toBe(asked + 1);
  });

  it('no heartbeat while the page is hidden nor while the browser is offline', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    userActs();
    await vi.advanceTimersByTimeAsync(0);
    sdk.originAsked = 0;
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(sdk.originAsked).toBe(0);
    hidden.mockReturnValue('visible');
    setBrowserOnline(false);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(sdk.originAsked).toBe(0);
    expect(states).toEqual(['offline']);
  });

  it('a listener that never heard the server (its resumed target unanswered) still lets a dead database be said', async () => {
    sdk.snapshot?.({ metadata: { fromCache: true } });
    userActs();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(sdk.originAsked).toBe(2);
    expect(states).toEqual([]);
    sdk.originAnswers = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(states).toEqual(['offline']);
    sdk.originAnswers = true;
    sdk.serverRead.mockResolvedValue({ size: 1 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(states).toEqual(['offline', 'syncing', 'online']);
  });

  it('a page nobody works at asks nothing; the first input after a pause asks at once, then every heartbeat', async () => {
    sdk.snapshot?.({ metadata: { fromCache: false } });
    // Just loaded, nobody at it: no request at all.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS * 2);
    expect(sdk.originAsked).toBe(0);
    // A key: one request now, then one per HEARTBEAT_MS while the user keeps working.
    window.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sdk.originAsked).toBe(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(sdk.originAsked).toBe(3);
    // Typing more does not add requests between the beats.
    window.dispatchEvent(new Event('input'));
    window.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sdk.originAsked).toBe(3);
    // Left alone: the beats stop once the last input is HEARTBEAT_IDLE_MS old.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS * 3);
    const afterPause = sdk.originAsked;
    expect(afterPause).toBe(3 + HEARTBEAT_IDLE_MS / HEARTBEAT_MS);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS);
    expect(sdk.originAsked).toBe(afterPause);
    // Back at it: a dead database is said within the first beat.
    sdk.originAnswers = false;
    userActs();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['offline']);
  });
});
