/**
 * The one small subscription helper screens build their hooks on. Every listener has an error callback, and
 * answers of a listener whose key has changed are never shown (the state is tagged with its key).
 */
import type { DocumentReference, Query } from 'firebase/firestore';
import { listenToDocument, listenToQuery } from './firebase-listen';
import { listenToWholeList, type WholeListSource } from './firebase-whole-list';
import { useKeyedListener, type Loadable } from './live-state';

export type { Loadable } from './live-state';

/** Live document; `null` ref = nothing to read (stays loading). `data` is undefined when it does not exist. */
export function useLiveDocument<T>(ref: DocumentReference<T> | null, key: string): Loadable<T | undefined> {
  return useKeyedListener<T | undefined>(key, ref !== null, (set) => (ref ? listenToDocument(ref, set) : () => undefined));
}

export function useLiveQuery<T>(query: Query<T> | null, key: string): Loadable<T[]> {
  return useKeyedListener<T[]>(key, query !== null, (set) => (query ? listenToQuery(query, set) : () => undefined));
}

/** A shop's big live list: its bundle on a new device, the cache's copy at once, then the ranges (lib/firebase-whole-list.ts); null = nothing. */
export function useLiveWholeList<T>(source: WholeListSource<T> | null, key: string): Loadable<T[]> {
  return useKeyedListener<T[]>(key, source !== null, (set) => (source ? listenToWholeList(source, set) : () => undefined));
}
