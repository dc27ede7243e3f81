import { useEffect, useState } from 'react';
import { italianError } from '@/lib/firebase-errors';
import { latestRejection } from '../api';

type State = { status: 'loading' } | { status: 'none' } | { status: 'no-details' } | { status: 'error'; reason: string } | { status: 'ready'; errors: { code: string; description: string; suggestion?: string }[] };

/** 'Motivo del Rifiuto SDI' of a rejected outgoing invoice, from the latest matching ApiLog (document 2 §2.2, §8). */
export function RejectionDetails({ shopId, invoiceId }: { shopId: string; invoiceId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    latestRejection(shopId, invoiceId).then(
      (log) => {
        if (!live) return;
        if (!log) setState({ status: 'none' });
        else if (log.details.errors.length === 0) setState({ status: 'no-details' });
        else setState({ status: 'ready', errors: log.details.errors });
      },
      (error: unknown) => live && setState({ status: 'error', reason: italianError(error) }),
    );
    return () => {
      live = false;
    };
  }, [shopId, invoiceId]);

  return (
    <section className="rejection" aria-label="Motivo del Rifiuto SDI" data-testid="rejection">
      <h4>Motivo del Rifiuto SDI</h4>
      {state.status === 'loading' ? <p className="muted">Caricamento dettagli rifiuto...</p> : null}
      {state.status === 'none' ? <p className="muted">Nessun log di rifiuto trovato per questa fattura.</p> : null}
      {state.status === 'no-details' ? <p className="muted">Dettagli errore non trovati nel log.</p> : null}
      {state.status === 'error' ? <p className="form-error">Errore recupero dettagli: {state.reason}</p> : null}
      {state.status === 'ready' ? (
        <ul>
          {state.errors.map((e) => (
            <li key={`${e.code}-${e.description}`}>
              <strong>{e.code}</strong> {e.description}
              {e.suggestion ? <span className="muted"> — Suggerimento: {e.suggestion}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
