import type { Loadable } from '@/lib/live-state';

interface LoadStatesProps {
  state: Loadable<unknown>;
  /** 'Caricamento piani…' */
  loading: string;
  /** 'Errore nel caricamento dei piani': the reason follows after a colon. */
  error: string;
  /** 'Nessun piano.' */
  empty: string;
  /** Whether the loaded list shows nothing (a filtered list may be empty when the data is not). */
  isEmpty: boolean;
}

/**
 * The lines a list read live shows before and instead of its rows: loading, the error with its reason (announced),
 * and the empty text. One shape for every list, so each screen only says its words.
 */
export function LoadStates({ state, loading, error, empty, isEmpty }: LoadStatesProps) {
  if (state.status === 'loading') return <p className="muted">{loading}</p>;
  if (state.status === 'error') {
    return (
      <p className="form-error" role="alert">
        {error}: {state.error}
      </p>
    );
  }
  return isEmpty ? <p className="muted">{empty}</p> : null;
}
