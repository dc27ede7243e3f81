import { useEffect, useState } from 'react';
import { italianError } from '@/lib/firebase-errors';
import { latestRejection } from '../api';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'none' } | { status: 'no-details' } | { status: 'unavailable' } | { status: 'error'; reason: string } | { status: 'ready'; errors: { code: string; description: string; suggestion?: string }[] };

/** 'Motivo del Rifiuto SDI' of a rejected outgoing invoice, from the latest matching ApiLog (document 2 §2.2, §8). */
export function RejectionDetails({ shopId, invoiceId }: { shopId: string; invoiceId: string }) {
  const [loaded, setState] = useState<State>({ status: 'loading' });
  const missing = shopId === '' || invoiceId === '';
  const state: State = missing ? { status: 'missing' } : loaded;
  useEffect(() => {
    if (missing) return undefined;
    let live = true;
    latestRejection(shopId, invoiceId).then(
      (log) => {
        if (!live) return;
        if (!log) setState({ status: 'none' });
        // A log with no body at all (a notification we could not read) says nothing about the rejection.
        else if (Object.keys(log.details.body).length === 0) setState({ status: 'unavailable' });
        else if (log.details.errors.length === 0) setState({ status: 'no-details' });
        else setState({ status: 'ready', errors: log.details.errors });
      },
      (error: unknown) => live && setState({ status: 'error', reason: italianError(error) }),
    );
    return () => {
      live = false;
    };
  }, [shopId, invoiceId, missing]);

  return (
    <section className="rejection" aria-label="Motivo del Rifiuto SDI" data-testid="rejection">
      <h4>Motivo del Rifiuto SDI</h4>
      {state.status === 'loading' ? <p className="muted">Caricamento dettagli rifiuto...</p> : null}
      {state.status === 'missing' ? <p className="form-error">Dati fattura o utente mancanti.</p> : null}
      {state.status === 'unavailable' ? <p className="muted">Dettagli del rifiuto non trovati o non disponibili.</p> : null}
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
