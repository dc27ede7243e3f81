/**
 * The invoice counter of the settings page (document 3 §5, §9): a whole number >= 0, required, stored as text;
 * an invalid stored value reads as 0. The example and the legend use the FatturaPA engine's numbering.
 */
import { formatCreditNoteNumber, formatInvoiceNumber, nextRevisionNumber, parseProgressive, userNumberPrefix } from '@/domain/fatturapa/numbering';

export const INVOICE_COUNTER_MESSAGES = {
  required: 'Inserisci il numero della prossima fattura.',
  invalid: 'Il contatore deve essere un numero intero maggiore o uguale a 0.',
  saved: 'Contatore fatture aggiornato con successo.',
  noShop: 'ID negozio non trovato.',
} as const;

/** Largest counter accepted (the rules accept up to 9 digits). */
export const MAX_INVOICE_COUNTER = 999_999_999;

export function storedCounter(value: unknown): number {
  return parseProgressive(value) ?? 0;
}

export type CounterInput = { ok: true; value: number; stored: string } | { ok: false; error: string };

export function parseCounterInput(text: string): CounterInput {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: INVOICE_COUNTER_MESSAGES.required };
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: INVOICE_COUNTER_MESSAGES.invalid };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value) || value > MAX_INVOICE_COUNTER) return { ok: false, error: INVOICE_COUNTER_MESSAGES.invalid };
  return { ok: true, value, stored: String(value) };
}

export interface NumberingExample {
  prefix: string;
  next: string;
  reissue: string;
  creditNote: string;
}

/** The next invoice number for a counter, and what a reissue and a credit note look like. */
export function numberingExample(userId: string, year: number, counter: number): NumberingExample {
  const next = formatInvoiceNumber(userId, year, counter);
  return {
    prefix: userNumberPrefix(userId),
    next,
    reissue: nextRevisionNumber(next),
    creditNote: formatCreditNoteNumber(userId, year, 1),
  };
}
