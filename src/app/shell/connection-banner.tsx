import { useEffect, useState } from 'react';
import { COLLECTIONS } from '@/data/collections';
import type { ConnectionState } from '@/lib/firebase-connection';
import { useSession } from '@/stores/session';

export const CONNECTION_TEXTS = {
  offline:
    'Connessione al server assente: i dati mostrati potrebbero non essere aggiornati e i salvataggi restano in attesa finché la connessione non ritorna. Non chiudere la pagina: quello che hai scritto resta qui.',
  syncing: 'Connessione ristabilita: salvataggio delle modifiche in attesa…',
} as const;

/**
 * Says when the page cannot reach the database (network gone, or Firestore unreachable) and while the writes kept
 * meanwhile are being confirmed; nothing once all is well. The watcher (and the SDK) is loaded after the first
 * paint, as the rest of the shell's Firestore reads.
 */
export function ConnectionBanner() {
  const uid = useSession((s) => s.uid);
  const [state, setState] = useState<ConnectionState>('online');
  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('@/lib/firebase-connection')
      .then(({ watchConnection }) => {
        if (!cancelled) stop = watchConnection({ collection: COLLECTIONS.user, uid }, setState);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
      setState('online');
    };
  }, [uid]);
  if (state === 'online') return null;
  return state === 'offline' ? (
    <div className="banner banner--error" role="alert" data-testid="connection-banner">
      {CONNECTION_TEXTS.offline}
    </div>
  ) : (
    <div className="banner banner--warning" role="status" data-testid="connection-banner">
      {CONNECTION_TEXTS.syncing}
    </div>
  );
}
