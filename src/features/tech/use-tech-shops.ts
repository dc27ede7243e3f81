import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { italianError } from '@/lib/firebase-errors';
import { fetchPendingShopEntry, fetchPendingShops } from '@/lib/pending-shops-api';
import { pendingShopsForTech, type PendingShop } from '@/domain/tech/pending-shops';
import { withOwnerPin, type RegistrationForm } from '@/domain/tech/registration';
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

/**
 * The titolare's PIN of the pending entry being registered: the list leaves it out, the function gives it for this
 * one entry to the technician who may register it, and it fills the owner's employee PIN in the
 * wizard's form. Not asked when the entry already carries it.
 */
export function useOwnerPin(entry: PendingShop | undefined, setForm: Dispatch<SetStateAction<RegistrationForm>>): LoadState<string> | { status: 'idle' } {
  const [state, setState] = useState<LoadState<string>>({ status: 'loading' });
  const needed = entry !== undefined && entry.titolare.pin === '';
  useEffect(() => {
    if (!entry || !needed) return;
    const controller = new AbortController();
    void fetchPendingShopEntry(entry, { signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return;
      if (answer.kind === 'ok') setForm((form) => withOwnerPin(form, entry, answer.entry.titolare.pin));
      setState(answer.kind === 'ok' ? { status: 'ready', data: answer.entry.titolare.pin } : { status: 'error', message: answer.message });
    });
    return () => controller.abort();
  }, [entry, needed, setForm]);
  return needed ? state : { status: 'idle' };
}
