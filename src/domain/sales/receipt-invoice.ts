/**
 * An invoice for a receipt ('Crea fattura' on a POS sale): a customer comes back and asks for the invoice of
 * something already paid at the till. The back office makes an invoice draft from the sale's lines, for a
 * customer of the directory, with a Causale naming the receipt; the draft is then edited and sent from
 * 'Fatture › Bozze' like any other. Pure rules of that step: which sales can be invoiced, what the existing
 * documents of a sale mean, and the draft's lines and total.
 */
import { centsToEuro, toCents } from '../money/money';

export interface InvoiceableSale {
  /** undefined for a POS sale; '' / 'grouped' / a uuid for the back office's invoice documents. */
  invoiceUUID?: string;
  isVoid: boolean;
  methodKind: string;
  price: number;
  lines: readonly { total: number }[];
}

/** Why a sale cannot be invoiced, in Italian; null when it can. */
export function receiptInvoiceBlock(sale: InvoiceableSale): string | null {
  if (sale.invoiceUUID !== undefined) return 'Questo documento è già una fattura: si gestisce da Fatture.';
  if (sale.isVoid) return 'Scontrino annullato: non si può fatturare.';
  if (sale.methodKind === 'preconto') return 'Un preconto non è una vendita: non si può fatturare.';
  if (sale.methodKind === 'nota-di-credito') return 'Una nota di credito non si fattura.';
  if (sale.lines.length === 0) return 'Scontrino senza articoli: non si può fatturare.';
  if (linesTotalCents(sale.lines) <= 0) return 'Scontrino a totale zero: non si può fatturare.';
  return null;
}

function linesTotalCents(lines: readonly { total: number }[]): number {
  return lines.reduce((sum, l) => sum + (toCents(l.total) ?? 0), 0);
}

/** The draft's total: its lines, summed in cents. */
export function receiptInvoiceTotal(lines: readonly { total: number }[]): number {
  return centsToEuro(linesTotalCents(lines));
}

/**
 * A warning when the lines do not add up to what was paid (a discount or surcharge on the whole receipt):
 * the invoice is made from the lines, so the user must check the draft before sending it.
 */
export function receiptTotalMismatch(sale: Pick<InvoiceableSale, 'price' | 'lines'>, formatEuro: (n: number) => string): string | null {
  const lines = linesTotalCents(sale.lines);
  const paid = toCents(sale.price) ?? 0;
  if (lines === paid) return null;
  return `Attenzione: il totale degli articoli (${formatEuro(lines / 100)}) è diverso dal totale pagato (${formatEuro(paid / 100)}), per sconti o maggiorazioni sull'intero scontrino. Controlla la bozza prima di inviarla.`;
}

/** The Causale of the invoice: the receipt it refers to, whose amount is already counted at the till. */
export function receiptInvoiceCausale(receiptDateTime: string): string {
  return `Fattura riferita allo scontrino (documento commerciale) del ${receiptDateTime}: corrispettivo già incassato.`;
}

export interface ReceiptInvoiceDoc {
  id: string;
  invoiceUUID?: string;
  invoiceNumber?: string;
  deleted: boolean;
  permanentlyDeleted: boolean;
}

export type ReceiptInvoiceState =
  | { kind: 'none' }
  | { kind: 'draft' | 'trash' | 'sent'; id: string; number: string };

/**
 * What already exists for a sale, most advanced first: a sent invoice, a live draft, a draft in the trash.
 * Drafts deleted for good, and those merged into another draft ('grouped', followed there), do not count.
 */
export function receiptInvoiceState(docs: readonly ReceiptInvoiceDoc[]): ReceiptInvoiceState {
  const live = docs.filter((d) => !d.permanentlyDeleted && d.invoiceUUID !== 'grouped');
  const pick = (kind: 'draft' | 'trash' | 'sent', test: (d: ReceiptInvoiceDoc) => boolean): ReceiptInvoiceState | undefined => {
    const found = live.find(test);
    return found ? { kind, id: found.id, number: found.invoiceNumber ?? '' } : undefined;
  };
  return (
    pick('sent', (d) => d.invoiceUUID !== undefined && d.invoiceUUID !== '') ??
    pick('draft', (d) => d.invoiceUUID === '' && !d.deleted) ??
    pick('trash', (d) => d.invoiceUUID === '' && d.deleted) ?? { kind: 'none' }
  );
}
