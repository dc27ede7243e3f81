import { useEffect, useState } from 'react';
import { italianError } from '@/lib/firebase-errors';
import { fetchPendingShops } from '@/lib/pending-shops-api';
import { pendingShopsForTech, type PendingShop } from '@/domain/tech/pending-shops';
import { loadTechShops, type TechShopRow } from './api';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export const SHOPS_LOAD_ERROR = 'Errore nel caricamento dei negozi';

/** The technician's shops, read once per user (an answer for an older user is dropped). */
export function useTechShops(uid: string | undefined): LoadState<TechShopRow[]> {
  const [state, setState] = useState<{ uid: string; value: LoadState<TechShopRow[]> } | undefined>(undefined);
  useEffect(() => {
    if (!uid) return;
    let current = true;
    loadTechShops(uid)
      .then((rows) => current && setState({ uid, value: { status: 'ready', data: rows } }))
      .catch((error: unknown) => current && setState({ uid, value: { status: 'error', message: `${SHOPS_LOAD_ERROR}: ${italianError(error)}` } }));
    return () => {
      current = false;
    };
  }, [uid]);
  return state && state.uid === uid ? state.value : { status: 'loading' };
}

/** The pending shops of the form that this technician may register (no technician named, or this one). */
export function usePendingShops(email: string | undefined): LoadState<PendingShop[]> {
  const [state, setState] = useState<LoadState<PendingShop[]>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void fetchPendingShops({ signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return;
      setState(answer.kind === 'ok' ? { status: 'ready', data: pendingShopsForTech(answer.entries, email) } : { status: 'error', message: answer.message });
    });
    return () => controller.abort();
  }, [email]);
  return state;
}
