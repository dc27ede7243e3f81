/**
 * The cash closings' CSV: one row per day, in the Italian Excel format of the other exports (the CSV
 * module writes it). A figure the closing does not carry is an empty cell, never a zero.
 */
import type { CsvCell } from '@/domain/csv/csv';
import { STATUS_LABEL, type DayReconciliation } from './reconcile';

export const ZREPORT_CSV_HEADERS = [
  'Data', 'N. chiusura', 'Ora chiusura', 'Totale chiusura', 'Contanti chiusura', 'Carte chiusura', 'Fatture chiusura',
  'Scontrini', 'Annulli', 'Vendite POS contanti', 'Vendite POS bancomat', 'Vendite POS fatture', 'Vendite POS altri metodi',
  'Vendite POS totale', 'Differenza', 'Esito',
] as const;

const time = (d: Date | undefined) => (d ? `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}` : '');

export function closingNumbers(row: DayReconciliation): string {
  return row.closings.map((c) => (c.number === undefined ? '' : String(c.number))).filter(Boolean).join(', ');
}

export function closingTimes(row: DayReconciliation): string {
  return row.closings.map((c) => time(c.createdAt)).filter(Boolean).join(', ');
}

export function zreportCsvRows(rows: readonly DayReconciliation[]): CsvCell[][] {
  return rows.map((r) => [
    r.date,
    closingNumbers(r),
    closingTimes(r),
    r.closing.total,
    r.closing.cashTotal,
    r.closing.cardTotal,
    r.closing.invoiceTotal,
    r.closing.receipts,
    r.closing.voids,
    r.sales.byFamily.contanti,
    r.sales.byFamily.bancomat,
    r.sales.byFamily.fatture,
    r.sales.byFamily.altro,
    r.sales.total,
    r.difference,
    STATUS_LABEL[r.status],
  ]);
}
