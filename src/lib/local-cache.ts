/**
 * Whose data the browser's Firestore cache holds, and its clearing (nothing of one signed-in user is
 * shown to the next one on the same browser). The cache (IndexedDB, shared by the tabs) is cleared at logout, when
 * Auth reports the account gone (another tab's logout, a revoked session) and before another account reads.
 * No static Firestore import: the login page and the auth listener load the SDK only when there is a cache.
 */
import { cacheInUse, forgetCacheOwner, readCacheOwner, writeCacheOwner } from './cache-owner';

/** How long a clearing may take before the app goes on (a tab of an older version can block the deletion). */
const CLEAR_TIMEOUT_MS = 10_000;

let chain: Promise<void> = Promise.resolve();
/** One clearing at a time (the logout and the auth listener both ask for it). */
function serial(work: () => Promise<void>): Promise<void> {
  chain = chain.then(work, work);
  return chain;
}

async function clearNow(): Promise<void> {
  if (!cacheInUse() && readCacheOwner() === undefined) return; // nothing cached in this browser
  const { clearLocalCache } = await import('./firebase');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('cache clearing timed out')), CLEAR_TIMEOUT_MS);
  });
  try {
    await Promise.race([clearLocalCache(), timeout]);
    forgetCacheOwner();
  } catch (error) {
    // The owner mark stays: the next sign-in of another account tries again before reading.
    console.warn('Cache locale non cancellata', error);
  } finally {
    clearTimeout(timer);
  }
}

/** Deletes the cache (documents and unsent writes) of whoever was signed in. Never rejects. */
export function clearUserCache(): Promise<void> {
  return serial(clearNow);
}

/** Before `uid` reads anything: a cache of another account is deleted first. Never rejects. */
export function ensureCacheOwner(uid: string): Promise<void> {
  return serial(async () => {
    const owner = readCacheOwner();
    if (owner !== undefined && owner !== '?' && owner !== uid) await clearNow();
    if (cacheInUse() || readCacheOwner() !== undefined) writeCacheOwner(uid);
  });
}
