/**
 * Whether this page reaches Firestore now (issue 26 §3). The SDK has no public "online" flag, but a listener with
 * metadata changes is told when its answers stop being the server's (`fromCache` turns true when the SDK gives up
 * on the stream: a lost network, or the database unreachable) and when they are again. One small listener on the
 * signed-in user's own document (the shell's; 1 read per page) feeds the shell's connection banner; the browser's
 * `offline` event is taken at once. After the connection returns, the state is 'syncing' until every write the SDK
 * kept queued meanwhile is confirmed by the server (`waitForPendingWrites`).
 */
import { doc, onSnapshot, waitForPendingWrites } from 'firebase/firestore';
import { db } from './firebase';

export type ConnectionState = 'online' | 'offline' | 'syncing';

export function watchConnection(userPath: string, onChange: (state: ConnectionState) => void): () => void {
  let stopped = false;
  // Offline is said only once the server has answered in this page, or the browser says it has no network:
  // a first answer from the cache (persistent cache, page opened offline) is not yet a lost connection.
  let reached = false;
  let serverAnswers = false;
  let last: ConnectionState = 'online';
  let syncRound = 0;
  const emit = (state: ConnectionState) => {
    if (stopped || state === last) return;
    last = state;
    onChange(state);
  };
  const update = () => {
    const browserOnline = typeof navigator === 'undefined' || navigator.onLine;
    if (!browserOnline || (reached && !serverAnswers)) {
      emit('offline');
      return;
    }
    if (!serverAnswers) return;
    if (last !== 'offline') return;
    // Back: the writes queued while away go out now; 'syncing' until the server has confirmed all of them.
    emit('syncing');
    const round = ++syncRound;
    waitForPendingWrites(db()).then(
      () => {
        if (round === syncRound && serverAnswers) emit('online');
      },
      () => undefined,
    );
  };
  const unsubscribe = onSnapshot(
    doc(db(), userPath),
    { includeMetadataChanges: true },
    (snapshot) => {
      serverAnswers = !snapshot.metadata.fromCache;
      if (serverAnswers) reached = true;
      update();
    },
    // Refused (rules) or failed: this listener can tell nothing; the browser's events still can.
    () => undefined,
  );
  const onNetwork = () => update();
  window.addEventListener('online', onNetwork);
  window.addEventListener('offline', onNetwork);
  update();
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('online', onNetwork);
    window.removeEventListener('offline', onNetwork);
  };
}
