/**
 * A file with several bodies (a lotto: several invoices of the same supplier to the same buyer in one SDI file) is
 * one Invoice document, whose stored total is the sum of its bodies (the webhook's). Wherever one line stands for
 * the file (the /invoices row, the 'Carica da fattura' list), it says so: the first body's number followed by
 * 'e altri N', and the sum of every body's total — the same figure as the stored one. Each body stays readable on
 * its own when the invoice is opened.
 *
 * Why one row and not one row per body: the file is one delivery with one SDI identity, one marking (read, paid,
 * warehouse) and one original XML; splitting it would make three rows share one set of buttons.
 */
import { add, decimalToCents, dec, ZERO } from '../money/decimal';
import type { InvoiceView } from './invoice-view';

export interface FileFigures {
  /** '123', or '123 e altri 2' for a lotto of three. */
  number: string;
  /** Every body's number, in file order. */
  numbers: string[];
  /** Σ of the bodies' totals (ImportoTotaleDocumento, else their VAT summaries), exact to the cent. */
  total: number;
  bodyCount: number;
}

/** The number and total that stand for the whole file. Undefined for a reading with no body. */
export function fileFigures(views: readonly InvoiceView[]): FileFigures | undefined {
  const first = views[0];
  if (!first) return undefined;
  const others = views.length - 1;
  const total = views.reduce((sum, v) => add(sum, dec(v.totalDocument ?? v.total)), ZERO);
  return {
    number: others > 0 ? `${first.number} e ${others === 1 ? 'un altro' : `altri ${others}`}` : first.number,
    numbers: views.map((v) => v.number),
    total: decimalToCents(total) / 100,
    bodyCount: views.length,
  };
}
