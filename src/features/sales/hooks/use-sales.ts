import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Sale } from '@/data/sale';
import { salesReadSizes, SALES_QUERY_LIMIT } from '@/domain/sales/sales-list';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { nextTask } from '@/lib/tasks';
import { cursorAfter, employeeName, listedSales, loadSalesPage, recentSalesQuery } from '../api';

export const SALES_LOAD_ERROR = 'Impossibile recuperare le vendite. Riprova più tardi.';

export interface SaleRow {
  sale: Sale;
  employeeName: string;
}

/** The live answer with its employee names, once they are known (names are read once per employee). */
interface Named {
  key: string;
  documents: readonly Sale[];
  rows: SaleRow[];
}

/** What 'Carica altre' added after the live list. */
interface More {
  key: string;
  rows: SaleRow[];
  loading: boolean;
  error: string | undefined;
  hasMore: boolean;
  /** The id of the last document read ('Carica altre' goes on after it). */
  lastId: string | undefined;
}

async function withNames(sales: readonly Sale[]): Promise<SaleRow[]> {
  const names = await Promise.all(sales.map((s) => employeeName(s.employeeId)));
  return sales.map((sale, i) => ({ sale, employeeName: names[i] ?? 'Unknown' }));
}

/**
 * The shop's sales with their employee names: the SALES_QUERY_LIMIT most recent, live (a reload resumes them from
 * the persistent cache: only what changed is read), and `loadMore` appends the next 500 from a cursor after the
 * last one, as before. A sale made at the till while the screen is open appears at the top by itself.
 */
export function useSales(shopId: string | undefined) {
  const q = useMemo(() => (shopId ? recentSalesQuery(shopId) : null), [shopId]);
  const key = shopId ?? '';
  const live = useLiveQuery(q, `sales:${key}`);
  const [named, setNamed] = useState<Named | undefined>();
  const [more, setMore] = useState<More | undefined>();
  const generation = useRef(0);

  const documents = live.status === 'ready' ? live.data : undefined;
  useEffect(() => {
    if (!documents) return;
    let stopped = false;
    void withNames(listedSales(documents)).then((rows) => {
      if (!stopped) setNamed({ key, documents, rows });
    });
    return () => {
      stopped = true;
    };
  }, [documents, key]);

  const liveRows = named?.key === key ? named.rows : undefined;
  const liveFull = named?.key === key && named.documents.length === SALES_QUERY_LIMIT;
  const liveLastId = named?.key === key ? named.documents.at(-1)?.id : undefined;
  const extra = more?.key === key ? more : undefined;

  const loadMore = useCallback(async () => {
    const lastId = extra ? extra.lastId : liveLastId;
    if (!shopId || !lastId) return;
    const mine = ++generation.current;
    setMore((m) => ({ key, rows: m?.key === key ? m.rows : [], loading: true, error: undefined, hasMore: true, lastId }));
    try {
      // Read in chunks, one per task, so no single answer holds the main thread for long.
      let after = await cursorAfter(lastId);
      for (const [index, size] of salesReadSizes().entries()) {
        if (index > 0) await nextTask();
        const page = await loadSalesPage(shopId, after, size);
        const rows = await withNames(page.sales);
        if (mine !== generation.current) return;
        after = page.cursor ?? after;
        const done = !page.hasMore;
        setMore((m) => ({ key, rows: [...(m?.key === key ? m.rows : []), ...rows], loading: !done && index < salesReadSizes().length - 1, error: undefined, hasMore: page.hasMore, lastId: after.id }));
        if (done) break;
      }
    } catch {
      if (mine !== generation.current) return;
      // The rows already shown stay.
      setMore((m) => ({ key, rows: m?.key === key ? m.rows : [], loading: false, error: SALES_LOAD_ERROR, hasMore: true, lastId }));
    }
  }, [shopId, key, extra, liveLastId]);

  const rows = useMemo(() => (liveRows && extra ? [...liveRows, ...extra.rows] : (liveRows ?? [])), [liveRows, extra]);
  return {
    rows,
    loading: live.status === 'loading' || (live.status === 'ready' && liveRows === undefined) || (extra?.loading ?? false),
    error: live.status === 'error' ? SALES_LOAD_ERROR : extra?.error,
    hasMore: extra ? extra.hasMore : liveFull,
    loadMore: () => void loadMore(),
  };
}
