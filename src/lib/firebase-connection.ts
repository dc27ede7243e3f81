/**
 * Whether this page reaches Firestore now. The SDK has no public "online" flag, but a listener with
 * metadata changes is told when its answers stop being the server's (`fromCache` turns true when the SDK gives up
 * on the stream: a lost network, or the database unreachable) and when they are again. One small listener on the
 * signed-in user's own document (the shell's; 1 read per page) feeds the shell's connection banner; the browser's
 * `offline` event is taken at once; while offline is said with the browser online, a small server read every few
 * seconds (`scheduleProbe`) tells when the database answers again. After the connection returns, the state is
 * 'syncing' until every write the SDK kept queued meanwhile is confirmed by the server (`waitForPendingWrites`).
 * While all is well and someone works at the page, a request to the database's origin every HEARTBEAT_MS
 * (`scheduleHeartbeat`: no document read) notices a database that stopped answering with the browser online, which
 * the SDK can take minutes to admit.
 */
import { collection, doc, getDocsFromServer, limit, onSnapshot, query, waitForPendingWrites, where } from 'firebase/firestore';
import { db, firestoreOrigin } from './firebase';
import { confirmedWrite, isOffline } from './firebase-errors';

export type ConnectionState = 'online' | 'offline' | 'syncing';

/** The signed-in user's own document: its collection and id (the account's uid, also its `userId` field). */
export interface WatchedUser {
  collection: string;
  uid: string;
}

/** While the banner says offline with the browser online: the first server probe, then one every PROBE_EVERY_MS. */
const FIRST_PROBE_MS = 3_000;
const PROBE_EVERY_MS = 10_000;
/** While the banner says nothing, how often the database's origin is asked whether it answers at all. */
export const HEARTBEAT_MS = 15_000;
/**
 * The heartbeat goes only while someone works at the page: a click, a key or a typed value in the last
 * HEARTBEAT_IDLE_MS. A page left alone (a screen read from afar, a tab forgotten open, a page just loaded) asks
 * nothing: its saves are what the heartbeat protects, and the first input after a pause asks at once.
 */
export const HEARTBEAT_IDLE_MS = 120_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Whether the database's origin answers: any HTTP answer counts (an opaque one, `no-cors`); only a refused, reset
 * or silent connection does not. Reads nothing, costs nothing on the bill.
 */
async function originAnswers(url: string, ms: number): Promise<boolean> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms);
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: stop.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function watchConnection(user: WatchedUser, onChange: (state: ConnectionState) => void): () => void {
  let stopped = false;
  // Offline is said only once the server has answered in this page, or the browser says it has no network:
  // a first answer from the cache (persistent cache, page opened offline) is not yet a lost connection.
  let reached = false;
  let serverAnswers = false;
  // A one-shot server read that succeeded since the listener last fell back to the cache (see `scheduleProbe`).
  let probeAnswered = false;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  // The database's origin did not answer the last heartbeat: whatever the listener says, it is unreachable now.
  let originDown = false;
  let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  // When the user last clicked, pressed a key or typed in this page; none yet on a page just loaded.
  let lastActivity = Number.NEGATIVE_INFINITY;
  // The heartbeat stopped for want of activity: the next input starts it again at once.
  let dormant = true;
  let last: ConnectionState = 'online';
  let syncRound = 0;
  const emit = (state: ConnectionState) => {
    if (stopped || state === last) return;
    last = state;
    onChange(state);
  };
  const reachable = () => !originDown && (serverAnswers || probeAnswered);
  const update = () => {
    const online = !isOffline();
    if (!online || (reached && !reachable())) {
      emit('offline');
      if (online) scheduleProbe(FIRST_PROBE_MS);
      return;
    }
    scheduleHeartbeat();
    if (!reachable()) return;
    if (last !== 'offline') return;
    // Back: the writes queued while away go out now; 'syncing' until the server has confirmed all of them.
    emit('syncing');
    const round = ++syncRound;
    waitForPendingWrites(db()).then(
      () => {
        if (round === syncRound && reachable()) emit('online');
      },
      () => undefined,
    );
  };
  /**
   * The listener alone can stay on the cache after the network returns: a resumed document target is sometimes never
   * marked current again (seen with the Firestore emulator after an import cut off by the network: the page's query
   * targets answered within a second, the user's document never did, and the banner said "offline" for minutes).
   * So while the banner says offline and the browser says online, a small server read asks the question directly:
   * the user's own document by query (a query target, answered afresh), one read per probe, nothing while all is well.
   */
  function scheduleProbe(ms: number) {
    if (probeTimer !== undefined || stopped) return;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      if (stopped || last !== 'offline' || isOffline()) return;
      // An answer lost on the way would leave the read pending for good: past PROBE_EVERY_MS (the project's one
      // "the server must answer within" helper) the next probe goes.
      confirmedWrite(getDocsFromServer(query(collection(db(), user.collection), where('userId', '==', user.uid), limit(1))), PROBE_EVERY_MS).then(
        () => {
          probeAnswered = true;
          originDown = false;
          reached = true;
          update();
        },
        () => scheduleProbe(PROBE_EVERY_MS),
      );
    }, ms);
  }
  /**
   * The SDK's channel retries a database that stopped answering (refused or reset connections) for a minute or more
   * before its listeners fall back to the cache (seen with the emulator cut mid-session: no banner within 60 s, in 3 of
   * 8 runs), while the user keeps typing into forms whose saves cannot be confirmed. A plain request to the origin
   * tells at once; with the browser online and the page shown, while someone works at it (HEARTBEAT_IDLE_MS).
   */
  function scheduleHeartbeat() {
    if (heartbeatTimer !== undefined || stopped || dormant) return;
    heartbeatTimer = setTimeout(() => {
      heartbeatTimer = undefined;
      beat();
    }, HEARTBEAT_MS);
  }
  function beat() {
    if (stopped || last === 'offline' || isOffline()) return;
    if (Date.now() - lastActivity > HEARTBEAT_IDLE_MS) {
      dormant = true;
      return;
    }
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      scheduleHeartbeat();
      return;
    }
    void originAnswers(firestoreOrigin(), PROBE_EVERY_MS).then((answers) => {
      if (stopped) return;
      if (!answers && !isOffline()) {
        // Unreachable with the browser online is a lost connection even if the listener never heard the server in
        // this page (its resumed target can stay unanswered on the emulator, see scheduleProbe).
        originDown = true;
        probeAnswered = false;
        reached = true;
      }
      update();
      if (answers) scheduleHeartbeat();
    });
  }
  const onActivity = () => {
    lastActivity = Date.now();
    if (!dormant) return;
    dormant = false;
    beat();
  };
  const unsubscribe = onSnapshot(
    doc(db(), user.collection, user.uid),
    { includeMetadataChanges: true },
    (snapshot) => {
      serverAnswers = !snapshot.metadata.fromCache;
      if (serverAnswers) reached = true;
      // The listener fell back to the cache: the connection was lost again since the last probe.
      else probeAnswered = false;
      update();
    },
    // Refused (rules) or failed: this listener can tell nothing; the browser's events still can.
    () => undefined,
  );
  const onNetwork = () => {
    // The network went: whatever a probe said before is old news.
    if (isOffline()) probeAnswered = false;
    update();
  };
  window.addEventListener('online', onNetwork);
  window.addEventListener('offline', onNetwork);
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
  update();
  return () => {
    stopped = true;
    clearTimeout(probeTimer);
    clearTimeout(heartbeatTimer);
    unsubscribe();
    window.removeEventListener('online', onNetwork);
    window.removeEventListener('offline', onNetwork);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  };
}
