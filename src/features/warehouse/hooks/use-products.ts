import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Scrap } from '@/data/scrap';
import { useLiveQuery, useLiveWholeList } from '@/lib/firebase-hooks';
import { NO_PENDING, pendingIdsOf, type LoadErrorKind } from '@/lib/live-state';
import { useOnline } from '@/lib/use-online';
import { useWholeListShown } from '@/lib/use-whole-list';
import { cacheHoldsWholeList } from '@/lib/cache-owner';
import { countProducts, firstProductsQuery, FIRST_PAGE_SIZE, productListSource } from '../api';

export interface ProductsState {
  status: 'loading' | 'ready' | 'error';
  products: Scrap[];
  /** True once every range has answered: the whole catalogue (search, export, bulk changes on everything). */
  complete: boolean;
  /** The shop's product count from the aggregation query (first visit on a device), known before the list is complete. */
  total?: number;
  error?: string;
  /** 'incomplete': the list stopped waiting for the server (the screen offers to try again with `reload`). */
  errorKind?: LoadErrorKind;
  /** The list is this browser's copy (persistent cache): no connection, or the server not heard yet. */
  fromCache: boolean;
  /** Products changed here whose write the server has not confirmed yet (made offline). */
  pendingIds: ReadonlySet<string>;
}

const NONE: Scrap[] = [];

/** The ranges read so far and the first rows, each product once (the ranges' copy wins: both are live). */
function withFirstRows(ranges: readonly Scrap[], firstRows: readonly Scrap[]): Scrap[] {
  if (firstRows.length === 0) return [...ranges];
  const seen = new Set(ranges.map((p) => p.id));
  return [...ranges, ...firstRows.filter((p) => !seen.has(p.id))];
}

/**
 * The shop's products (see api.ts): the live catalogue in id ranges and, until every range has answered, the first
 * 100 by name (live too: a repeat visit has them from the cache) and, on a device that had no copy, the count.
 * Writes of this screen, of another tab or of the POS app show up by themselves. `reload` listens again (the
 * cache first, then what changed).
 */
export function useProducts(shopId: string | undefined, options: { firstRows?: boolean } = {}) {
  const firstRows = options.firstRows ?? true;
  const [version, setVersion] = useState(0);
  const key = `${shopId ?? ''}:${String(version)}`;
  const online = useOnline();
  const source = useMemo(() => (shopId ? productListSource(shopId) : null), [shopId]);
  const live = useLiveWholeList(source, `products:${key}`);
  const listName = shopId ? `products:${shopId}` : undefined;
  // On a device without the whole catalogue, the cache's few products (read by other screens) are not the list.
  // Read before useWholeListShown narrows `live`: a list not shown yet may still have answered in part.
  const pendingSoFar = pendingIdsOf(live);
  const liveShown = useWholeListShown(listName, live, online);
  const partial = liveShown && live.sync?.partial === true;
  const liveLoading = !liveShown || partial;
  const firstQuery = useMemo(() => (shopId && firstRows && liveLoading ? firstProductsQuery(shopId) : null), [shopId, firstRows, liveLoading]);
  const first = useLiveQuery(firstQuery, `products-first:${key}`);
  const firstFromCopy = first.status === 'ready' && first.sync?.fromCache === true;
  const copyHeld = listName !== undefined && cacheHoldsWholeList(listName);
  const firstData = first.status === 'ready' && (!firstFromCopy || !online || copyHeld) ? first.data : NONE;
  // A device without the catalogue learns the count from an aggregation while the ranges arrive.
  const coldDevice = first.status === 'ready' && !firstFromCopy && !copyHeld && first.data.length >= FIRST_PAGE_SIZE;
  const [count, setCount] = useState<{ key: string; total: number } | undefined>();
  useEffect(() => {
    if (!shopId || !coldDevice) return;
    let stopped = false;
    countProducts(shopId).then(
      (total) => {
        if (!stopped) setCount({ key, total });
      },
      () => undefined, // the count is a nicety: the list still loads and shows its own length
    );
    return () => {
      stopped = true;
    };
  }, [shopId, key, coldDevice]);

  const liveData = live.status === 'ready' ? live.data : undefined;
  // Rebuilt only when a range's documents changed, not when the server just confirmed a copy.
  const partialList = useMemo(() => (partial && liveData ? withFirstRows(liveData, firstData) : undefined), [partial, liveData, firstData]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const total = count?.key === key ? count.total : undefined;

  let state: ProductsState;
  if (live.status === 'ready' && liveShown) {
    const fromCache = live.sync?.fromCache ?? false;
    // The cache's copy of a catalogue it holds whole is the list at once (what others changed since arrives within
    // seconds, range by range); a copy the cache does not hold whole waits for the server. Offline the copy is all
    // there is: the whole list.
    const complete = !partial && (!fromCache || !online || copyHeld);
    state = { status: 'ready', products: partialList ?? live.data, complete, total: complete ? live.data.length : total, fromCache, pendingIds: pendingSoFar };
  } else if (live.status === 'error') {
    state = { status: 'error', products: NONE, complete: false, error: live.error, errorKind: live.kind, fromCache: false, pendingIds: NO_PENDING };
  } else if (firstData.length > 0) {
    // The ranges that answered already know which products wait to be sent: the first rows carry those marks too.
    state = { status: 'ready', products: firstData, complete: false, total, fromCache: firstFromCopy, pendingIds: pendingSoFar };
  } else {
    state = { status: 'loading', products: NONE, complete: false, fromCache: false, pendingIds: NO_PENDING };
  }
  return { ...state, reload };
}
