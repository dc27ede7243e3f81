import { useCallback, useEffect, useState } from 'react';
import type { Scrap } from '@/data/scrap';
import { italianError } from '@/lib/firebase-errors';
import { loadProducts } from '../api';

export interface ProductsState {
  status: 'loading' | 'ready' | 'error';
  products: Scrap[];
  /** False while later pages are still loading (the first rows are already shown). */
  complete: boolean;
  error?: string;
  /** ms from the start to the first page on screen (shown nowhere; read by the e2e and benchmark). */
  firstPageMs?: number;
}

/**
 * The shop's products, loaded in pages of 1000 (see api.ts). Writes made on this screen patch the list in place
 * after the server confirmed them; 'Ricarica' reloads from the server.
 */
export function useProducts(shopId: string | undefined) {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<ProductsState & { key: string }>({ key: '', status: 'loading', products: [], complete: false });
  const key = `${shopId ?? ''}:${version}`;

  useEffect(() => {
    if (!shopId) return;
    const controller = new AbortController();
    const started = performance.now();
    let first = true;
    loadProducts(
      shopId,
      (products, done) => {
        if (controller.signal.aborted) return;
        const firstPageMs = first ? performance.now() - started : undefined;
        first = false;
        setState((s) => ({ key, status: 'ready', products, complete: done, firstPageMs: firstPageMs ?? s.firstPageMs }));
      },
      controller.signal,
    ).catch((error: unknown) => {
      if (!controller.signal.aborted) setState({ key, status: 'error', products: [], complete: false, error: italianError(error) });
    });
    return () => controller.abort();
  }, [shopId, key]);

  const current: ProductsState = state.key === key ? state : { status: 'loading', products: [], complete: false };
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const patch = useCallback((change: (products: Scrap[]) => Scrap[]) => setState((s) => ({ ...s, products: change(s.products) })), []);
  return { ...current, reload, patch };
}
