import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { INVOICE_COUNTER_MESSAGES, numberingExample, parseCounterInput } from '@/domain/settings/invoice-counter';
import { italianError } from '@/lib/firebase-errors';
import { SAVED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { saveInvoiceCounter } from '../api';
import { FlashMessage, useFlash } from '../use-flash';
import type { TabProps } from './tab-props';

/**
 * Fatture (document 3 §2.3, §5): the invoice counter — the progressive the next invoice takes — with an example
 * of the next number and the numbering legend, both from the FatturaPA engine's numbering functions. The shop
 * converter already reads an invalid stored value as 0.
 */
export default function InvoicesTab({ shop, canEdit }: TabProps) {
  const stored = shop.settings.nextInvoiceNumber;
  const [text, setText] = useState(String(stored));
  const [lastStored, setLastStored] = useState(stored);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [flash, show] = useFlash();
  if (lastStored !== stored) {
    // The counter changed elsewhere (the POS app issues invoices): follow it unless the user is typing a new value.
    setLastStored(stored);
    if (text === String(lastStored)) setText(String(stored));
  }
  const parsed = parseCounterInput(text);
  const year = new Date().getFullYear();
  const example = numberingExample(shop.userId, year, parsed.ok ? parsed.value : stored);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    show(undefined);
    if (!parsed.ok) return setError(parsed.error);
    if (!shop.id) return setError(INVOICE_COUNTER_MESSAGES.noShop);
    setError(undefined);
    setBusy(true);
    try {
      const outcome = await saveInvoiceCounter(shop.id, parsed.stored);
      logActivity({ action: 'invoice_counter_update', module: 'settings', details: { before: stored, after: parsed.value } });
      setText(parsed.stored);
      show({ kind: 'success', text: outcome === 'queued' ? SAVED_OFFLINE : INVOICE_COUNTER_MESSAGES.saved });
    } catch (e) {
      setError(`Errore nel salvataggio del contatore fatture: ${italianError(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-section settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Contatore fatture</h2>
      <FlashMessage flash={flash} />
      <FormError message={error} />
      <div className="field">
        <label htmlFor="invoice-counter">Numero della prossima fattura</label>
        <input
          id="invoice-counter"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          value={text}
          disabled={!canEdit}
          aria-invalid={!parsed.ok}
          aria-describedby="invoice-counter-example"
          onChange={(e) => setText(e.target.value)}
        />
        <span id="invoice-counter-example" className="field-hint">
          Prossima fattura: <strong data-testid="next-invoice-number">{example.next}</strong>
        </span>
      </div>
      <button type="submit" className="button button--primary" disabled={!canEdit || busy}>
        Salva contatore
      </button>
      <section className="numbering-legend" aria-labelledby="numbering-legend-title">
        <h3 id="numbering-legend-title">Come sono numerate le fatture</h3>
        <dl>
          <div>
            <dt>{example.prefix}</dt>
            <dd>i primi 5 caratteri del codice del negozio (completati con 0 se più corti)</dd>
          </div>
          <div>
            <dt>{year}</dt>
            <dd>l'anno della fattura</dd>
          </div>
          <div>
            <dt>{parsed.ok ? parsed.value : stored}</dt>
            <dd>il numero progressivo (il contatore qui sopra)</dd>
          </div>
          <div>
            <dt>{example.reissue}</dt>
            <dd>una fattura riemessa aggiunge -R1, -R2, …</dd>
          </div>
          <div>
            <dt>{example.creditNote}</dt>
            <dd>le note di credito hanno NC e una numerazione propria</dd>
          </div>
        </dl>
      </section>
    </form>
  );
}
