import { useId, useMemo, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Customer } from '@/data/customer';
import type { Scrap } from '@/data/scrap';
import { DDT_ASPETTI, DDT_CAUSALI, DDT_PORTO_LABEL, DDT_TRANSPORT_LABEL, type DdtPorto, type DdtTransportBy } from '@/domain/ddt/ddt';
import { formatEuro } from '@/domain/money';
import { emptyLine, formValueCents, lineFromProduct, recipientFromCustomer, type DdtFormState, type LineForm } from '../ddt-form-state';
import { LinesEditor } from './lines-editor';

interface Props {
  open: boolean;
  title: string;
  form: DdtFormState;
  onChange: (form: DdtFormState) => void;
  customers: Customer[] | undefined;
  customersError?: string;
  products: Scrap[] | undefined;
  busy: boolean;
  error?: string;
  onClose: () => void;
  onSave: () => void;
  onSaveAndConfirm: () => void;
}

function AddressFields({ prefix, value, onChange }: { prefix: string; value: { address: string; cap: string; city: string; province: string; nation: string }; onChange: (patch: Partial<typeof value>) => void }) {
  return (
    <div className="ddt-form__grid">
      <label className="field ddt-form__wide">
        Indirizzo
        <input value={value.address} onChange={(e) => onChange({ address: e.target.value })} autoComplete="off" name={`${prefix}-address`} />
      </label>
      <label className="field">
        CAP
        <input value={value.cap} onChange={(e) => onChange({ cap: e.target.value })} inputMode="numeric" maxLength={5} name={`${prefix}-cap`} />
      </label>
      <label className="field">
        Comune
        <input value={value.city} onChange={(e) => onChange({ city: e.target.value })} name={`${prefix}-city`} />
      </label>
      <label className="field">
        Provincia
        <input value={value.province} onChange={(e) => onChange({ province: e.target.value })} maxLength={2} name={`${prefix}-province`} />
      </label>
      <label className="field">
        Nazione
        <input value={value.nation} onChange={(e) => onChange({ nation: e.target.value })} maxLength={2} name={`${prefix}-nation`} />
      </label>
    </div>
  );
}

