import { useCallback, useEffect, useState } from 'react';
import type { Scrap } from '@/data/scrap';
import { italianError } from '@/lib/firebase-errors';
import { countProducts, FIRST_PAGE_SIZE, loadFirstProducts, loadProducts } from '../api';

export interface ProductsState {
  status: 'loading' | 'ready' | 'error';
  products: Scrap[];
  /** False while later pages are still loading (the first rows are already shown). */
  complete: boolean;
  /** The shop's product count from the aggregation query, known before the list is complete. */
  total?: number;
  error?: string;
  /** ms from the start to the first page on screen (shown nowhere; read by the e2e and benchmark). */
  firstPageMs?: number;
}

/** The first rows and the pages loaded so far, without duplicates (the first rows come again in the pages). */
function merged(first: readonly Scrap[], pages: readonly Scrap[]): Scrap[] {
  if (first.length === 0) return [...pages];
  const ids = new Set(pages.map((p) => p.id));
  return [...pages, ...first.filter((p) => !ids.has(p.id))];
}

/**
 * The shop's products (see api.ts): the first 100 by name on screen after one small query (`firstRows`), then
 * every product in large pages; the count from an aggregation query meanwhile. Writes made on this screen patch
 * the list in place after the server confirmed them; 'Ricarica' reloads from the server.
 */
export function useProducts(shopId: string | undefined, options: { firstRows?: boolean } = {}) {
  const firstRows = options.firstRows ?? true;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<ProductsState & { key: string }>({ key: '', status: 'loading', products: [], complete: false });
  const key = `${shopId ?? ''}:${version}`;

  useEffect(() => {
    if (!shopId) return;
    const controller = new AbortController();
    const { signal } = controller;
    const started = performance.now();
    const fail = (error: unknown) => {
      if (!signal.aborted) setState({ key, status: 'error', products: [], complete: false, error: italianError(error) });
    };
    void (async () => {
      let first: Scrap[] = [];
      if (firstRows) {
        first = await loadFirstProducts(shopId);
        if (signal.aborted) return;
        const firstPageMs = performance.now() - started;
        // Even a short first page goes on to the full load: a legacy product without a name is not in it.
        setState({ key, status: 'ready', products: first, complete: false, firstPageMs });
        // A big shop: the count while the pages load (a small one is complete after one more page anyway).
        if (first.length >= FIRST_PAGE_SIZE) {
          countProducts(shopId).then(
            (total) => {
              if (!signal.aborted) setState((s) => (s.key === key && !s.complete ? { ...s, total } : s));
            },
            () => undefined, // the count is a nicety: the list still loads and shows its own length
          );
        }
      }
      await loadProducts(
        shopId,
        (products, done) => {
          if (signal.aborted) return;
          const firstPageMs = performance.now() - started;
          setState((s) => ({
            key,
            status: 'ready',
            products: done ? products : merged(first, products),
            complete: done,
            total: done ? products.length : s.key === key ? s.total : undefined,
            firstPageMs: s.key === key ? (s.firstPageMs ?? firstPageMs) : firstPageMs,
          }));
        },
        signal,
      );
    })().catch(fail);
    return () => controller.abort();
  }, [shopId, key, firstRows]);

  const current: ProductsState = state.key === key ? state : { status: 'loading', products: [], complete: false };
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const patch = useCallback((change: (products: Scrap[]) => Scrap[]) => setState((s) => ({ ...s, products: change(s.products) })), []);
  return { ...current, reload, patch };
}
