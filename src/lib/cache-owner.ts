/**
 * Whose documents the browser's Firestore cache holds: a mark in localStorage, and whether this page has started
 * Firestore. Written by lib/firebase.ts when it opens an instance and by lib/local-cache.ts when it clears the cache;
 * its own module so that the two need not import each other (local-cache loads lib/firebase only to clear).
 */

/** localStorage: the uid whose documents the cache holds ('?' = created before Auth knew the user). */
export const CACHE_OWNER_KEY = 'bo.cacheOwner';

/**
 * localStorage: the live lists (e.g. 'products:<shop>') whose every document the server has sent to this browser's
 * cache. Until then the cache may hold only the few documents that other screens read (a product of a sale, a
 * customer of an invoice): shown as the list, they would flash a wrong one that the server's answer then replaces
 * and moves. Cleared with the cache.
 */
const WHOLE_LISTS_KEY = 'bo.wholeLists';

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

/** After the cache was deleted: no instance, no owner, no whole list kept. */
export function forgetCacheOwner(): void {
  loaded = false;
  writeCacheOwner(undefined);
  try {
    localStorage.removeItem(WHOLE_LISTS_KEY);
  } catch {
    // storage unavailable: nothing was marked either
  }
}

function wholeLists(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WHOLE_LISTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether this browser's cache holds the whole list `name` (its server answer arrived once since the cache began). */
export function cacheHoldsWholeList(name: string): boolean {
  return wholeLists().includes(name);
}

/** The server has answered every part of the live list `name`: from now on the cache's copy is the list. */
export function markWholeListCached(name: string): void {
  const lists = wholeLists();
  if (lists.includes(name)) return;
  try {
    localStorage.setItem(WHOLE_LISTS_KEY, JSON.stringify([...lists, name]));
  } catch {
    // storage unavailable: the next visit waits for the server, as a first one does
  }
}

/** Whether this page has started Firestore (so it may have writes in flight). */
export const cacheInUse = (): boolean => loaded;
