/**
 * The VAT summary of a package (riepilogo IVA): taxable amount and VAT by rate and by nature code
 * (N1–N7) for the counter sales (corrispettivi), the issued invoices and the received invoices, and the VAT due
 * minus the VAT deductible of the period — an indication for the accountant, not the settlement.
 *
 * - Invoices: each document's DatiRiepilogo as written (ImponibileImporto, Imposta), summed in cents per rate and
 *   nature. Credit notes (TD04, TD08) are subtracted. Split-payment lines (EsigibilitaIVA S) are kept apart: that
 *   VAT is paid by the public buyer, not due by the seller.
 * - Counter sales: the gross takings of each rate are summed over the period first, then split into taxable and VAT
 *   once per rate, half-up to the cent (scorporo on the rate's total, as the daily corrispettivi sent to the SDI
 *   carry it), never per sale — the per-sale roundings would drift by cents over a month.
 */
import { toCents, type Cents } from '@/domain/money';
import { netCents } from '@/domain/sales/sale-amounts';
import { naturaLabel } from '@/domain/fatturapa/codes';

export type VatSection = 'corrispettivi' | 'emesse' | 'ricevute';
export const VAT_SECTIONS: readonly VatSection[] = ['corrispettivi', 'emesse', 'ricevute'];
export const VAT_SECTION_LABEL: Record<VatSection, string> = {
  corrispettivi: 'Corrispettivi (vendite al banco)',
  emesse: 'Fatture emesse',
  ricevute: 'Fatture ricevute',
};

/** TD04 nota di credito, TD08 nota di credito semplificata: their amounts are subtracted. */
const CREDIT_NOTE_TYPES: ReadonlySet<string> = new Set(['TD04', 'TD08']);
export function isCreditNote(documentType: string): boolean {
  return CREDIT_NOTE_TYPES.has(documentType.trim().toUpperCase());
}

/** One DatiRiepilogo of an invoice, as the FatturaPA reader gives it. */
export interface InvoiceVatRow {
  vatRate: number;
  natura?: string;
  taxable: number;
  tax: number;
  esigibilita?: string;
}

export interface VatLine {
  section: VatSection;
  /** undefined: a counter sale whose rate is not recorded. */
  vatRate?: number;
  natura?: string;
  splitPayment: boolean;
  taxableCents: Cents;
  taxCents: Cents;
  /** Documents (invoices, or sales for the corrispettivi) with a row of this rate. */
  documents: number;
}

export interface VatSummary {
  lines: VatLine[];
  totals: Record<VatSection, { taxableCents: Cents; taxCents: Cents }>;
  /** VAT of the issued invoices (split payment excluded) and of the counter sales. */
  vatDueCents: Cents;
  /** VAT of the received invoices (split payment excluded). */
  vatDeductibleCents: Cents;
  /** Due minus deductible: positive to pay, negative a credit. */
  balanceCents: Cents;
}

/**
 * The settlement's balance, the same words and amount in riepilogo-iva.csv, riepilogo-iva.pdf and liquidazione-iva.csv:
 * 'a debito' when the sales' VAT exceeds the purchases', 'a credito' otherwise, the amount always positive (the sign is
 * in the words: an accountant reads '-2,95' of a credit as a second minus).
 */
export function balanceLine(summary: Pick<VatSummary, 'balanceCents'>): { label: string; cents: Cents } {
  return summary.balanceCents > 0 ? { label: 'Saldo: IVA a debito', cents: summary.balanceCents } : { label: 'Saldo: IVA a credito', cents: Math.abs(summary.balanceCents) };
}

export const INDICATIVE_NOTE = 'Riepilogo indicativo: non sostituisce la liquidazione periodica IVA.';

/** Sales paid 'Fattura' at the till that no issued invoice of the package documents: left out of every VAT section. */
export interface UninvoicedSales {
  count: number;
  grossCents: Cents;
}

/** The note on those sales, the same in riepilogo-iva.csv, riepilogo-iva.pdf and the screen. */
export function uninvoicedNote(u: UninvoicedSales, euro: (cents: Cents) => string): string {
  const sales = u.count === 1 ? '1 vendita pagata «Fattura»' : `${u.count} vendite pagate «Fattura»`;
  return `${sales} per ${euro(u.grossCents)} senza una fattura emessa nel pacchetto: non conteggiate nel riepilogo IVA (né nei corrispettivi né nelle fatture emesse). Sono elencate in indice.csv.`;
}

