import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Sale } from '@/data/sale';
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

/** 'Modifica Bozza' (document 2 §2.2, §5). */
export function DraftEditModal({ draft, onClose, onSaved }: { draft: Sale | undefined; onClose: () => void; onSaved: (message: string) => void }) {
  return (
    <Modal open={draft !== undefined} title="Modifica Bozza" onClose={onClose} size="wide">
      {draft ? <DraftEditForm draft={draft} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function DraftEditForm({ draft, onClose, onSaved }: { draft: Sale; onClose: () => void; onSaved: (message: string) => void }) {
  const [values, setValues] = useState(() => initialValues(draft));
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
    if (Object.keys(checkDraftEdit(values)).length > 0 || saving) return;
    setSaving(true);
    try {
      await updateDraft(draft, cleanDraftEdit(values));
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

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="draft-edit">
      <div className="draft-edit__grid">
        {field('number', 'Numero', text('number'))}
        {field('date', 'Data documento', text('date', 'date'))}
        {field('dueDate', 'Scadenza pagamento (facoltativa)', text('dueDate', 'date'))}
        {field('paymentCondition', 'Condizioni di pagamento', select('paymentCondition', PAYMENT_CONDITION_LABELS))}
        {field('paymentMethod', 'Modalità di pagamento', select('paymentMethod', PAYMENT_METHOD_LABELS))}
        {field('esigibilita', 'Esigibilità IVA', select('esigibilita', pagoPa ? { S: ESIGIBILITA_LABELS.S } : ESIGIBILITA_LABELS, pagoPa))}
        {draft.customer ? field('codiceDestinatario', 'Codice destinatario (vuoto = 0000000)', text('codiceDestinatario')) : null}
        {pagoPa ? (
          <>
            {field('cig', 'CIG (facoltativo)', text('cig'))}
            {field('cup', 'CUP (facoltativo)', text('cup'))}
            {field('codiceCommessa', 'Codice commessa (facoltativo)', text('codiceCommessa'))}
          </>
        ) : null}
      </div>
      <p className="muted">Salvando, il file XML della bozza viene rigenerato con questi dati al prossimo invio.</p>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Annulla</button>
        <button type="submit" className="button button--primary" disabled={saving}>{saving ? 'Salvataggio…' : 'Salva bozza'}</button>
      </div>
    </form>
  );
}
