/**
 * The one small subscription helper screens build their hooks on. Every listener has an error callback, and
 * answers of a listener whose key has changed are never shown (the state is tagged with its key).
 */
import { onSnapshot, type DocumentReference, type Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { italianError } from './firebase-errors';

export type Loadable<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: string };

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

type Keyed<T> = { key: string; value: Loadable<T> };

function useKeyedListener<T>(key: string, enabled: boolean, listen: (set: (value: Loadable<T>) => void) => () => void): Loadable<T> {
  const [state, setState] = useState<Keyed<T> | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    return listen((value) => setState({ key, value }));
    // `key` stands for the reference or query, which is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  return state && state.key === key ? state.value : LOADING;
}

/** Live document; `null` ref = nothing to read (stays loading). `data` is undefined when it does not exist. */
export function useLiveDocument<T>(ref: DocumentReference<T> | null, key: string): Loadable<T | undefined> {
  return useKeyedListener<T | undefined>(key, ref !== null, (set) =>
    ref
      ? onSnapshot(
          ref,
          (snapshot) => set({ status: 'ready', data: snapshot.exists() ? snapshot.data() : undefined, error: undefined }),
          (error) => set({ status: 'error', data: undefined, error: italianError(error) }),
        )
      : () => undefined,
  );
}

export function useLiveQuery<T>(query: Query<T> | null, key: string): Loadable<T[]> {
  return useKeyedListener<T[]>(key, query !== null, (set) =>
    query
      ? onSnapshot(
          query,
          (snapshot) => set({ status: 'ready', data: snapshot.docs.map((d) => d.data()), error: undefined }),
          (error) => set({ status: 'error', data: undefined, error: italianError(error) }),
        )
      : () => undefined,
  );
}
