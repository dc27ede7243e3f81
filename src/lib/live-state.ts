/**
 * The state every live read hands to a screen, and the keyed listener hook behind it. No Firebase import here:
 * lib/firebase-hooks.ts (the screens' helper) and lib/firebase-deferred.ts (the shell's, which loads the SDK on
 * demand) are both built on it.
 */
import { useEffect, useState } from 'react';
import { afterFirstScreen } from './first-screen';

/**
 * Where a live answer comes from (persistent cache): `fromCache` = the browser's copy (a repeat
 * visit before the server answers, or no connection), possibly not up to date; `pendingIds` = documents with a
 * write of this browser the server has not confirmed yet (made offline: sent when the connection returns).
 */
export interface SyncState {
  fromCache: boolean;
  pendingIds: ReadonlySet<string>;
  /** Only part of the list so far: a list read in ranges (lib/firebase-ranges.ts) before every range has answered. */
  partial?: boolean;
}

export type Loadable<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined; sync?: SyncState }
  | { status: 'error'; data: undefined; error: string; kind?: LoadErrorKind };

/** 'incomplete': a list read in parts that did not hear the server for all of them in time (lib/firebase-ranges.ts). */
export type LoadErrorKind = 'incomplete';

/** No document waiting to be sent: one shared empty set, so an unchanged answer keeps an equal value. */
export const NO_PENDING: ReadonlySet<string> = new Set();

/** The documents of `live`'s answer so far that wait to be sent (none while it loads or failed). */
export function pendingIdsOf(live: Loadable<unknown>): ReadonlySet<string> {
  return live.status === 'ready' ? (live.sync?.pendingIds ?? NO_PENDING) : NO_PENDING;
}

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

type Keyed<T> = { key: string; value: Loadable<T> };

/** Answers of a listener whose key has changed are never shown (the state is tagged with its key). */
export function useKeyedListener<T>(key: string, enabled: boolean, listen: (set: (value: Loadable<T>) => void) => () => void): Loadable<T> {
  const [state, setState] = useState<Keyed<T> | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    const cancel = afterFirstScreen(() => {
      stop = listen((value) => setState({ key, value }));
    });
    return () => {
      cancel();
      stop?.();
    };
    // `key` stands for the reference or query, which is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  return state && state.key === key ? state.value : LOADING;
}
