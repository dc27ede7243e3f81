import type { LoadErrorKind } from '@/lib/live-state';

interface ListLoadErrorProps {
  /** 'Impossibile caricare i prodotti': the reason follows after a colon. */
  label: string;
  error: string | undefined;
  kind: LoadErrorKind | undefined;
  onRetry: () => void;
}

/**
 * A big live list that failed: a list that stopped waiting for the server says so and offers to try again (the
 * listeners open again); any other error shows its reason, as before.
 */
export function ListLoadError({ label, error, kind, onRetry }: ListLoadErrorProps) {
  if (kind === 'incomplete') {
    return (
      <div className="form-error" role="alert">
        <p>Caricamento incompleto: riprova</p>
        <button type="button" className="button" onClick={onRetry}>
          Riprova
        </button>
      </div>
    );
  }
  return (
    <p className="form-error" role="alert">
      {label}: {error}
    </p>
  );
}
