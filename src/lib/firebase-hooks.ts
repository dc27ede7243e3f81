/**
 * The one small subscription helper screens build their hooks on. Every listener has an error callback, and
 * answers of a listener whose key has changed are never shown (the state is tagged with its key).
 */
import type { DocumentReference, Query } from 'firebase/firestore';
import { listenToDocument, listenToQuery } from './firebase-listen';
import { listenToQueryInRanges } from './firebase-ranges';
import { useKeyedListener, type Loadable } from './live-state';

export type { Loadable } from './live-state';

/** Live document; `null` ref = nothing to read (stays loading). `data` is undefined when it does not exist. */
export function useLiveDocument<T>(ref: DocumentReference<T> | null, key: string): Loadable<T | undefined> {
  return useKeyedListener<T | undefined>(key, ref !== null, (set) => (ref ? listenToDocument(ref, set) : () => undefined));
}

export function useLiveQuery<T>(query: Query<T> | null, key: string): Loadable<T[]> {
  return useKeyedListener<T[]>(key, query !== null, (set) => (query ? listenToQuery(query, set) : () => undefined));
}

/** A live query read in consecutive id ranges (lib/firebase-ranges.ts: big lists on the emulator); null = nothing. */
export function useLiveQueryInRanges<T>(queries: readonly Query<T>[] | null, key: string): Loadable<T[]> {
  return useKeyedListener<T[]>(key, queries !== null, (set) => (queries ? listenToQueryInRanges(queries, set) : () => undefined));
}
