/**
 * Draft lines from a sent invoice's view (document 2 §4.4 recreate a missing draft, §4.5 credit note): the
 * draft stores prices VAT included (as the POS sells), the XML net prices. The gross unit price is the net one
 * times (1 + rate/100) EXACTLY, never rounded to the cent: the builder divides it by the same factor at 8 decimals,
 * so it gets back the invoice's PrezzoUnitario digit for digit, and the credit note's ImponibileImporto, Imposta and
 * ImportoTotaleDocumento equal the invoice's (net 0,41 × 100 gave 50,02 against 50,00 when the gross
 * was rounded to 0,50). A single percentage discount is kept as the line's discount. Quantity 1 and VAT 22 when the
 * line has none (§4.5 defaults).
 */
import { DEFAULT_VAT_RATE } from '../fatturapa/codes';
import type { InvoiceView, LineView } from '../fatturapa/invoice-view';
import { add, dec, decimalToCents, div, mul, round, sub, toNumber, type Decimal } from '../money/decimal';
import { centsToEuro } from '../money/money';

export interface DraftItem {
  code?: string;
  name: string;
  qty: number;
  /** Gross unit price, exact (up to 12 decimals): see the module comment. */
  unitPrice: number;
  vatRate: number;
  /** The Natura of a 0% line, kept so the draft rebuilds it (the builder refuses 0% without one). */
  natura?: string;
  /** Percentage discount of the invoice line (0 when none). */
  discountPercent: number;
  /** The line's gross amount to the cent, for the lists (the XML is computed from the net price). */
  total: number;
}

const HUNDRED = dec(100);

/** (100 + rate) / 100, exact at 4 decimals as the builder computes it. */
const vatFactor = (vatRate: number): Decimal => div(add(HUNDRED, round(dec(vatRate), 2)), HUNDRED, 4);

/** The one percentage discount of a line, when it has exactly that (a draft line's only adjustment field). */
function discountOf(line: LineView): number | undefined {
  const [only, ...others] = line.adjustments;
  if (!only) return 0;
  return others.length === 0 && only.type === 'SC' && only.percent !== undefined ? only.percent : undefined;
}

/**
 * The net unit price the draft carries: PrezzoUnitario, or — for a markup, an amount or several adjustments, which
 * a draft line cannot hold — the adjusted price (PrezzoUnitario ± each ScontoMaggiorazione in order, as the SdI
 * computes PrezzoTotale), so the line's total stays the invoice's.
 */
function netUnitPrice(line: LineView, keptDiscount: number | undefined): Decimal {
  let price = dec(line.unitPrice);
  if (keptDiscount !== undefined) return price;
  for (const a of line.adjustments) {
    const delta = a.percent !== undefined ? div(mul(price, dec(a.percent)), HUNDRED, 20) : dec(a.amount ?? 0);
    price = a.type === 'MG' ? add(price, delta) : sub(price, delta);
  }
  return price;
}

export function draftItemsFromView(view: InvoiceView): DraftItem[] {
  return view.lines.map((line) => {
    const vatRate = line.natura ? 0 : Number.isFinite(line.vatRate) ? line.vatRate : DEFAULT_VAT_RATE;
    const qty = line.quantity !== undefined && line.quantity > 0 ? line.quantity : 1;
    const kept = discountOf(line);
    const gross = mul(netUnitPrice(line, kept), vatFactor(vatRate));
    const discountPercent = kept ?? 0;
    const amount = div(mul(mul(gross, dec(qty)), sub(HUNDRED, dec(discountPercent))), HUNDRED, 12);
    return { code: line.articleCode, name: line.description, qty, unitPrice: toNumber(gross), vatRate, ...(line.natura ? { natura: line.natura } : {}), discountPercent, total: centsToEuro(decimalToCents(amount)) };
  });
}

/** The draft's total: the sum of its lines in exact cents. */
export function draftItemsTotal(items: readonly DraftItem[]): number {
  return centsToEuro(items.reduce((sum, i) => sum + decimalToCents(dec(i.total)), 0));
}
