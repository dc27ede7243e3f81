/**
 * The lines of a deferred invoice (TD24) from delivery notes, oldest note first, and each note's DatiDDT reference
 * with the invoice line numbers (1-based) its lines became. Lines without a price go in at 0 (the draft is edited
 * before sending); without a VAT rate, at the default 22%.
 */
import { DEFAULT_VAT_RATE } from '@/domain/fatturapa/codes';
import type { DdtReferenceInput, InvoiceLineInput } from '@/domain/fatturapa/types';
import { dayInput } from '@/domain/dashboard/period';
import type { DdtLineInput } from './ddt';

export interface InvoicedNote {
  number?: string;
  progressive?: number;
  date?: Date;
  lines: readonly DdtLineInput[];
}

export function deferredInvoiceLines(notes: readonly InvoicedNote[]): { lines: InvoiceLineInput[]; references: DdtReferenceInput[] } {
  const lines: InvoiceLineInput[] = [];
  const references: DdtReferenceInput[] = [];
  const sorted = [...notes].sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0) || (a.progressive ?? 0) - (b.progressive ?? 0));
  for (const d of sorted) {
    const lineNumbers: number[] = [];
    for (const l of d.lines) {
      lines.push({
        description: l.description || l.code || 'Articolo',
        quantity: l.quantity,
        grossUnitPrice: l.unitPrice ?? 0,
        vatRate: l.vatRate ?? DEFAULT_VAT_RATE,
        code: l.code || undefined,
        unitOfMeasure: l.um || undefined,
      });
      lineNumbers.push(lines.length);
    }
    references.push({ number: d.number ?? '', date: d.date ? dayInput(d.date) : '', lineNumbers });
  }
  return { lines, references };
}
