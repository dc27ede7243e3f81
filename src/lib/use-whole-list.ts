import { useEffect } from 'react';
import { cacheHoldsWholeList, markWholeListCached } from './cache-owner';
import type { Loadable } from './live-state';

/**
 * Whether a live list read in parts (lib/firebase-ranges.ts) may be shown as it is. Its answers from the browser's
 * cache are the list only on a device whose cache has held the whole list once (a repeat visit: it paints at once)
 * or offline (the copy is all there is). On a device without that copy, online, the cache holds only what other
 * screens happened to read — one product of a sale, the customer of an invoice — and showing it would flash a short
 * list that the server's answer then replaces, moving the page; the screen shows its first rows or its skeleton
 * until the server has answered every part. `name` identifies the list and its shop ('products:<shop>').
 */
export function useWholeListShown<T>(name: string | undefined, live: Loadable<T[]>, online: boolean): live is Extract<Loadable<T[]>, { status: 'ready' }> {
  const fromServer = live.status === 'ready' && live.sync?.fromCache !== true;
  useEffect(() => {
    if (name && fromServer) markWholeListCached(name);
  }, [name, fromServer]);
  if (live.status !== 'ready' || !name) return false;
  return fromServer || !online || cacheHoldsWholeList(name);
}
