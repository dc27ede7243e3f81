import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Customer } from '@/data/customer';
import { useLiveWholeList, type Loadable } from '@/lib/firebase-hooks';
import { cacheHoldsWholeList } from '@/lib/cache-owner';
import { NO_PENDING, pendingIdsOf, type LoadErrorKind } from '@/lib/live-state';
import { useOnline } from '@/lib/use-online';
import { useWholeListShown } from '@/lib/use-whole-list';
import { countCustomers, customerListSource, loadFirstCustomers } from '../api';

/**
 * The shop's customers, live (document 2 §7); null shop = nothing to read. `paused` stops the listener and keeps
 * the last list (same key): while a CSV import writes thousands of customers, a live directory would hear every
 * batch three times (the local write, the server's confirmation, the server's change) and redo the whole list
 * each time — on a big directory that made the import several times slower. It listens again, from the cache
 * first, when the import ends. A new `attempt` listens again (the retry after an incomplete load).
 */
export function useCustomers(shopId: string | undefined, paused = false, attempt = 0): Loadable<Customer[]> {
  const source = useMemo(() => (shopId && !paused ? customerListSource(shopId) : null), [shopId, paused]);
  return useLiveWholeList(source, `customers:${shopId ?? ''}:${String(attempt)}`);
}

export interface CustomerDirectory {
  status: 'loading' | 'ready' | 'error';
  customers: Customer[];
  /** True once the live list answered: the whole directory (search, export on everything). */
  complete: boolean;
  /** The count from the aggregation query while the live list loads. */
  total?: number;
  error?: string;
  /** 'incomplete': the list stopped waiting for the server (the screen offers `retry`). */
  errorKind?: LoadErrorKind;
  /** The list is this browser's copy (persistent cache): no connection, or the server not heard yet. */
  fromCache: boolean;
  /** Customers changed here whose write the server has not confirmed yet (made offline). */
  pendingIds: ReadonlySet<string>;
  /** Listens again (cache first, then the server): the retry of an incomplete load. */
  retry: () => void;
}


interface FirstRows {
  key: string;
  customers: Customer[];
  total?: number;
}

const NONE: Customer[] = [];

/** The ranges read so far and the first rows, each customer once (the ranges' copy wins: it is live). */
function withFirstRows(ranges: readonly Customer[], firstRows: readonly Customer[]): Customer[] {
  if (firstRows.length === 0) return [...ranges];
  const seen = new Set(ranges.map((c) => c.id));
  return [...ranges, ...firstRows.filter((c) => !seen.has(c.id))];
}

/**
 * The directory as the screen shows it: the live list (useCustomers) and, until all its ranges have answered, the
 * first rows from two small queries and the count (api.ts). A failure of the first rows is ignored: the live list still comes,
 * or reports its own error.
 */
export function useCustomerDirectory(shopId: string | undefined, paused = false): CustomerDirectory {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const live = useCustomers(shopId, paused, attempt);
  const online = useOnline();
  const key = shopId ?? '';
  const [first, setFirst] = useState<FirstRows | undefined>();
  // On a device without the whole directory, the cache's few customers (read by other screens) are not the list.
  // Read before useWholeListShown narrows `live`: a list not shown yet may still have answered in part.
  const pendingSoFar = pendingIdsOf(live);
  const liveShown = useWholeListShown(shopId ? `customers:${shopId}` : undefined, live, online);
  const partial = liveShown && live.sync?.partial === true;
  const liveLoading = !liveShown || partial;
  const firstCustomers = first?.key === key ? first.customers : NONE;
  // While the ranges arrive, the first rows stay among what is shown: the first page by name is theirs.
  const partialList = useMemo(() => (partial && liveShown ? withFirstRows(live.data, firstCustomers) : undefined), [partial, liveShown, live, firstCustomers]);

  useEffect(() => {
    if (!shopId || !liveLoading) return;
    let stopped = false;
    loadFirstCustomers(shopId).then(
      (customers) => {
        if (!stopped) setFirst((f) => ({ key: shopId, customers, total: f?.key === shopId ? f.total : undefined }));
      },
      () => undefined,
    );
    countCustomers(shopId).then(
      (total) => {
        if (!stopped) setFirst((f) => ({ key: shopId, customers: f?.key === shopId ? f.customers : NONE, total }));
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [shopId, liveLoading]);

  if (liveShown) {
    const fromCache = live.sync?.fromCache ?? false;
    // The cache's copy of a directory it holds whole is the list at once (changes arrive range by range); a copy it
    // does not hold whole (documents cached by other reads) waits for the server, so search and export wait for
    // that. Offline the copy is all there is: the whole list.
    const copyHeld = cacheHoldsWholeList(`customers:${key}`);
    const complete = !partial && (!fromCache || !online || copyHeld);
    return { status: 'ready', customers: partialList ?? live.data, complete, total: complete ? live.data.length : first?.total, fromCache, pendingIds: pendingSoFar, retry };
  }
  if (live.status === 'error') return { status: 'error', customers: NONE, complete: false, error: live.error, errorKind: live.kind, fromCache: false, pendingIds: NO_PENDING, retry };
  // The ranges that answered already know which customers wait to be sent: the first rows carry those marks too.
  if (first?.key === key && first.customers.length > 0) return { status: 'ready', customers: first.customers, complete: false, total: first.total, fromCache: false, pendingIds: pendingSoFar, retry };
  return { status: 'loading', customers: NONE, complete: false, fromCache: false, pendingIds: NO_PENDING, retry };
}
