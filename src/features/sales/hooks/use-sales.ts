import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Sale } from '@/data/sale';
import { firstPageHoldsAll, firstPageSettled, salesReadSizes, SALES_FIRST_LIVE, SALES_QUERY_LIMIT, windowAnswerComplete } from '@/domain/sales/sales-list';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { nextTask } from '@/lib/tasks';
import { useConnection } from '@/stores/connection';
import { countListedSales, cursorAfter, employeeName, listedSales, loadSalesPage, recentSalesQuery, type SalesCursor, type SalesPeriod } from '../api';

const NO_PERIOD: SalesPeriod = {};

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

const periodKey = (period: SalesPeriod) => `${period.from?.getTime() ?? ''}~${period.to?.getTime() ?? ''}`;

/** How many sales the period holds (an aggregation, read again when the period changes); undefined until known. */
function usePeriodCount(shopId: string | undefined, period: SalesPeriod, key: string, wanted: boolean): number | undefined {
  const [answer, setAnswer] = useState<{ key: string; n: number } | undefined>();
  const { from, to } = period;
  useEffect(() => {
    if (!shopId || !wanted) return;
    let stopped = false;
    countListedSales(shopId, { from, to }).then(
      (n) => { if (!stopped) setAnswer({ key, n }); },
      // The count is a help for the reader, not the list: without it the list says only what it read.
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [shopId, from, to, key, wanted]);
  return answer?.key === key ? answer.n : undefined;
}

/**
 * The shop's sales of a period (no bound: its whole history) with their employee names, live: without a period
 * first the SALES_FIRST_LIVE most recent (the first page), and once `loadWhole` is called — or at once for a period —
 * the SALES_QUERY_LIMIT most recent of the period (both resumed from the persistent cache on a reload: only what
 * changed is read); `complete` says the rows are the whole window (or all the period has). `loadMore` appends the
 * period's next 500 from a cursor after the last one, and `total` is how many the period holds. A sale made at the
 * till while the screen is open appears at the top by itself.
 */
export function useSales(shopId: string | undefined, period: SalesPeriod = NO_PERIOD) {
  const bounded = period.from !== undefined || period.to !== undefined;
  const key = `${shopId ?? ''}:${periodKey(period)}`;
  // The shop whose whole window was asked for (another shop chosen starts again from its first page).
  const [wholeFor, setWholeFor] = useState<string | undefined>();
  const wantWhole = shopId !== undefined && (wholeFor === shopId || bounded);
  const { from, to } = period;
  const wholeQuery = useMemo(() => (shopId && wantWhole ? recentSalesQuery(shopId, SALES_QUERY_LIMIT, { from, to }) : null), [shopId, wantWhole, from, to]);
  const whole = useLiveQuery(wholeQuery, `sales:${key}`);
  const offline = useConnection((c) => c.state) === 'offline';
  const wholeReady = whole.status === 'ready' && windowAnswerComplete({ fromCache: whole.sync?.fromCache === true, size: whole.data.length, offline });
  // Once the window is there the first page's listener stops: the window holds its sales. A period has no first page.
  const firstQuery = useMemo(() => (shopId && !wholeReady && !bounded ? recentSalesQuery(shopId, SALES_FIRST_LIVE) : null), [shopId, wholeReady, bounded]);
  const first = useLiveQuery(firstQuery, `sales-first:${shopId ?? ''}`);
  // Counted once the user looks past the first page: a look at the last sales costs no aggregation.
  const total = usePeriodCount(shopId, period, key, wantWhole);
  const live = wholeReady || bounded ? whole : first;
  const [named, setNamed] = useState<Named | undefined>();
  const [more, setMore] = useState<More | undefined>();
  const generation = useRef(0);

  const documents = live.status === 'ready' ? live.data : undefined;
  const firstAnswer = !bounded && first.status === 'ready' ? { fromCache: first.sync?.fromCache === true, size: first.data.length, offline } : undefined;
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
        const page = await loadSalesPage(shopId, after, size, { from, to });
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
  }, [shopId, key, extra, liveLastId, from, to]);

  const rows = useMemo(() => (liveRows && extra ? [...liveRows, ...extra.rows] : (liveRows ?? [])), [liveRows, extra]);
  const wholeFailed = whole.status === 'error';
  const hasMore = extra ? extra.hasMore : liveFull;
  /**
   * Every sale of the period, for the export: the rows on screen when they are all the period has, else the period
   * read again from the server in pages of 500 (`onProgress` is told how many are read so far).
   */
  const periodRows = useCallback(
    async (onProgress: (read: number) => void): Promise<SaleRow[]> => {
      if (!shopId) return [];
      if (rowsComplete && !hasMore) return rows;
      const all: SaleRow[] = [];
      let after: SalesCursor | undefined;
      for (;;) {
        const page = await loadSalesPage(shopId, after, SALES_QUERY_LIMIT, { from, to });
        all.push(...(await withNames(page.sales)));
        onProgress(all.length);
        if (!page.hasMore || !page.cursor) return all;
        after = page.cursor;
        await nextTask();
      }
    },
    [shopId, rowsComplete, hasMore, rows, from, to],
  );
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
    hasMore,
    /** How many sales the period holds (the shop's whole history without a period), once counted. */
    total,
    loadMore: () => void loadMore(),
    loadWhole,
    periodRows,
  };
}
