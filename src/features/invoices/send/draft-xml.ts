/**
 * A draft (Sale) → its FatturaPA XML (document 2 §4.3 'a draft without a payload gets one automatically', §5
 * 'Invoice generation'). Pure: the builder of the engine is fed from the Sale, the typed Shop
 * (shopToSellerInput) and the typed Customer (customerToBuyerInput), as their converters read them. A draft that
 * already has a payload (edited in the draft form, a deferred invoice, a credit note) keeps it. Build failures come back as InvoiceProblem with the builder's Italian message.
 */
import type { Customer } from '@/data/customer';
import type { Sale } from '@/data/sale';
import type { Shop } from '@/data/shop';
import { InvoiceBuildError } from '@/domain/fatturapa/build-error';
import { buildInvoiceXml } from '@/domain/fatturapa/builder';
import { DEFAULT_VAT_RATE, isEsigibilita, isNatura, isPaymentCondition, isPaymentMethod } from '@/domain/fatturapa/codes';
import { withCurrentSeller } from '@/domain/fatturapa/current-seller';
import { customerRefusal, customerToBuyerInput } from '@/domain/fatturapa/customer-validity';
import type { InvoiceProblem } from '@/domain/fatturapa/problem';
import { defaultPaymentCondition } from '@/domain/invoices/draft-edit';
import { shopToSellerInput } from '@/domain/fatturapa/shop-seller';
import type { DraftDocumentType, InvoiceDraftInput, InvoiceLineInput, RelatedDocumentInput } from '@/domain/fatturapa/types';

export const MISSING_PARTIES = 'La bozza deve indicare il negozio e il cliente: negozio o cliente non trovato.';

/** An ISO calendar date of the local day. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function saleDocumentType(sale: Pick<Sale, 'method' | 'type'>): DraftDocumentType {
  if (sale.method.trim().toLowerCase() === 'nota di credito' || sale.type === 'TD04') return 'TD04';
  if (sale.type === 'TD24') return 'TD24';
  return 'TD01';
}

/** The Sale's lines as the builder wants them: gross unit price, VAT 22 by default, percentage discount. */
export function saleLines(sale: Pick<Sale, 'lines'>): InvoiceLineInput[] {
  return sale.lines.map((l) => {
    const line: InvoiceLineInput = { description: l.name, quantity: l.qty, grossUnitPrice: l.unitPrice, vatRate: l.vatRate ?? DEFAULT_VAT_RATE };
    if (l.code) line.code = l.code;
    if (l.natura && isNatura(l.natura)) line.natura = l.natura;
    if (l.unitOfMeasure) line.unitOfMeasure = l.unitOfMeasure.toUpperCase();
    if (l.discountPercent > 0) line.adjustment = { kind: 'discount', percent: l.discountPercent };
    return line;
  });
}

/** Draft fields → the builder's draft (number already fixed; date = the sale's day, else today). */
export function saleToDraftInput(sale: Sale, number: string, today: Date, related?: RelatedDocumentInput): InvoiceDraftInput {
  const draft: InvoiceDraftInput = { number, date: isoDay(sale.date ?? today), documentType: saleDocumentType(sale), lines: saleLines(sale) };
  if (related) draft.relatedInvoice = related;
  if (sale.dueDate) draft.dueDate = sale.dueDate;
  if (sale.paymentMethod && isPaymentMethod(sale.paymentMethod)) draft.paymentMethod = sale.paymentMethod;
  draft.paymentCondition = sale.condizioniPagamento && isPaymentCondition(sale.condizioniPagamento) ? sale.condizioniPagamento : defaultPaymentCondition(sale);
  // An invoice for a receipt totals what the customer paid at the till, to the cent (paid-total.ts).
  if (sale.sourceSaleId !== undefined) draft.pricesPaid = true;
  // Set in 'Modifica Bozza' (document 2 §5).
  if (sale.esigibilita && isEsigibilita(sale.esigibilita)) draft.esigibilita = sale.esigibilita;
  if (sale.cig) draft.cig = sale.cig;
  if (sale.cup) draft.cup = sale.cup;
  if (sale.codiceCommessa) draft.codiceCommessa = sale.codiceCommessa;
  if (sale.causale) draft.causale = sale.causale;
  return draft;
}

export type DraftXml = { kind: 'xml'; xml: string; generated: boolean } | { kind: 'problems'; problems: InvoiceProblem[] };

function buildProblem(error: InvoiceBuildError): InvoiceProblem {
  return { code: 'BOZZA', path: error.field, message: error.message };
}

/**
 * The XML to send for a draft: its payload when it has one (with the shop's current seller), else one built by the
 * engine with `number`.
 * A credit note (TD04) names the invoice it corrects (`related`, from its originalInvoiceUUID).
 * `natura` is never guessed: a 0% line without it is refused by the builder with its message.
 */
export function draftXml(sale: Sale, shop: Shop | undefined, customer: Customer | undefined, number: string, today: Date, related?: RelatedDocumentInput): DraftXml {
  const payload = sale.invoicePayload?.trim() ?? '';
  if (payload !== '') {
    if (!shop) return { kind: 'xml', xml: payload, generated: false };
    // Written before a correction of the shop's data, it would name the old seller: the shop as it is now.
    try {
      return { kind: 'xml', xml: withCurrentSeller(payload, shopToSellerInput(shop)), generated: false };
    } catch (error) {
      if (error instanceof InvoiceBuildError) return { kind: 'problems', problems: [buildProblem(error)] };
      throw error;
    }
  }
  if (!shop || !customer) return { kind: 'problems', problems: [{ code: 'BOZZA', path: 'customer', message: MISSING_PARTIES }] };
  // The one validity rule: what the screens show as invalid is never sent (nor is a valid one refused, see the tests).
  const refusal = customerRefusal(customer);
  if (refusal !== null) return { kind: 'problems', problems: [{ code: 'BOZZA', path: 'customer', message: refusal }] };
  try {
    const xml = buildInvoiceXml({ draft: saleToDraftInput(sale, number, today, related), seller: shopToSellerInput(shop), buyer: customerToBuyerInput(customer) });
    return { kind: 'xml', xml, generated: true };
  } catch (error) {
    if (error instanceof InvoiceBuildError) return { kind: 'problems', problems: [buildProblem(error)] };
    throw error;
  }
}

