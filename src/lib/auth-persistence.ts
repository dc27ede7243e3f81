/**
 * Auth's session in IndexedDB, with the other tabs told of a change instead of each tab polling for it.
 *
 * Why: Firebase Auth's IndexedDB persistence reads its whole store every 800 ms in every open tab, to notice a sign-in
 * or sign-out made in another tab. On a slow laptop each read is a 10–25 ms task (40–100 ms at Lighthouse's mobile
 * CPU), 55 of them in the first 45 s of a page: most of the blocking time of /invoices and /sales once their data is
 * on screen. Here the tab that changes the session says so on a BroadcastChannel after the change is
 * stored, and the other tabs read the store at once, sooner than the 800 ms poll did; the poll stays as a slow safety
 * net (a tab of an older build, which does not broadcast, or a browser without BroadcastChannel).
 *
 * It extends the SDK's own class: the session is stored exactly as before, in the same database, so an upgrade of the
 * app keeps everyone signed in. It overrides methods that are not part of the SDK's public types (startPolling,
 * _poll, _set, _remove): auth-persistence.test.ts fails if an upgrade of firebase renames them.
 */
import { indexedDBLocalPersistence, type Persistence } from 'firebase/auth';

/**
 * The safety-net poll: how long a change made by a tab that does not broadcast may go unnoticed. Every read of the store
 * is a 15–30 ms task on a slow laptop: at 10 s, 4 of them in Lighthouse's 45 s of a page; at 30 s, one.
 */
export const AUTH_FALLBACK_POLL_MS = 30_000;

/** The channel the tabs of this origin share for the session's changes. */
const AUTH_CHANGE_CHANNEL = 'bo.auth-session';

/** The members of the SDK's IndexedDB persistence class this module relies on. */
export interface PolledPersistence {
  pollTimer: ReturnType<typeof setInterval> | null;
  startPolling(): void;
  stopPolling(): void;
  _poll(): Promise<string[]>;
  _set(key: string, value: unknown): Promise<void>;
  _remove(key: string): Promise<void>;
}

type PersistenceClass = new () => PolledPersistence;

/**
 * `Base` (the SDK's class, or a test's) with the broadcast in place of the fast poll. Where BroadcastChannel does not
 * exist only the slow poll remains, as in a tab of an older build.
 */
export function withBroadcastChanges(Base: PersistenceClass): PersistenceClass {
  return class BroadcastPersistence extends Base {
    private readonly channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(AUTH_CHANGE_CHANNEL);

    constructor() {
      super();
      if (this.channel) this.channel.onmessage = () => void this._poll();
    }

    override startPolling(): void {
      this.stopPolling();
      this.pollTimer = setInterval(() => void this._poll(), AUTH_FALLBACK_POLL_MS);
    }

    override async _set(key: string, value: unknown): Promise<void> {
      await super._set(key, value);
      this.channel?.postMessage(1);
    }

    override async _remove(key: string): Promise<void> {
      await super._remove(key);
      this.channel?.postMessage(1);
    }
  };
}

/** The persistence Auth is initialised with (lib/firebase-app.ts). */
export const broadcastIndexedDbPersistence = withBroadcastChanges(indexedDBLocalPersistence as unknown as PersistenceClass) as unknown as Persistence;
