/**
 * The invoice counter of the settings page (document 3 §5, §9): a whole number >= 0, required, stored as text;
 * an invalid stored value reads as 0. The example and the legend use the FatturaPA engine's numbering.
 */
import { baseInvoiceNumber, formatCreditNoteNumber, formatInvoiceNumber, nextRevisionNumber, parseProgressive, userNumberPrefix } from '@/domain/fatturapa/numbering';

export const INVOICE_COUNTER_MESSAGES = {
  required: 'Inserisci il numero della prossima fattura.',
  invalid: 'Il contatore deve essere un numero intero maggiore o uguale a 0.',
  saved: 'Contatore fatture aggiornato con successo.',
  noShop: 'ID negozio non trovato.',
  /** Not in the spec: the technician's counter may not go back below a number already used. */
  alreadyUsed: (highest: string, min: number) => `Il numero ${highest} è già stato usato: il contatore deve essere almeno ${String(min)}.`,
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

/**
 * The highest invoice progressive of `year` among the shop's used numbers (drafts and issued invoices, reissues
 * counted by their base number; credit notes have their own series), or null when none.
 */
export function highestUsedInvoiceProgressive(used: Iterable<string>, userId: string, year: number): number | null {
  const prefix = `${userNumberPrefix(userId)}-${String(year)}-`.toUpperCase();
  let highest: number | null = null;
  for (const number of used) {
    const base = baseInvoiceNumber(number).toUpperCase();
    if (!base.startsWith(prefix)) continue;
    const n = parseProgressive(/^\d+$/.test(base.slice(prefix.length)) ? base.slice(prefix.length) : undefined);
    if (n !== null && (highest === null || n > highest)) highest = n;
  }
  return highest;
}

/**
 * The counter typed by the technician (the next invoice's progressive): a whole number (document 3 §5 messages),
 * and never at or below a number of this year already used, so the next invoice cannot repeat or go back.
 */
export function checkCounterInput(text: string, used: Iterable<string>, userId: string, year: number): CounterInput {
  const parsed = parseCounterInput(text);
  if (!parsed.ok) return parsed;
  const highest = highestUsedInvoiceProgressive(used, userId, year);
  if (highest !== null && parsed.value <= highest) {
    return { ok: false, error: INVOICE_COUNTER_MESSAGES.alreadyUsed(formatInvoiceNumber(userId, year, highest), highest + 1) };
  }
  return parsed;
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
