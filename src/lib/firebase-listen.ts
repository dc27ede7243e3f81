/**
 * The two live listeners behind every live read, feeding a Loadable (every listener has an error callback).
 * lib/firebase-hooks.ts imports this module statically; lib/firebase-deferred.ts loads it with `import()`, so the
 * shell's chrome does not wait for Firestore (it keeps `onSnapshot` a named import: the SDK stays tree-shaken).
 */
import { onSnapshot, type DocumentReference, type Query } from 'firebase/firestore';
import { italianError } from './firebase-errors';
import type { Loadable } from './live-state';

export function listenToDocument<T>(ref: DocumentReference<T>, set: (value: Loadable<T | undefined>) => void): () => void {
  return onSnapshot(
    ref,
    (snapshot) => set({ status: 'ready', data: snapshot.exists() ? snapshot.data() : undefined, error: undefined }),
    (error) => set({ status: 'error', data: undefined, error: italianError(error) }),
  );
}

export function listenToQuery<T>(query: Query<T>, set: (value: Loadable<T[]>) => void): () => void {
  return onSnapshot(
    query,
    (snapshot) => set({ status: 'ready', data: snapshot.docs.map((d) => d.data()), error: undefined }),
    (error) => set({ status: 'error', data: undefined, error: italianError(error) }),
  );
}
