import { useRef, useState } from 'react';
import { DISCOUNT_BATCH } from '@/domain/migration/discount-backfill';
import { italianError } from '@/lib/firebase-errors';
import { withBulkFirestore } from '@/lib/firebase-secondary';
import { logActivity } from '@/stores/activity-log';
import { backfillEmptyDiscounts } from '../api-migration';

const nf = new Intl.NumberFormat('it-IT');

type State =
  | { kind: 'idle' }
  | { kind: 'running'; scanned: number; found: number; written: number }
  | { kind: 'done'; scanned: number; written: number }
  | { kind: 'error'; message: string };

/**
 * 'Sconto vuoto ai prodotti' (document 3 §7: "add an empty-text discount to products lacking it, batches of 100",
 * unwired there; here an admin action beside the migrations): scans Scrap, writes `discount: ''` where the field is
 * missing, and logs the run (discount_backfill) with its counts.
 */
export function DiscountBackfillPanel({ disabled }: { disabled: boolean }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef(false);

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setState({ kind: 'running', scanned: 0, found: 0, written: 0 });
    try {
      const result = await withBulkFirestore((store) => backfillEmptyDiscounts(store, (p) => setState({ kind: 'running', ...p })));
      logActivity({ action: 'discount_backfill', module: 'developer', subject: 'Scrap', details: { scanned: result.scanned, found: result.found, written: result.written, batchSize: DISCOUNT_BATCH } });
      setState({ kind: 'done', scanned: result.scanned, written: result.written });
    } catch (error) {
      const message = italianError(error);
      logActivity({ action: 'discount_backfill', module: 'developer', subject: 'Scrap', details: { error: message } });
      setState({ kind: 'error', message: `Errore durante l'aggiunta dello sconto vuoto: ${message}` });
    } finally {
      running.current = false;
    }
  };

  return (
    <section className="dev-panel" aria-labelledby="discount-backfill-title" aria-busy={state.kind === 'running'}>
      <h3 id="discount-backfill-title">Sconto vuoto ai prodotti</h3>
      <p className="muted">
        Aggiunge uno sconto vuoto ai prodotti (Scrap) che non hanno il campo, a batch di {DISCOUNT_BATCH}. Gli sconti già presenti non vengono toccati.
      </p>
      <button type="button" className="button" onClick={() => void run()} disabled={disabled || state.kind === 'running'}>
        Aggiungi sconto vuoto
      </button>
      <p role={state.kind === 'error' ? 'alert' : 'status'} className={state.kind === 'error' ? 'form-error' : 'muted'} data-testid="discount-backfill-status">
        {state.kind === 'running' ? `In corso… ${nf.format(state.scanned)} prodotti letti, ${nf.format(state.found)} senza sconto, ${nf.format(state.written)} aggiornati` : null}
        {state.kind === 'done' ? `Completato: ${nf.format(state.written)} prodotti aggiornati su ${nf.format(state.scanned)} letti.` : null}
        {state.kind === 'error' ? state.message : null}
      </p>
    </section>
  );
}
