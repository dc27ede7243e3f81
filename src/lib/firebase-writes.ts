/**
 * A user's write with the persistent cache. Firestore applies a write to the local cache at once
 * and keeps it queued (in IndexedDB, across reloads) until the server confirms it. Online, the screen waits for
 * that confirmation as before (`confirmedWrite`: at most 20 s, then 'write-unconfirmed'). Without a connection
 * (the browser says offline, before or while waiting) the write is accepted as pending: the promise resolves
 * 'queued' once the write is in the local cache; the lists show it as waiting and the SDK sends it when the
 * connection returns. Callers use stable ids, so a repeated save never makes a second document.
 */
import { getDocFromCache, type DocumentReference } from 'firebase/firestore';
import { confirmedWrite, isOffline } from './firebase-errors';

export type SaveOutcome = 'saved' | 'queued';

/** What a screen says of a save accepted as pending: kept on this device, sent when the connection returns. */
export const SAVED_OFFLINE = 'Nessuna connessione: modifica salvata su questo dispositivo, verrà inviata al server al ritorno della connessione.';
/** Appended to a deletion's message when it was accepted as pending. */
export const DELETED_OFFLINE = ' (nessuna connessione: l’eliminazione verrà inviata al server al ritorno della connessione)';

/** The browser says it has no network (lib/firebase-errors.ts). */
export { isOffline };

export function savedOrQueued(write: Promise<unknown>, ref: DocumentReference<unknown>): Promise<SaveOutcome> {
  // A write the server refuses after it was accepted as pending: the SDK takes it back from the cache (the
  // list shows the server's version again); nothing else to do here but say it.
  write.catch((error: unknown) => console.warn('Scrittura rifiutata dal server', error));
  return new Promise<SaveOutcome>((resolve, reject) => {
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      window.removeEventListener('offline', queue);
      settle();
    };
    function queue() {
      // Read after the write on the SDK's queue: it resolves once the write is in the local cache.
      getDocFromCache(ref)
        .catch(() => undefined)
        .then(() => finish(() => resolve('queued')), () => undefined);
    }
    if (isOffline()) {
      queue();
      return;
    }
    window.addEventListener('offline', queue);
    confirmedWrite(write).then(
      () => finish(() => resolve('saved')),
      (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}
