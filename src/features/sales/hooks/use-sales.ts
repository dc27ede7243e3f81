import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Sale } from '@/data/sale';
import { firstPageHoldsAll, firstPageSettled, salesReadSizes, SALES_FIRST_LIVE, SALES_QUERY_LIMIT, windowAnswerComplete } from '@/domain/sales/sales-list';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { nextTask } from '@/lib/tasks';
import { useConnection } from '@/stores/connection';
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
  /** The answer of the whole window's query (else of the first page's). */
  whole: boolean;
  /** The rows are all there is to list: the whole window, or a first page holding every sale of the shop. */
  complete: boolean;
  /** The rows are the first page as it is, not a cache's partial answer (firstPageSettled). */
  settled: boolean;
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
  const names = await Promise.all(sales.map((s) => employeeName(s.employeeId, s.userId)));
  return sales.map((sale, i) => ({ sale, employeeName: names[i] ?? 'Unknown' }));
}

/**
 * The shop's sales with their employee names, live: first the SALES_FIRST_LIVE most recent (the first page), and
 * once `loadWhole` is called the SALES_QUERY_LIMIT most recent (both resumed from the persistent cache on a reload:
 * only what changed is read); `complete` says the rows are the whole window (or all the shop has). `loadMore`
 * appends the next 500 from a cursor after the last one, as before. A sale made at the till while the screen is
 * open appears at the top by itself.
 */
export function useSales(shopId: string | undefined) {
  const key = shopId ?? '';
  // The shop whose whole window was asked for (another shop chosen starts again from its first page).
  const [wholeFor, setWholeFor] = useState<string | undefined>();
  const wantWhole = shopId !== undefined && wholeFor === shopId;
  const wholeQuery = useMemo(() => (shopId && wantWhole ? recentSalesQuery(shopId) : null), [shopId, wantWhole]);
  const whole = useLiveQuery(wholeQuery, `sales:${key}`);
  const offline = useConnection((c) => c.state) === 'offline';
  const wholeReady = whole.status === 'ready' && windowAnswerComplete({ fromCache: whole.sync?.fromCache === true, size: whole.data.length, offline });
  // Once the window is there the first page's listener stops: the window holds its sales.
  const firstQuery = useMemo(() => (shopId && !wholeReady ? recentSalesQuery(shopId, SALES_FIRST_LIVE) : null), [shopId, wholeReady]);
  const first = useLiveQuery(firstQuery, `sales-first:${key}`);
  const live = wholeReady ? whole : first;
  const [named, setNamed] = useState<Named | undefined>();
  const [more, setMore] = useState<More | undefined>();
  const generation = useRef(0);

  const documents = live.status === 'ready' ? live.data : undefined;
  const firstAnswer = first.status === 'ready' ? { fromCache: first.sync?.fromCache === true, size: first.data.length, offline } : undefined;
  const complete = wholeReady || (firstAnswer !== undefined && firstPageHoldsAll(firstAnswer));
  const firstSettled = wholeReady || (firstAnswer !== undefined && firstPageSettled(firstAnswer));
  useEffect(() => {
    if (!documents) return;
    let stopped = false;
    void withNames(listedSales(documents)).then((rows) => {
      if (!stopped) setNamed({ key, documents, rows, whole: wholeReady, complete, settled: firstSettled });
    });
    return () => {
      stopped = true;
    };
  }, [documents, key, wholeReady, complete, firstSettled]);

  const current = named?.key === key ? named : undefined;
  const liveRows = current?.rows;
  const rowsComplete = current?.complete === true;
  const liveFull = current?.whole === true && current.documents.length === SALES_QUERY_LIMIT;
  const liveLastId = current?.whole ? current.documents.at(-1)?.id : undefined;
  const extra = more?.key === key ? more : undefined;
  const loadWhole = useCallback(() => {
    if (shopId) setWholeFor(shopId);
  }, [shopId]);

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
  // Who waits for the whole window (the export asked before it was read).
  const waiters = useRef<{ resolve: (rows: SaleRow[]) => void; reject: (error: Error) => void }[]>([]);
  const wholeFailed = whole.status === 'error';
  useEffect(() => {
    if (rowsComplete) for (const w of waiters.current.splice(0)) w.resolve(rows);
    else if (wholeFailed) for (const w of waiters.current.splice(0)) w.reject(new Error(SALES_LOAD_ERROR));
  }, [rowsComplete, rows, wholeFailed]);
  const wholeRows = useCallback((): Promise<SaleRow[]> => {
    if (rowsComplete) return Promise.resolve(rows);
    loadWhole();
    return new Promise((resolve, reject) => waiters.current.push({ resolve, reject }));
  }, [rowsComplete, rows, loadWhole]);
  return {
    rows,
    /** The rows are the whole window of SALES_QUERY_LIMIT (or every sale of the shop): filters and pager may use them. */
    complete: rowsComplete,
    /** The rows are the first page as it is (not a cache's partial answer): how many there are may be trusted. */
    settled: current?.settled === true,
    loading: live.status === 'loading' || (live.status === 'ready' && liveRows === undefined) || (extra?.loading ?? false),
    /** The whole window was asked for and is on its way. */
    loadingWhole: wantWhole && !rowsComplete && whole.status !== 'error',
    error: wholeFailed || first.status === 'error' ? SALES_LOAD_ERROR : extra?.error,
    hasMore: extra ? extra.hasMore : liveFull,
    loadMore: () => void loadMore(),
    loadWhole,
    /** The whole window's rows, once read (asks for it). */
    wholeRows,
  };
}
