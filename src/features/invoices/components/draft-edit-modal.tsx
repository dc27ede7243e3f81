import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Customer } from '@/data/customer';
import type { Sale } from '@/data/sale';
import { customerDisplayName } from '@/domain/customers/customer-fields';
import { checkCustomerForInvoicing } from '@/domain/fatturapa/customer-validity';
import { draftLineValues, readDraftLines, type DraftLineErrors, type DraftLineValues } from '@/domain/invoices/draft-lines';
import { DraftLinesEditor } from './draft-lines-editor';
import { DEFAULT_PAYMENT_METHOD, ESIGIBILITA_LABELS, PA_PAYMENT_METHOD, PAYMENT_CONDITION_LABELS, PAYMENT_METHOD_LABELS } from '@/domain/fatturapa/codes';
import { checkDraftEdit, cleanDraftEdit, defaultPaymentCondition, type DraftEditValues } from '@/domain/invoices/draft-edit';
import { italianError } from '@/lib/firebase-errors';
import { updateDraft } from '../api';

function isoDay(date: Date | undefined): string {
  if (!date) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function initialValues(draft: Sale): DraftEditValues {
  return {
    number: draft.invoiceNumber ?? '',
    date: isoDay(draft.date ?? draft.createdAt),
    dueDate: draft.dueDate ?? '',
    paymentCondition: draft.condizioniPagamento ?? defaultPaymentCondition(draft),
    paymentMethod: draft.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    esigibilita: draft.esigibilita ?? (draft.paymentMethod === PA_PAYMENT_METHOD ? 'S' : 'I'),
    codiceDestinatario: draft.customer?.codiceDestinatario ?? '',
    cig: draft.cig ?? '',
    cup: draft.cup ?? '',
    codiceCommessa: draft.codiceCommessa ?? '',
  };
}

interface DraftEditProps {
  draft: Sale;
  /** The shop's customers (the directory), for the buyer. */
  customers: readonly Customer[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * 'Modifica Bozza' (document 2 §2.2, §5): the terms, and also the draft's content: its buyer (a customer of the
 * directory) and its lines.
 */
export function DraftEditModal({ draft, ...rest }: Omit<DraftEditProps, 'draft'> & { draft: Sale | undefined }) {
  return (
    <Modal open={draft !== undefined} title="Modifica Bozza" onClose={rest.onClose} size="wide">
      {draft ? <DraftEditForm draft={draft} {...rest} /> : null}
    </Modal>
  );
}

const lineKey = (draft: Sale, i: number) => `${draft.id}-${String(i)}`;

function DraftEditForm({ draft, customers, onClose, onSaved }: DraftEditProps) {
  const [values, setValues] = useState(() => initialValues(draft));
  const initialLines = useRef(draft.lines.map((l, i) => draftLineValues(l, lineKey(draft, i))));
  const [lines, setLines] = useState<DraftLineValues[]>(initialLines.current);
  const [lineErrors, setLineErrors] = useState<Record<string, DraftLineErrors>>({});
  const nextKey = useRef(draft.lines.length);
  const currentId = draft.customerId ?? draft.customer?.id ?? '';
  const [customerId, setCustomerId] = useState(currentId);
  const chosen = customerId !== currentId ? customers.find((c) => c.id === customerId) : undefined;
  const shownCustomer = chosen ?? customers.find((c) => c.id === currentId) ?? draft.customer;
  const validity = shownCustomer ? checkCustomerForInvoicing(shownCustomer) : undefined;
  const sortedCustomers = [...customers].sort((a, b) => customerDisplayName(a).localeCompare(customerDisplayName(b), 'it'));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errors = touched ? checkDraftEdit(values) : {};
  const pagoPa = values.paymentMethod === PA_PAYMENT_METHOD;
  const set = (key: keyof DraftEditValues, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const linesChanged = JSON.stringify(lines) !== JSON.stringify(initialLines.current);
    const readLines = linesChanged ? readDraftLines(lines) : undefined;
    setLineErrors(readLines && !readLines.ok ? readLines.errors : {});
    if (readLines && !readLines.ok) setError(readLines.message);
    if (Object.keys(checkDraftEdit(values)).length > 0 || (readLines && !readLines.ok) || saving) return;
    setError(null);
    setSaving(true);
    try {
      await updateDraft(draft, cleanDraftEdit(values), { ...(readLines?.ok ? { lines: readLines.lines } : {}), ...(chosen ? { customer: chosen } : {}) }, new Map(customers.map((c) => [c.id, c])));
      onSaved(`Bozza ${values.number} aggiornata.`);
      onClose();
    } catch (e) {
      setError(`Errore nel salvataggio: ${italianError(e)}`);
      setSaving(false);
    }
  }

  const field = (key: keyof DraftEditValues, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input}
      {errors[key] ? <span className="field-error" id={`${id}-${key}-error`}>{errors[key]}</span> : null}
    </div>
  );
  const text = (key: keyof DraftEditValues, type = 'text') => (
    <input id={`${id}-${key}`} type={type} value={values[key]} onChange={(e) => set(key, e.target.value)} aria-invalid={errors[key] ? true : undefined} aria-describedby={errors[key] ? `${id}-${key}-error` : undefined} />
  );
  const select = (key: keyof DraftEditValues, options: Record<string, string>, disabled = false) => (
    <select id={`${id}-${key}`} value={values[key]} disabled={disabled} onChange={(e) => set(key, e.target.value)}>
      {Object.entries(options).map(([code, label]) => <option key={code} value={code}>{code} – {label}</option>)}
    </select>
  );

  const chooseCustomer = (id: string) => {
    setCustomerId(id);
    const next = customers.find((c) => c.id === id);
    // The recipient code follows the buyer: the new customer's own, as its record has it.
    if (next && id !== currentId) set('codiceDestinatario', next.codiceDestinatario ?? '');
    if (id === currentId) set('codiceDestinatario', initialValues(draft).codiceDestinatario);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="draft-edit">
      <div className="draft-edit__grid">
        <div className="field">
          <label htmlFor={`${id}-customer`}>Cliente</label>
          <select id={`${id}-customer`} value={customerId} onChange={(e) => chooseCustomer(e.target.value)}>
            {currentId === '' || !customers.some((c) => c.id === currentId) ? (
              <option value={currentId}>{draft.customer ? customerDisplayName(draft.customer) : draft.customerName?.trim() || 'Cliente non indicato'}</option>
            ) : null}
            {sortedCustomers.map((c) => <option key={c.id} value={c.id}>{customerDisplayName(c)}{c.partitaIva ? ` · P.IVA ${c.partitaIva}` : ''}</option>)}
          </select>
          {validity && !validity.valid ? <span className="badge badge--warning" role="status">{validity.badge}: completa la scheda del cliente in Clienti prima di inviare.</span> : null}
        </div>
        {field('number', 'Numero', text('number'))}
        {field('date', 'Data documento', text('date', 'date'))}
        {field('dueDate', 'Scadenza pagamento (facoltativa)', text('dueDate', 'date'))}
        {field('paymentCondition', 'Condizioni di pagamento', select('paymentCondition', PAYMENT_CONDITION_LABELS))}
        {field('paymentMethod', 'Modalità di pagamento', select('paymentMethod', PAYMENT_METHOD_LABELS))}
        {field('esigibilita', 'Esigibilità IVA', select('esigibilita', pagoPa ? { S: ESIGIBILITA_LABELS.S } : ESIGIBILITA_LABELS, pagoPa))}
        {draft.customer || chosen ? field('codiceDestinatario', 'Codice destinatario (vuoto = 0000000)', text('codiceDestinatario')) : null}
        {pagoPa ? (
          <>
            {field('cig', 'CIG (facoltativo)', text('cig'))}
            {field('cup', 'CUP (facoltativo)', text('cup'))}
            {field('codiceCommessa', 'Codice commessa (facoltativo)', text('codiceCommessa'))}
          </>
        ) : null}
      </div>
      <DraftLinesEditor lines={lines} errors={lineErrors} onChange={setLines} newKey={() => lineKey(draft, nextKey.current++)} />
      <p className="muted">Salvando, il file XML della bozza viene rigenerato con questi dati al prossimo invio.</p>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Annulla</button>
        <button type="submit" className="button button--primary" disabled={saving}>{saving ? 'Salvataggio…' : 'Salva bozza'}</button>
      </div>
    </form>
  );
}
