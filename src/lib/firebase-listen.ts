/**
 * The two live listeners behind every live read, feeding a Loadable (every listener has an error callback).
 * lib/firebase-hooks.ts imports this module statically; lib/firebase-deferred.ts loads it with `import()`, so the
 * shell's chrome does not wait for Firestore (it keeps `onSnapshot` a named import: the SDK stays tree-shaken).
 *
 * With the persistent cache an answer can come from the browser's copy first; the listeners ask
 * for metadata changes, so the screen also hears when the server confirms the copy or a pending write
 * (`sync`), with the same data array when only the metadata changed.
 */
import { onSnapshot, type DocumentReference, type Query } from 'firebase/firestore';
import { italianError } from './firebase-errors';
import { NO_PENDING, type Loadable } from './live-state';

const WITH_METADATA = { includeMetadataChanges: true } as const;

export function listenToDocument<T>(ref: DocumentReference<T>, set: (value: Loadable<T | undefined>) => void): () => void {
  return onSnapshot(
    ref,
    WITH_METADATA,
    (snapshot) =>
      set({
        status: 'ready',
        data: snapshot.exists() ? snapshot.data() : undefined,
        error: undefined,
        sync: { fromCache: snapshot.metadata.fromCache, pendingIds: snapshot.metadata.hasPendingWrites ? new Set([ref.id]) : NO_PENDING },
      }),
    (error) => set({ status: 'error', data: undefined, error: italianError(error) }),
  );
}

export function listenToQuery<T>(query: Query<T>, set: (value: Loadable<T[]>) => void): () => void {
  let last: T[] | undefined;
  return onSnapshot(
    query,
    WITH_METADATA,
    (snapshot) => {
      // Only the metadata changed (server confirmation, connection state): the screen keeps its data array.
      const data = last && snapshot.docChanges().length === 0 ? last : snapshot.docs.map((d) => d.data());
      last = data;
      const pendingIds = snapshot.metadata.hasPendingWrites ? new Set(snapshot.docs.filter((d) => d.metadata.hasPendingWrites).map((d) => d.id)) : NO_PENDING;
      set({ status: 'ready', data, error: undefined, sync: { fromCache: snapshot.metadata.fromCache, pendingIds } });
    },
    (error) => set({ status: 'error', data: undefined, error: italianError(error) }),
  );
}
