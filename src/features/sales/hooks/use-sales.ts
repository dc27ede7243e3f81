import { useCallback, useEffect, useRef, useState } from 'react';
import type { Sale } from '@/data/sale';
import { salesReadSizes } from '@/domain/sales/sales-list';
import { nextTask } from '@/lib/tasks';
import { employeeName, loadSalesPage, type SalesCursor } from '../api';

export const SALES_LOAD_ERROR = 'Impossibile recuperare le vendite. Riprova più tardi.';

export interface SaleRow {
  sale: Sale;
  employeeName: string;
}

interface State {
  shopId: string;
  rows: SaleRow[];
  loading: boolean;
  error: string | undefined;
  hasMore: boolean;
}

/** The loaded sales of a shop with their employee names, the first rows at once; `loadMore` appends the next 500. */
export function useSales(shopId: string | undefined) {
  const [state, setState] = useState<State | undefined>();
  const cursor = useRef<SalesCursor | undefined>(undefined);
  const generation = useRef(0);

  const load = useCallback(
    async (more: boolean) => {
      if (!shopId) return;
      const mine = more ? generation.current : ++generation.current;
      if (!more) cursor.current = undefined;
      setState((s) => (more && s ? { ...s, loading: true, error: undefined } : { shopId, rows: [], loading: true, error: undefined, hasMore: false }));
      // The rows already shown stay if a later read fails.
      let appendTo = more;
      try {
        // The first page of rows is shown as soon as it arrives; the rest of the load of 500 follows from the
        // cursor, one read of at most SALES_READ_CHUNK per task, so no single answer holds the main thread for long.
        let after = more ? cursor.current : undefined;
        const sizes = salesReadSizes();
        for (const [index, size] of sizes.entries()) {
          if (index > 0) await nextTask();
          if (mine !== generation.current) return;
          const page = await loadSalesPage(shopId, after, size);
          const names = await Promise.all(page.sales.map((s) => employeeName(s.employeeId)));
          if (mine !== generation.current) return;
          cursor.current = page.cursor;
          after = page.cursor;
          const rows = page.sales.map((sale, i) => ({ sale, employeeName: names[i] ?? 'Unknown' }));
          const done = !page.hasMore || index === sizes.length - 1;
          const keep = appendTo;
          setState((s) => ({ shopId, rows: keep && s ? [...s.rows, ...rows] : rows, loading: !done, error: undefined, hasMore: page.hasMore }));
          appendTo = true;
          if (done) break;
        }
      } catch {
        if (mine !== generation.current) return;
        const kept = appendTo;
        setState((s) => ({ shopId, rows: kept && s ? s.rows : [], loading: false, error: SALES_LOAD_ERROR, hasMore: kept && s ? s.hasMore : false }));
      }
    },
    [shopId],
  );

  useEffect(() => {
    // Loading starts from an effect on purpose: the list follows the active shop. It starts after the next paint,
    // so the title, filters and 'Caricamento vendite…' are on screen before Firestore's first answer is decoded.
    let frame: number | undefined = requestAnimationFrame(() => {
      frame = undefined;
      void nextTask().then(() => load(false));
    });
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [load]);

  const current = state?.shopId === shopId ? state : undefined;
  return {
    rows: current?.rows ?? [],
    loading: current?.loading ?? true,
    error: current?.error,
    hasMore: current?.hasMore ?? false,
    loadMore: () => void load(true),
  };
}
