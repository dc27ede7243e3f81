/**
 * scadenze.csv: the payment due dates of the package's invoices, every DettaglioPagamento of every DatiPagamento as
 * the FatturaPA reader gives it, issued and received alike, soonest first (one without due date last). An invoice
 * rejected by the SDI was never issued and is not here, as in the registers.
 */
import { toCsv, type CsvCell } from '@/domain/csv/csv';
import { formatItalianDate } from '@/domain/fatturapa/dates';
import { toCents } from '@/domain/money';
import type { RegisterDocument } from './registers';

export const DUE_DATES_HEADERS = ['Direzione', 'Numero documento', 'Data documento', 'Tipo documento', 'Controparte', 'Modalità', 'Descrizione modalità', 'Data scadenza', 'Importo', 'IBAN'] as const;
export const DIRECTION_LABEL = { emesse: 'Emessa', ricevute: 'Ricevuta' } as const;

export function dueDatesCsv(documents: readonly RegisterDocument[]): string {
  const rows = documents.flatMap((doc) => doc.payments.map((p) => ({ doc, p })));
  const byNumber = new Intl.Collator('it', { numeric: true });
  rows.sort(
    (a, b) =>
      Number(a.p.dueDate === undefined) - Number(b.p.dueDate === undefined) ||
      (a.p.dueDate ?? '').localeCompare(b.p.dueDate ?? '') ||
      a.doc.date.localeCompare(b.doc.date) ||
      byNumber.compare(a.doc.number, b.doc.number),
  );
  const body: CsvCell[][] = rows.map(({ doc, p }) => {
    const amount = p.amount === undefined ? undefined : toCents(p.amount);
    return [
      DIRECTION_LABEL[doc.direction], doc.number, formatItalianDate(doc.date), doc.documentType, doc.partyName, p.method, p.method ? p.methodLabel : '',
      p.dueDate ? formatItalianDate(p.dueDate) : '', amount === null || amount === undefined ? '' : amount / 100, p.iban ?? '',
    ];
  });
  return toCsv(DUE_DATES_HEADERS, body);
}
