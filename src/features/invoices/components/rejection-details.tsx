import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { adviceFor, type FixPlace } from '@/domain/sdi-lifecycle/sdi-errors';
import { italianError } from '@/lib/firebase-errors';
import { latestRejection } from '../api';

/** Where each kind of fix is made: a screen, or the correction of the invoice itself (back to a draft). */
const FIX_ROUTES: Partial<Record<FixPlace, string>> = { customer: '/customers', 'shop-fiscal': '/settings', support: '/my-tickets' };

type State = { status: 'loading' } | { status: 'missing' } | { status: 'none' } | { status: 'no-details' } | { status: 'unavailable' } | { status: 'error'; reason: string } | { status: 'ready'; errors: { code: string; description: string; suggestion?: string }[] };

/**
 * 'Motivo del Rifiuto SDI' of a rejected outgoing invoice, from the latest matching ApiLog (document 2 §2.2, §8):
 * each SDI error said in the shop's words with the button that leads to its fix (src/domain/sdi-lifecycle/
 * sdi-errors.ts), the SDI's own text kept below it. `onResend` is 'Correggi e reinvia' (absent when not allowed).
 */
export function RejectionDetails({ shopId, invoiceId, onResend }: { shopId: string; invoiceId: string; onResend?: () => void }) {
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
          {state.errors.map((e) => {
            const advice = adviceFor(e.code);
            const route = FIX_ROUTES[advice.fix];
            return (
              <li key={`${e.code}-${e.description}`} data-testid="rejection-error" data-fix={advice.fix}>
                <p className="rejection__advice">
                  <strong>{advice.explanation}</strong>{' '}
                  {route ? (
                    <Link className="button" to={route}>{advice.action}</Link>
                  ) : onResend ? (
                    <button type="button" className="button" onClick={onResend}>{advice.action}</button>
                  ) : null}
                </p>
                <span className="rejection__sdi-text">
                  Testo dello SDI: <strong>{e.code}</strong> {e.description}
                  {e.suggestion ? <span className="muted"> — Suggerimento: {e.suggestion}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
