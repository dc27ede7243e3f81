/**
 * 'Modifica Bozza' (document 2 §5 'Edit draft form'): every field is required except the due date and, with
 * PagoPA (MP23), the CIG, CUP and commessa; an empty recipient code is saved as '0000000'; MP23 forces the
 * collectability to 'S'. And 'Unisci Fatture' (§4.3): the newest draft survives with every line.
 */
import { add, dec, toFixed, ZERO } from '../money/decimal';
import {
  DEFAULT_CODICE_DESTINATARIO, DEFAULT_PAYMENT_CONDITION, DEFAULT_PAYMENT_METHOD, isEsigibilita, isPaymentCondition, isPaymentMethod, PA_PAYMENT_METHOD,
  type PaymentCondition, type PaymentMethod,
} from '../fatturapa/codes';
import { paymentFamily } from '../sales/payment-family';

export interface DraftEditValues {
  number: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  dueDate: string;
  paymentCondition: string;
  paymentMethod: string;
  esigibilita: string;
  codiceDestinatario: string;
  cig: string;
  cup: string;
  codiceCommessa: string;
}

export type DraftEditErrors = Partial<Record<keyof DraftEditValues, string>>;

const REQUIRED = 'Campo obbligatorio.';

export function checkDraftEdit(v: DraftEditValues): DraftEditErrors {
  const errors: DraftEditErrors = {};
  if (v.number.trim() === '') errors.number = REQUIRED;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) errors.date = REQUIRED;
  if (v.dueDate !== '' && v.date !== '' && v.dueDate < v.date) errors.dueDate = 'La scadenza non può precedere la data del documento.';
  if (!isPaymentCondition(v.paymentCondition)) errors.paymentCondition = REQUIRED;
  if (!isPaymentMethod(v.paymentMethod)) errors.paymentMethod = REQUIRED;
  if (v.paymentMethod !== PA_PAYMENT_METHOD && !isEsigibilita(v.esigibilita)) errors.esigibilita = REQUIRED;
  const code = v.codiceDestinatario.trim();
  if (code !== '' && !/^[A-Za-z0-9]{6,7}$/.test(code)) errors.codiceDestinatario = 'Il codice destinatario ha 7 caratteri (6 per la Pubblica Amministrazione).';
  return errors;
}

/** The values as saved: '0000000' for an empty recipient code, 'S' with MP23, PA references only with MP23. */
export function cleanDraftEdit(v: DraftEditValues): DraftEditValues {
  const pagoPa = v.paymentMethod === PA_PAYMENT_METHOD;
  return {
    ...v,
    number: v.number.trim(),
    codiceDestinatario: v.codiceDestinatario.trim().toUpperCase() || DEFAULT_CODICE_DESTINATARIO,
    esigibilita: pagoPa ? 'S' : v.esigibilita,
    cig: pagoPa ? v.cig.trim() : '',
    cup: pagoPa ? v.cup.trim() : '',
    codiceCommessa: pagoPa ? v.codiceCommessa.trim() : '',
  };
}

export interface MergeableDraft<L extends { total: number }> {
  id: string;
  date?: Date;
  createdAt?: Date;
  lines: L[];
}

/** The merge of a group: the newest draft by date survives and receives every line; the total is recomputed exactly. */
export function planMerge<L extends { total: number }, D extends MergeableDraft<L>>(drafts: readonly D[]): { survivor: D; others: D[]; lines: L[]; total: number } {
  if (drafts.length < 2) throw new RangeError('Servono almeno due bozze da unire.');
  const time = (d: D) => (d.date ?? d.createdAt)?.getTime() ?? 0;
  const ordered = [...drafts].sort((a, b) => time(b) - time(a));
  const [survivor, ...others] = ordered as [D, ...D[]];
  const lines = [...survivor.lines, ...others.flatMap((d) => d.lines)];
  const total = Number(toFixed(lines.reduce((s, l) => add(s, dec(l.total)), ZERO), 2));
  return { survivor, others, lines, total };
}

/** What marks a draft made for a receipt: the receipt's id (its money was taken at the till). */
export interface ReceiptDraftLike {
  sourceSaleId?: string;
}

/**
 * The payment terms a draft starts with: an invoice for a receipt was paid in full at the till, 'TP02 pagamento
 * completo'; any other draft the spec's default 'TP01' (document 2 §9).
 */
export function defaultPaymentCondition(draft: ReceiptDraftLike): PaymentCondition {
  return draft.sourceSaleId !== undefined ? 'TP02' : DEFAULT_PAYMENT_CONDITION;
}

/** How a receipt was paid, as the invoice's ModalitaPagamento: cash MP01, card or terminal MP08, else the default. */
export function receiptPaymentMethod(method: string): PaymentMethod {
  const family = paymentFamily(method);
  if (family === 'bancomat') return 'MP08';
  if (family === 'contanti') return 'MP01';
  return DEFAULT_PAYMENT_METHOD;
}