/** '22%', 'N2.2 Non soggette - altri casi', '22% scissione dei pagamenti', 'Aliquota non indicata'. */
export function vatLineLabel(line: Pick<VatLine, 'vatRate' | 'natura' | 'splitPayment'>): string {
  const base = line.natura ? `${line.natura} ${naturaLabel(line.natura)}` : line.vatRate === undefined ? 'Aliquota non indicata' : `${formatRate(line.vatRate)}%`;
  return line.splitPayment ? `${base} (scissione dei pagamenti)` : base;
}

function formatRate(rate: number): string {
  return String(rate).replace('.', ',');
}

const cents = (value: number): Cents => toCents(value) ?? 0;

interface Acc {
  line: VatLine;
  /** Corrispettivi: the rate's gross takings, split once at the end. */
  grossCents: number;
  documentIds: Set<string>;
}

/** Collects the documents of a period; `result()` gives the summary. */
export class VatSummaryBuilder {
  private readonly acc = new Map<string, Acc>();

  private at(section: VatSection, vatRate: number | undefined, natura: string | undefined, splitPayment: boolean): Acc {
    const key = `${section}|${vatRate ?? ''}|${natura ?? ''}|${splitPayment ? 'S' : ''}`;
    let a = this.acc.get(key);
    if (!a) {
      a = { line: { section, vatRate, natura, splitPayment, taxableCents: 0, taxCents: 0, documents: 0 }, grossCents: 0, documentIds: new Set() };
      this.acc.set(key, a);
    }
    return a;
  }

  /** One invoice body: its summary rows, subtracted for a credit note. */
  addInvoice(section: 'emesse' | 'ricevute', documentId: string, documentType: string, rows: readonly InvoiceVatRow[]): void {
    const sign = isCreditNote(documentType) ? -1 : 1;
    for (const row of rows) {
      const natura = row.natura?.trim() || undefined;
      const a = this.at(section, natura ? 0 : row.vatRate, natura, row.esigibilita?.trim().toUpperCase() === 'S');
      a.line.taxableCents += sign * cents(row.taxable);
      a.line.taxCents += sign * cents(row.tax);
      a.documentIds.add(documentId);
    }
  }

  /** One counter sale's gross takings at one rate (cents, VAT included). */
  addSale(saleId: string, vatRate: number | undefined, grossCents: Cents): void {
    const a = this.at('corrispettivi', vatRate, undefined, false);
    a.grossCents += grossCents;
    a.documentIds.add(saleId);
  }

  result(): VatSummary {
    const lines = [...this.acc.values()].map(({ line, grossCents, documentIds }) => {
      const out = { ...line, documents: documentIds.size };
      if (line.section === 'corrispettivi') {
        out.taxableCents = line.vatRate === undefined ? grossCents : netCents(grossCents, line.vatRate);
        out.taxCents = grossCents - out.taxableCents;
      }
      return out;
    });
    lines.sort(
      (a, b) =>
        VAT_SECTIONS.indexOf(a.section) - VAT_SECTIONS.indexOf(b.section) ||
        Number(a.natura !== undefined) - Number(b.natura !== undefined) ||
        (b.vatRate ?? -1) - (a.vatRate ?? -1) ||
        (a.natura ?? '').localeCompare(b.natura ?? '') ||
        Number(a.splitPayment) - Number(b.splitPayment),
    );
    const totals = Object.fromEntries(VAT_SECTIONS.map((s) => [s, { taxableCents: 0, taxCents: 0 }])) as VatSummary['totals'];
    let due = 0;
    let deductible = 0;
    for (const l of lines) {
      totals[l.section].taxableCents += l.taxableCents;
      totals[l.section].taxCents += l.taxCents;
      if (l.splitPayment) continue;
      if (l.section === 'ricevute') deductible += l.taxCents;
      else due += l.taxCents;
    }
    return { lines, totals, vatDueCents: due, vatDeductibleCents: deductible, balanceCents: due - deductible };
  }
}
