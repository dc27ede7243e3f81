/**
 * A shop's big live list (the catalogue, the customer directory: domain/lists/shop-lists.ts) as the screens get it:
 * - on a device whose cache does not hold the whole list, online: the list's bundle first (lib/firebase-bundle.ts),
 *   loaded into the cache and marked as the whole list (lib/cache-owner.ts);
 * - whenever the cache holds the whole list (a reload, or right after the bundle): the cache's copy read in one query
 *   and shown as the list at once, while the ranges' listeners open behind it, one after another, from the bundle's
 *   named queries (each resumes from the bundle's read time) and replace their part as they answer;
 * - otherwise (no bundle: refused, failed, offline) the ranges as before (lib/firebase-ranges.ts).
 */
import { getDocsFromCache, type Query } from 'firebase/firestore';
import { splitByIdRange } from '@/domain/ids/id-ranges';
import { shopListBounds, shopListRanges, wholeListName, type ShopList } from '@/domain/lists/shop-lists';
import { cacheHoldsWholeList, markWholeListCached } from './cache-owner';
import { loadListBundle, namedQueries } from './firebase-bundle';
import { isOffline } from './firebase-errors';
import { idRangeQueries, listenToQueryInRanges } from './firebase-ranges';
import type { Loadable } from './live-state';

export interface WholeListSource<T> {
  list: ShopList;
  shopId: string;
  /** The whole list's query (the shop's documents, with the collection's converter). */
  whole: Query<T>;
  idOf: (item: T) => string;
}

interface WholeListOptions {
  online?: () => boolean;
  /** Loads the list's bundle into the cache (tests pass their own). */
  loadBundle?: (list: ShopList, shopId: string) => Promise<boolean>;
}

/** The cache's copy of the whole list, split by range; undefined when the cache cannot answer. */
async function cachedParts<T>(source: WholeListSource<T>): Promise<T[][] | undefined> {
  try {
    const snapshot = await getDocsFromCache(source.whole);
    return splitByIdRange(snapshot.docs.map((d) => d.data()), source.idOf, shopListBounds(source.list, source.shopId));
  } catch {
    return undefined;
  }
}

export function listenToWholeList<T>(source: WholeListSource<T>, set: (value: Loadable<T[]>) => void, options: WholeListOptions = {}): () => void {
  const online = options.online ?? (() => !isOffline());
  const load = options.loadBundle ?? loadListBundle;
  const ranges = shopListRanges(source.list, source.shopId);
  const mark = wholeListName(source.list, source.shopId);
  let stop: (() => void) | undefined;
  let stopped = false;
  const start = (queries: readonly Query<T>[], seed?: readonly (readonly T[])[]) => {
    if (!stopped && !stop) stop = listenToQueryInRanges(queries, set, { online, seed });
  };

  const prepare = async () => {
    if (!cacheHoldsWholeList(mark) && online() && (await load(source.list, source.shopId))) markWholeListCached(mark);
    if (stopped) return;
    if (!cacheHoldsWholeList(mark)) return start(idRangeQueries(source.whole, ranges));
    const [named, seed] = await Promise.all([namedQueries(ranges.map((r) => r.name), source.whole), cachedParts(source)]);
    start(named ?? idRangeQueries(source.whole, ranges), seed);
  };
  prepare().catch(() => start(idRangeQueries(source.whole, ranges)));

  return () => {
    stopped = true;
    stop?.();
  };
}
