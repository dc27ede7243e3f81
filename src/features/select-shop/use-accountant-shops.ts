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

/** The signed-in accountant's shops, read once per user and profile links (a late answer for older inputs is dropped). */
export function useAccountantShops(): AccountantShopsState {
  const uid = useSession((s) => s.uid);
  const links = useSession((s) => s.profile?.shops);
  const key = uid ? `${uid}#${(links ?? []).map((l) => `${l.shopId}:${l.role}`).join('|')}` : '';
  const [result, setResult] = useState<{ key: string; state: AccountantShopsState } | undefined>(undefined);

  useEffect(() => {
    const { uid: currentUid, profile } = useSession.getState();
    if (!currentUid) return;
    let current = true;
    loadAccountantShops(currentUid, profile?.shops ?? [])
      .then((shops) => {
        if (current) setResult({ key, state: { status: 'ready', shops } });
      })
      .catch((error: unknown) => {
        if (current) setResult({ key, state: { status: 'error', message: loadError(italianError(error)) } });
      });
    return () => {
      current = false;
    };
  }, [key]);

  if (!uid) return { status: 'error', message: NOT_AUTHENTICATED };
  if (!result || result.key !== key) return { status: 'loading' };
  return result.state;
}
