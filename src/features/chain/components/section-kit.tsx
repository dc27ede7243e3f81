/** What every section of the chain dashboard shares: the chain it shows, one load with its states, members' names. */
import { useEffect, useState } from 'react';
import type { Shop } from '@/data/shop';
import { italianError } from '@/lib/firebase-errors';

export interface ChainContext {
  master: Shop;
  members: Shop[];
  /** Members whose detailed data the master may see. */
  sharing: Shop[];
  reload: () => void;
}

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

export function useLoad<T>(key: string, read: () => Promise<T>): Load<T> {
  const [state, setState] = useState<{ key: string; value: Load<T> } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    read()
      .then((data) => current && setState({ key, value: { status: 'ready', data } }))
      .catch((error: unknown) => current && setState({ key, value: { status: 'error', message: italianError(error) } }));
    return () => {
      current = false;
    };
    // `key` stands for the inputs of `read`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state && state.key === key ? state.value : { status: 'loading' };
}

export function LoadView<T>({ load, children }: { load: Load<T>; children: (data: T) => React.ReactNode }) {
  if (load.status === 'loading') return <p className="muted" role="status">Caricamento…</p>;
  if (load.status === 'error') return <p className="banner banner--error" role="alert">Errore nel caricamento: {load.message}</p>;
  return <>{children(load.data)}</>;
}

export const shopName = (shops: readonly Shop[], id: string) => {
  const s = shops.find((x) => x.id === id);
  return s ? s.name || s.id : id;
};

export function NotShared({ context }: { context: ChainContext }) {
  const hidden = context.members.filter((m) => !context.sharing.includes(m));
  if (hidden.length === 0) return null;
  return <p className="muted" data-testid="not-shared">Dati non condivisi da: {hidden.map((m) => m.name || m.id).join(', ')}</p>;
}
