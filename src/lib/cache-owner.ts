/**
 * Whose documents the browser's Firestore cache holds: a mark in localStorage, and whether this page has started
 * Firestore. Written by lib/firebase.ts when it opens an instance and by lib/local-cache.ts when it clears the cache;
 * its own module so that the two need not import each other (local-cache loads lib/firebase only to clear).
 */

/** localStorage: the uid whose documents the cache holds ('?' = created before Auth knew the user). */
export const CACHE_OWNER_KEY = 'bo.cacheOwner';

let loaded = false;

export function readCacheOwner(): string | undefined {
  try {
    return localStorage.getItem(CACHE_OWNER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeCacheOwner(uid: string | undefined): void {
  try {
    if (uid === undefined) localStorage.removeItem(CACHE_OWNER_KEY);
    else localStorage.setItem(CACHE_OWNER_KEY, uid);
  } catch {
    // storage unavailable: the cache is cleared at every sign-out anyway
  }
}

/** lib/firebase.ts, when it creates an instance: the cache now holds (or will hold) this user's documents. */
export function markCacheOwner(uid: string | undefined): void {
  loaded = true;
  if (uid) writeCacheOwner(uid);
  else if (readCacheOwner() === undefined) writeCacheOwner('?');
}

/** After the cache was deleted: no instance, no owner. */
export function forgetCacheOwner(): void {
  loaded = false;
  writeCacheOwner(undefined);
}

/** Whether this page has started Firestore (so it may have writes in flight). */
export const cacheInUse = (): boolean => loaded;
