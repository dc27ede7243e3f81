/**
 * 'Crea fattura differita': confirmed notes of one customer -> one invoice draft of type TD24 with one
 * DatiDDT block per note (its lines referenced), built by the FatturaPA engine and checked by its offline
 * pre-flight (the SdI content checks) before anything is written. Loaded with `import()` with the engine.
 */
import { toFirestoreCustomer } from '@/data/customer';
import type { Ddt } from '@/data/ddt';
import { InvoiceBuildError } from '@/domain/fatturapa/build-error';
import { buildInvoiceXml } from '@/domain/fatturapa/builder';
import { customerRefusal, customerToBuyerInput } from '@/domain/fatturapa/customer-validity';
import { shopToSellerInput } from '@/domain/fatturapa/shop-seller';
import { deferredInvoiceLines } from '@/domain/ddt/invoice-lines';
import { ddtTotalCents, lineTotalCents } from '@/domain/ddt/ddt';
import { centsToEuro } from '@/domain/money';
import { checkInvoiceSemantics } from '@/domain/fatturapa/validate';
import { dayInput } from '@/domain/dashboard/period';
import { writeSaleLines, type SaleLine } from '@/data/sale-lines';
import type { InvoiceLineInput } from '@/domain/fatturapa/types';
import { commitDeferredInvoice, DdtActionError, loadDeferredInvoiceContext } from './api';
import { customerDisplayName } from '@/domain/customers/customer-fields';
import { countOf } from '@/domain/numbers/format-count';

export interface DeferredInvoiceResult {
  invoiceId: string;
  number: string;
  message: string;
}

function saleLines(lines: readonly InvoiceLineInput[]): SaleLine[] {
  return lines.map((l, i) => ({
    lineId: `L${i + 1}`, name: l.description, code: l.code, qty: l.quantity, unitPrice: l.grossUnitPrice, vatRate: l.vatRate, discountPercent: 0,
    total: centsToEuro(lineTotalCents({ quantity: l.quantity, unitPrice: l.grossUnitPrice })), unitOfMeasure: l.unitOfMeasure ?? 'PZ', changedPrice: false, loyaltyEligible: false,
  }));
}

export async function createDeferredInvoice(shopId: string, ddts: readonly Ddt[], now = new Date()): Promise<DeferredInvoiceResult> {
  const first = ddts[0];
  if (!first) throw new DdtActionError('Seleziona almeno un DDT confermato.');
  const unpriced = ddts.flatMap((d) => d.lines).filter((l) => l.unitPrice === undefined).length;
  const context = await loadDeferredInvoiceContext(shopId, first);
  // The customer /customers shows as not invoiceable gets no deferred invoice either (its XML would be sent as is).
  const refusal = customerRefusal(context.customer);
  if (refusal !== null) throw new DdtActionError(`Fattura differita non creata: ${refusal}`);
  const { lines, references } = deferredInvoiceLines(ddts);
  const seller = shopToSellerInput(context.shop);
  const buyer = customerToBuyerInput(context.customer);
  const date = dayInput(now);
  // The one DDT value (the same as the view, the form and the PDF of the notes).
  const total = centsToEuro(ddtTotalCents(ddts.flatMap((d) => d.lines)));

  const result = await commitDeferredInvoice(shopId, ddts, context.usedNumbers, now, (number) => {
    let xml: string;
    try {
      xml = buildInvoiceXml({ draft: { number, date, documentType: 'TD24', lines, ddts: references }, seller, buyer });
    } catch (e) {
      if (e instanceof InvoiceBuildError) throw new DdtActionError(`Fattura differita non creata: ${e.message}.`);
      throw e;
    }
    const problems = checkInvoiceSemantics(xml);
    if (problems.length > 0) throw new DdtActionError(`Fattura differita non creata: ${problems.map((p) => p.message).join(' ')}`);
    return {
      userId: shopId, shopId, method: 'Fattura', invoiceUUID: '', invoiceNumber: number, type: 'TD24', documentType: 'TD24',
      customerId: first.customerId ?? '', customer: toFirestoreCustomer(context.customer), customerName: customerDisplayName(context.customer),
      date: now, price: total, total, invoicePayload: xml, isVoid: false, deleted: false,
      // The lines in the drafts' items[] shape (the invoices screens list, merge and regenerate from them) and the
      // notes' references, so that a draft edited there can be rebuilt as the same TD24.
      ...writeSaleLines(saleLines(lines), 'items'),
      ddtIds: ddts.map((d) => d.id), ddts: references,
    };
  });
  const warning = unpriced > 0 ? unpriced === 1 ? ' Attenzione: 1 riga senza prezzo è a 0 €: correggila nella bozza prima di inviarla.' : ` Attenzione: ${countOf(unpriced, 'riga', 'righe')} senza prezzo sono a 0 €: correggile nella bozza prima di inviarla.` : '';
  return { ...result, message: `Bozza di fattura differita n. ${result.number} creata: la trovi in Fatture, sezione Bozze.${warning}` };
}
