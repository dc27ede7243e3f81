import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Customer } from '@/data/customer';
import { CUSTOMER_FIELD_LABELS, EMPTY_CUSTOMER_VALUES, customerDisplayName, customerValues, type CustomerField, type CustomerValues } from '@/domain/customers/customer-fields';
import { checkCustomerForm, cleanCustomerValues, hasBlockingCheck, twoLetterInput } from '@/domain/customers/customer-form';
import { isValidPartitaIva, normalizePartitaIva } from '@/domain/fiscal-ids';
import { LOOKUP_MESSAGES } from '@/lib/company-api';
import { italianError } from '@/lib/firebase-errors';
import { SAVED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { addCustomer, newCustomerId, updateCustomer } from '../api';
import { useCompanyLookup } from './use-company-lookup';

/** The modal closes 1.2 s after the success message (document 2 §4.8). */
export const CLOSE_AFTER_SAVE_MS = 1200;

const SECTIONS: { title: string; fields: CustomerField[] }[] = [
  { title: 'Anagrafica', fields: ['ragioneSociale', 'name', 'surname', 'birthday'] },
  { title: 'Dati fiscali e fatturazione', fields: ['partitaIva', 'codiceFiscale', 'codiceDestinatario', 'pec'] },
  { title: 'Sede legale', fields: ['address', 'cap', 'city', 'province', 'nation'] },
  { title: 'Contatti', fields: ['email', 'phone'] },
];

const INPUT_TYPES: Partial<Record<CustomerField, string>> = { birthday: 'date', email: 'email', pec: 'email', phone: 'tel' };

interface CustomerFormModalProps {
  open: boolean;
  shopId: string;
  /** The customer being edited; undefined = a new customer. */
  customer: Customer | undefined;
  onClose: () => void;
}

export function CustomerFormModal({ open, shopId, customer, onClose }: CustomerFormModalProps) {
  // The Modal mounts its body only while open: each opening starts a fresh form.
  return (
    <Modal open={open} title={customer ? 'Modifica cliente' : 'Nuovo cliente'} onClose={onClose} size="wide">
      <CustomerForm shopId={shopId} customer={customer} onClose={onClose} />
    </Modal>
  );
}

function CustomerForm({ shopId, customer, onClose }: Omit<CustomerFormModalProps, 'open'>) {
  const [values, setValues] = useState<CustomerValues>(() => (customer ? customerValues(customer) : EMPTY_CUSTOMER_VALUES));
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [touched, setTouched] = useState(false);
  // One id per opening: saving again after an unconfirmed save (connection lost) rewrites the same customer.
  const [newId] = useState(newCustomerId);
  const idPrefix = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editing = customer !== undefined;
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const lookup = useCompanyLookup(shopId, (company) => {
    setValues((v) => {
      const next = { ...v };
      for (const [key, value] of Object.entries(company) as [CustomerField, string][]) if (value !== '') next[key] = value;
      return next;
    });
    return editing ? LOOKUP_MESSAGES.updated : LOOKUP_MESSAGES.found;
  });

  const checks = checkCustomerForm(values);
  const vat = normalizePartitaIva(values.partitaIva);
  const canLookup = isValidPartitaIva(vat) && lookup.state.status !== 'searching';
  const set = (field: CustomerField, value: string) => setValues((v) => ({ ...v, [field]: field === 'province' || field === 'nation' ? twoLetterInput(value) : value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (hasBlockingCheck(checks) || saving) return;
    setSaving(true);
    setResult(null);
    const clean = cleanCustomerValues(values);
    try {
      if (customer) {
        const outcome = await updateCustomer(customer.id, clean);
        logActivity({ action: 'customer_update', module: 'customers', details: { customerId: customer.id, name: customerDisplayName(clean), before: customerValues(customer), after: clean } });
        setResult({ ok: true, message: outcome === 'queued' ? SAVED_OFFLINE : 'Cliente aggiornato con successo!' });
      } else {
        const id = newId;
        const outcome = await addCustomer(shopId, clean, id);
        logActivity({ action: 'customer_add', module: 'customers', details: { customerId: id, name: customerDisplayName(clean), after: clean } });
        setResult({ ok: true, message: outcome === 'queued' ? SAVED_OFFLINE : 'Cliente aggiunto con successo!' });
      }
      closeTimer.current = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
    } catch (error) {
      setResult({ ok: false, message: `Errore nel salvataggio: ${italianError(error)}` });
      setSaving(false);
    }
  }

  const fieldId = (field: CustomerField) => `${idPrefix}-${field}`;
  const formCheck = touched ? checks.form : undefined;

  return (
    <form className="customer-form" onSubmit={(e) => void submit(e)} noValidate>
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="customer-form__section">
          <legend>{section.title}</legend>
          <div className="customer-form__grid">
            {section.fields.map((field) => {
              const check = field === 'partitaIva' || field === 'codiceFiscale' ? checks[field] : touched ? checks[field] : undefined;
              const hintId = `${fieldId(field)}-hint`;
              return (
                <div key={field} className={`field customer-form__field customer-form__field--${field}`}>
                  <label htmlFor={fieldId(field)}>{CUSTOMER_FIELD_LABELS[field]}</label>
                  <input
                    id={fieldId(field)}
                    type={INPUT_TYPES[field] ?? 'text'}
                    value={values[field]}
                    maxLength={field === 'province' || field === 'nation' ? 2 : undefined}
                    autoComplete="off"
                    data-autofocus={field === 'ragioneSociale' ? true : undefined}
                    aria-invalid={check?.blocking ? true : undefined}
                    aria-describedby={check ? hintId : undefined}
                    onChange={(e) => set(field, e.target.value)}
                  />
                  {check ? (
                    <span id={hintId} className={check.blocking ? 'field-error' : 'field-warning'}>
                      {check.message}
                    </span>
                  ) : null}
                  {field === 'partitaIva' ? (
                    <div className="lookup">
                      <button type="button" className="button" disabled={!canLookup} onClick={() => void lookup.search(vat)}>
                        Cerca dati azienda
                      </button>
                      {lookup.state.status === 'searching' ? (
                        <button type="button" className="button button--ghost" onClick={lookup.cancel}>
                          Annulla ricerca
                        </button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="lookup-status" role="status" aria-live="polite" data-testid="lookup-status">
        {lookup.state.status === 'searching'
          ? lookup.state.slow
            ? 'Il registro delle imprese sta elaborando la richiesta: attendi qualche secondo…'
            : 'Ricerca dati azienda in corso…'
          : lookup.state.status === 'done'
            ? <span className={lookup.state.ok ? 'success-text' : 'danger-text'}>{lookup.state.message}</span>
            : null}
      </div>
      {formCheck ? <p className="form-error">{formCheck.message}</p> : null}
      {result ? (
        <p className={result.ok ? 'success-text' : 'form-error'} role={result.ok ? 'status' : 'alert'} data-testid="customer-form-result">
          {result.message}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Annulla
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Salvataggio…' : editing ? 'Salva modifiche' : 'Aggiungi cliente'}
        </button>
      </div>
    </form>
  );
}