/** The DDT form: recipient, destination, transport, lines, notes. Saves a draft; confirming assigns the number. */
export function DdtFormModal({ open, title, form, onChange, customers, customersError, products, busy, error, onClose, onSave, onSaveAndConfirm }: Props) {
  const causaliId = useId();
  const aspettiId = useId();
  const [customerSearch, setCustomerSearch] = useState('');
  const set = (patch: Partial<DdtFormState>) => onChange({ ...form, ...patch });
  const setLines = (lines: LineForm[]) => set({ lines });
  const sortedCustomers = useMemo(
    () => (customers ?? []).map((c) => ({ c, label: recipientFromCustomer(c).name || c.email || c.id })).sort((a, b) => a.label.localeCompare(b.label, 'it')),
    [customers],
  );
  const chooseCustomer = (id: string) => {
    const found = sortedCustomers.find((x) => x.c.id === id)?.c;
    if (!found) set({ customerId: '', customer: undefined });
    else set({ customerId: id, customer: found, recipient: recipientFromCustomer(found) });
  };
  const filteredCustomers = sortedCustomers.filter((x) => !customerSearch.trim() || x.label.toLowerCase().includes(customerSearch.trim().toLowerCase()));
  const total = formValueCents(form);

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Chiudi
          </button>
          <button type="button" className="button" onClick={onSave} disabled={busy}>
            Salva bozza
          </button>
          <button type="button" className="button button--primary" onClick={onSaveAndConfirm} disabled={busy}>
            Salva e conferma
          </button>
        </>
      }
    >
      <form className="ddt-form" onSubmit={(e) => { e.preventDefault(); onSave(); }} aria-busy={busy}>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <fieldset>
          <legend>Documento</legend>
          <div className="ddt-form__grid">
            <label className="field">
              Data del documento
              <input type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} required />
            </label>
            <label className="field">
              Causale del trasporto
              <input list={causaliId} value={form.causale} onChange={(e) => set({ causale: e.target.value })} required />
              <datalist id={causaliId}>
                {DDT_CAUSALI.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </label>
          </div>
        </fieldset>

        <fieldset>
          <legend>Destinatario</legend>
          {customersError ? <p className="muted">Anagrafica clienti non disponibile ({customersError}): inserisci i dati a mano.</p> : null}
          {customers && customers.length > 0 ? (
            <div className="ddt-form__grid">
              <label className="field">
                Cerca cliente
                <input type="search" value={customerSearch} onChange={(e) => setCustomerSearch(e.target.value)} placeholder="Nome o ragione sociale" />
              </label>
              <label className="field ddt-form__wide">
                Cliente in anagrafica
                <select value={form.customerId} onChange={(e) => chooseCustomer(e.target.value)}>
                  <option value="">— Nessuno (dati inseriti a mano) —</option>
                  {filteredCustomers.map(({ c, label }) => (
                    <option key={c.id} value={c.id}>
                      {label}
                      {c.city ? ` — ${c.city}` : ''}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : null}
          <div className="ddt-form__grid">
            <label className="field ddt-form__wide">
              Ragione sociale o nome
              <input value={form.recipient.name} onChange={(e) => set({ recipient: { ...form.recipient, name: e.target.value }, customer: undefined, customerId: '' })} required />
            </label>
            <label className="field">
              Partita IVA
              <input value={form.recipient.partitaIva} onChange={(e) => set({ recipient: { ...form.recipient, partitaIva: e.target.value } })} disabled={!!form.customer} />
            </label>
            <label className="field">
              Codice fiscale
              <input value={form.recipient.codiceFiscale} onChange={(e) => set({ recipient: { ...form.recipient, codiceFiscale: e.target.value } })} disabled={!!form.customer} />
            </label>
          </div>
          <AddressFields prefix="recipient" value={form.recipient} onChange={(patch) => set({ recipient: { ...form.recipient, ...patch } })} />
          <label className="checkbox">
            <input type="checkbox" checked={form.otherDestination} onChange={(e) => set({ otherDestination: e.target.checked })} /> Luogo di destinazione diverso
          </label>
          {form.otherDestination ? (
            <div className="ddt-form__sub">
              <label className="field">
                Presso
                <input value={form.destination.name} onChange={(e) => set({ destination: { ...form.destination, name: e.target.value } })} />
              </label>
              <AddressFields prefix="destination" value={form.destination} onChange={(patch) => set({ destination: { ...form.destination, ...patch } })} />
            </div>
          ) : null}
        </fieldset>

        <fieldset>
          <legend>Trasporto</legend>
          <div className="ddt-form__radios" role="radiogroup" aria-label="Trasporto a cura del">
            <span className="ddt-form__radios-label">Trasporto a cura del</span>
            {(Object.keys(DDT_TRANSPORT_LABEL) as DdtTransportBy[]).map((k) => (
              <label key={k} className="checkbox">
                <input type="radio" name="transportBy" checked={form.transportBy === k} onChange={() => set({ transportBy: k })} /> {DDT_TRANSPORT_LABEL[k]}
              </label>
            ))}
          </div>
          {form.transportBy === 'vettore' ? (
            <div className="ddt-form__grid ddt-form__sub">
              <label className="field">
                Vettore (ragione sociale)
                <input value={form.carrier.name} onChange={(e) => set({ carrier: { ...form.carrier, name: e.target.value } })} />
              </label>
              <label className="field">
                Partita IVA del vettore
                <input value={form.carrier.partitaIva} onChange={(e) => set({ carrier: { ...form.carrier, partitaIva: e.target.value } })} />
              </label>
              <label className="field ddt-form__wide">
                Indirizzo del vettore
                <input value={form.carrier.address} onChange={(e) => set({ carrier: { ...form.carrier, address: e.target.value } })} />
              </label>
            </div>
          ) : null}
          <div className="ddt-form__radios" role="radiogroup" aria-label="Porto">
            <span className="ddt-form__radios-label">Porto</span>
            {(Object.keys(DDT_PORTO_LABEL) as DdtPorto[]).map((k) => (
              <label key={k} className="checkbox">
                <input type="radio" name="porto" checked={form.porto === k} onChange={() => set({ porto: k })} /> {DDT_PORTO_LABEL[k]}
              </label>
            ))}
          </div>
          <div className="ddt-form__grid">
            <label className="field">
              Aspetto esteriore dei beni
              <input list={aspettiId} value={form.aspetto} onChange={(e) => set({ aspetto: e.target.value })} />
              <datalist id={aspettiId}>
                {DDT_ASPETTI.map((a) => (
                  <option key={a} value={a} />
                ))}
              </datalist>
            </label>
            <label className="field">
              Colli
              <input value={form.colli} onChange={(e) => set({ colli: e.target.value })} inputMode="numeric" />
            </label>
            <label className="field">
              Peso (kg)
              <input value={form.peso} onChange={(e) => set({ peso: e.target.value })} inputMode="decimal" />
            </label>
            <label className="field">
              Data inizio trasporto
              <input type="date" value={form.transportDate} onChange={(e) => set({ transportDate: e.target.value })} />
            </label>
            <label className="field">
              Ora inizio trasporto
              <input type="time" value={form.transportTime} onChange={(e) => set({ transportTime: e.target.value })} />
            </label>
          </div>
        </fieldset>

        <fieldset>
          <legend>Beni trasportati</legend>
          <LinesEditor
            lines={form.lines}
            products={products}
            onChange={setLines}
            onAddProduct={(p) => setLines([...form.lines.filter((l) => l.description || l.code || l.productId), lineFromProduct(p)])}
            onAddEmpty={() => setLines([...form.lines, emptyLine()])}
          />
          <p className="muted">Valore dei beni (se indicati i prezzi): {formatEuro(total / 100)}</p>
        </fieldset>

        <label className="field">
          Note
          <textarea value={form.notes} onChange={(e) => set({ notes: e.target.value })} rows={2} />
        </label>
      </form>
    </Modal>
  );
}
