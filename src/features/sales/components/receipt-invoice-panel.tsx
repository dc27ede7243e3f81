import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Customer } from '@/data/customer';
import type { Sale } from '@/data/sale';
import { customerDisplayName } from '@/domain/customers/customer-fields';
import { matchesCustomerSearch } from '@/domain/customers/customer-list';
import { checkCustomerForInvoicing } from '@/domain/fatturapa/customer-validity';
import { receiptInvoiceBlock, receiptInvoiceCausale, receiptTotalMismatch, type ReceiptInvoiceState } from '@/domain/sales/receipt-invoice';
import { italianError } from '@/lib/firebase-errors';
import { formatEuro } from '@/domain/money';
import { formatDateTime } from '@/lib/format';
import { createReceiptInvoice, loadInvoiceCustomers, loadReceiptInvoiceState, ReceiptInvoiceError } from '../api';

const PICKER_ROWS = 8;

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

function errorText(error: unknown): string {
  return error instanceof ReceiptInvoiceError ? error.message : italianError(error);
}

/** What already exists for the receipt, with the way to it. */
function ExistingInvoice({ state }: { state: Exclude<ReceiptInvoiceState, { kind: 'none' }> }) {
  if (state.kind === 'sent') {
    return (
      <p data-testid="receipt-invoice-state">
        Fattura n. <strong>{state.number}</strong> già emessa per questo scontrino. <Link to="/invoices?tipo=outgoing">Vai alle fatture in uscita</Link>
      </p>
    );
  }
  if (state.kind === 'trash') {
    return (
      <p data-testid="receipt-invoice-state">
        La bozza n. <strong>{state.number}</strong> di questo scontrino è nel cestino: ripristinala da <Link to="/invoices?tipo=deleted">Fatture, Cestinate</Link>.
      </p>
    );
  }
  return (
    <p data-testid="receipt-invoice-state">
      Bozza di fattura n. <strong>{state.number}</strong> già creata per questo scontrino. <Link to="/invoices?tipo=drafts">Vai alle bozze</Link>
    </p>
  );
}

/**
 * 'Fattura' of a receipt (owner, pack Fatturazione): the invoice already made for it, or 'Crea fattura' with a
 * buyer chosen from the directory. The draft is then edited and sent from 'Fatture › Bozze'.
 */
export function ReceiptInvoicePanel({ shopId, sale }: { shopId: string; sale: Sale }) {
  const id = useId();
  const block = receiptInvoiceBlock(sale);
  const [state, setState] = useState<Load<ReceiptInvoiceState>>({ status: 'loading' });
  const [picking, setPicking] = useState(false);
  const [customers, setCustomers] = useState<Load<Customer[]> | undefined>();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Customer | undefined>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  useEffect(() => {
    if (block) return;
    let live = true;
    loadReceiptInvoiceState(shopId, sale.id).then(
      (value) => live && setState({ status: 'ready', value }),
      (e: unknown) => live && setState({ status: 'error', message: `Impossibile verificare le fatture dello scontrino: ${errorText(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [shopId, sale.id, block]);

  const matches = useMemo(
    () => (customers?.status === 'ready' ? customers.value.filter((c) => matchesCustomerSearch(c, search)).slice(0, PICKER_ROWS) : []),
    [customers, search],
  );

  if (block) {
    return (
      <section className="receipt-invoice" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Fattura</h3>
        <p className="muted" data-testid="receipt-invoice-block">{block}</p>
      </section>
    );
  }

  function openPicker() {
    setPicking(true);
    if (customers?.status === 'ready') return;
    setCustomers({ status: 'loading' });
    loadInvoiceCustomers(shopId).then(
      (value) => setCustomers({ status: 'ready', value }),
      (e: unknown) => setCustomers({ status: 'error', message: `Impossibile caricare i clienti: ${errorText(e)}` }),
    );
  }

  async function create() {
    if (!chosen || saving) return;
    setSaving(true);
    setError(null);
    try {
      const causale = receiptInvoiceCausale(sale.date ? formatDateTime(sale.date) : 'data non registrata');
      const { id: draftId, number } = await createReceiptInvoice(shopId, sale, chosen, causale);
      setCreated(`Bozza di fattura n. ${number} creata: la trovi in Fatture, sezione Bozze.`);
      setState({ status: 'ready', value: { kind: 'draft', id: draftId, number } });
      setPicking(false);
    } catch (e) {
      setError(`Fattura non creata: ${errorText(e)}`);
    } finally {
      setSaving(false);
    }
  }

  const validity = chosen ? checkCustomerForInvoicing(chosen) : undefined;
  const mismatch = receiptTotalMismatch(sale, formatEuro);
  return (
    <section className="receipt-invoice" aria-labelledby={`${id}-title`} data-testid="receipt-invoice">
      <h3 id={`${id}-title`}>Fattura</h3>
      {created ? <p className="form-success" role="status">{created} <Link to="/invoices?tipo=drafts">Vai alle bozze</Link></p> : null}
      {state.status === 'loading' ? <p className="muted">Verifica delle fatture dello scontrino...</p> : null}
      {state.status === 'error' ? <p className="form-error" role="alert">{state.message}</p> : null}
      {state.status === 'ready' && state.value.kind !== 'none' && !created ? <ExistingInvoice state={state.value} /> : null}
      {state.status === 'ready' && state.value.kind === 'none' && !picking ? (
        <button type="button" className="button" onClick={openPicker}>Crea fattura</button>
      ) : null}
      {picking ? (
        <div className="receipt-invoice__picker">
          <label className="field" htmlFor={`${id}-search`}>
            Cliente della fattura
            <input id={`${id}-search`} type="search" value={search} placeholder="Nome, P.IVA, codice fiscale..." onChange={(e) => setSearch(e.target.value)} data-autofocus />
          </label>
          {customers?.status === 'loading' ? <p className="muted">Caricamento clienti...</p> : null}
          {customers?.status === 'error' ? <p className="form-error" role="alert">{customers.message}</p> : null}
          {customers?.status === 'ready' && matches.length === 0 ? (
            <p className="muted">Nessun cliente trovato. Aggiungilo da <Link to="/customers">Clienti</Link>.</p>
          ) : null}
          {matches.length > 0 ? (
            <fieldset className="receipt-invoice__choices">
              <legend className="visually-hidden">Scegli il cliente</legend>
              {matches.map((c) => {
                const ids = [c.partitaIva && `P.IVA ${c.partitaIva}`, c.codiceFiscale && `CF ${c.codiceFiscale}`].filter(Boolean).join(' · ');
                return (
                  <label key={c.id} className="receipt-invoice__choice">
                    <input type="radio" name={`${id}-customer`} checked={chosen?.id === c.id} onChange={() => setChosen(c)} />
                    <span>
                      <strong>{customerDisplayName(c)}</strong>
                      {ids ? <span className="muted"> {ids}</span> : null}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          ) : null}
          {validity && !validity.valid ? (
            <p className="badge badge--warning" role="status">
              {validity.badge}. La bozza si crea, ma per inviarla completa la scheda del cliente in Clienti.
            </p>
          ) : null}
          {mismatch ? <p className="field-hint">{mismatch}</p> : null}
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={() => setPicking(false)} disabled={saving}>Annulla</button>
            <button type="button" className="button button--primary" onClick={() => void create()} disabled={!chosen || saving}>
              {saving ? 'Creazione in corso...' : 'Crea bozza di fattura'}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
