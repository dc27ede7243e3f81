import { useEffect, useState } from 'react';
import { italianError } from '@/lib/firebase-errors';
import { useSession } from '@/stores/session';
import { loadAccountantShops, type AccountantShopChoice } from './api';

export const NOT_AUTHENTICATED = 'Utente non autenticato.';
export const loadError = (detail: string) => `Errore nel caricamento dei negozi: ${detail}`;

export type AccountantShopsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; shops: AccountantShopChoice[] };

/** The signed-in accountant's shops, read once per user (a late answer for a previous user is dropped). */
export function useAccountantShops(): AccountantShopsState {
  const uid = useSession((s) => s.uid);
  const links = useSession((s) => s.profile?.shops);
  const linksKey = (links ?? []).map((l) => `${l.shopId}:${l.role}`).join('|');
  const [state, setState] = useState<AccountantShopsState>({ status: 'loading' });

  useEffect(() => {
    if (!uid) {
      setState({ status: 'error', message: NOT_AUTHENTICATED });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadAccountantShops(uid, useSession.getState().profile?.shops ?? [])
      .then((shops) => {
        if (current) setState({ status: 'ready', shops });
      })
      .catch((error: unknown) => {
        if (current) setState({ status: 'error', message: loadError(italianError(error)) });
      });
    return () => {
      current = false;
    };
  }, [uid, linksKey]);

  return state;
}
