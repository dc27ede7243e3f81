/**
 * A shop's big list in one piece on a device whose cache lacks it: the Cloud Function listBundle
 * (functions/src/list-bundle.ts) answers a Firestore data bundle — the list's documents and one named query per id
 * range — which `loadBundle` writes into this browser's persistent cache. The live listeners then open those named
 * queries (namedQueries), so each range resumes from the bundle's read time and only what changed since travels.
 *
 * Every failure (no answer, refused, an older server without the function, a broken bundle) answers false: the
 * caller reads the list as before, range by range, and the user sees no message about it.
 */
import { loadBundle, namedQuery, type Query } from 'firebase/firestore';
import { appEnv } from '@/config/env';
import type { ShopList } from '@/domain/lists/shop-lists';
import { auth } from './firebase-app';
import { db } from './firebase';

/** A first visit waits this long for the bundle at most, then reads the list range by range. */
export const BUNDLE_TIMEOUT_MS = 60_000;

export const listBundleUrl = (list: ShopList, shopId: string): string =>
  `${appEnv().functionsUrl}/listBundle?list=${encodeURIComponent(list)}&shop=${encodeURIComponent(shopId)}`;

/** Fetches the list's bundle and loads it into the cache; true when every document and named query is in. */
export async function loadListBundle(list: ShopList, shopId: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<boolean> {
  const user = auth().currentUser;
  if (!user) return false;
  try {
    const token = await user.getIdToken();
    const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? BUNDLE_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
    // The browser asks for gzip by itself and inflates the answer: the bundle travels about 7 times smaller.
    const response = await fetch(listBundleUrl(list, shopId), { headers: { Authorization: `Bearer ${token}` }, signal });
    if (!response.ok) return false;
    // In a browser the stream goes to the SDK as it arrives (the bundle is never held whole); the SDK's Node build
    // (integration tests) reads bytes only.
    const inBrowser = typeof window !== 'undefined';
    const bytes = () => response.arrayBuffer().then((b) => new Uint8Array(b) as unknown as ArrayBuffer);
    await loadBundle(db(), inBrowser && response.body ? response.body : await bytes());
    return true;
  } catch {
    return false;
  }
}

/**
 * The named queries of a loaded bundle, with the converter of `like` (the collection's own, src/data); undefined when
 * any is missing from the cache (a cache cleared since, a bundle never loaded).
 */
export async function namedQueries<T>(names: readonly string[], like: Query<T>): Promise<Query<T>[] | undefined> {
  try {
    const found = await Promise.all(names.map((name) => namedQuery(db(), name)));
    const present = found.filter((q) => q !== null);
    if (present.length < names.length) return undefined;
    const converter = like.converter;
    return present.map((q) => (converter ? q.withConverter(converter) : (q as Query<T>)));
  } catch {
    return undefined;
  }
}
