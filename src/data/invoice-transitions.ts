/**
 * The transitions of sent invoices (document 2 §4.4, §4.5): 'Riporta in bozza' and 'Crea Nota di Credito'.
 * Each is one atomic write (batch or transaction), so a half-done revert or a credit note without its counter
 * cannot exist; the rules check the same shapes.
 */
import { collection, doc, getDoc, getDocs, limit, query, runTransaction, serverTimestamp, updateDoc, where, writeBatch } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { customersCol, toFirestoreCustomer, type Customer } from './customer';
import { invoiceDoc, type Invoice } from './invoice';
import { saleDoc, salesCol, toFirestoreSale, type Sale } from './sale';
import { shopDoc } from './shop';
import { formatCreditNoteNumber, nextRevisionNumber } from '@/domain/fatturapa/numbering';
import { readOutgoingXml } from '@/domain/fatturapa/reader';
import { draftItemsFromView, draftItemsTotal, type DraftItem } from '@/domain/invoices/draft-from-invoice';
import { revertVerdict } from '@/domain/invoices/invoice-actions';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import { customerDisplayName } from '@/domain/customers/customer-fields';

export const TRANSITION_MESSAGES = {
  noShop: 'Errore: Impossibile determinare lo shop per ricreare la bozza. Contatta il supporto tecnico.',
  noCustomer:
    "Errore: Impossibile determinare il cliente per ricreare la bozza. La funzione 'Riporta in bozza' potrebbe non funzionare per questa fattura. Prova a creare una nuova fattura manualmente.",
  creditNoteCreated: 'Bozza di Nota di Credito creata! Puoi modificarla e inviarla dalla sezione Bozze.',
} as const;

export class TransitionError extends Error {}

/**
 * 'Riporta in bozza' is offered for rejected invoices, or sent ones not yet reverted (§4.4), never for one the SDI
 * delivered: the rules refuse the same (src/domain/invoices/invoice-actions.ts says why to the user).
 */
export function canRevert(invoice: Pick<Invoice, 'type' | 'markingRaw' | 'reverted'>): boolean {
  return revertVerdict(invoice).ok;
}

/** 'Crea Nota di Credito' for delivered and not-delivered invoices (§4.2). */
export function canCreditNote(invoice: Pick<Invoice, 'marking'>): boolean {
  return invoice.marking === 'delivered' || invoice.marking === 'not-delivered';
}

async function saleOf(shopId: string, invoiceId: string): Promise<Sale | undefined> {
  for (const field of ['invoiceUUID', 'originalInvoiceUUID']) {
    const snap = await getDocs(query(salesCol(), where('userId', '==', shopId), where(field, '==', invoiceId), limit(1)));
    const sale = snap.docs[0]?.data();
    if (sale) return sale;
  }
  return undefined;
}

async function customerByVat(shopId: string, vat: string): Promise<Customer | undefined> {
  for (const field of ['pIva', 'vatNumber', 'cf']) {
    const snap = await getDocs(query(customersCol(), where('userId', '==', shopId), where(field, '==', vat), limit(1)));
    const found = snap.docs[0]?.data();
    if (found) return found;
  }
  return undefined;
}

/** `documentTotal`: the invoice's ImportoTotaleDocumento, which the draft rebuilds to the cent (else its lines' sum). */
export function draftSale(shopId: string, number: string, originalInvoiceUUID: string, customer: Customer, items: DraftItem[], method: 'Fattura' | 'Nota di Credito', documentTotal?: number): Record<string, unknown> {
  const now = new Date();
  const total = documentTotal ?? draftItemsTotal(items);
  const sale: Sale = {
    id: '', userId: shopId, date: now, price: total, total, method, methodKind: 'fatture', isVoid: false, customerName: customerDisplayName(customer),
    lines: items.map((i, n) => ({ lineId: `l${n}`, name: i.name, code: i.code, qty: i.qty, unitPrice: i.unitPrice, vatRate: i.vatRate, natura: i.natura, discountPercent: i.discountPercent, total: i.total, unitOfMeasure: 'PZ', changedPrice: false, loyaltyEligible: false })),
    lineSource: 'items', isManualBancomatSale: false, migrated: false, invoiceUUID: '', invoiceNumber: number, originalInvoiceUUID, customerId: customer.id, customer,
    shopId, createdAt: now, updatedAt: now, deleted: false, permanentlyDeleted: false,
  };
  return { ...toFirestoreSale(sale), customer: toFirestoreCustomer(customer) };
}

/**
 * 'Riporta in bozza' (§4.4): the invoice gets `reverted`; its sale becomes a draft again with the original id
 * recorded and '-R{n}' on the number. With no sale document left, a draft is recreated from the payload, which
 * needs the buyer among the customers (by VAT or tax code) and the shop.
 */
export async function revertToDraft(shopId: string, invoice: Invoice, options: { keepNumber?: boolean } = {}): Promise<string> {
  const sale = await saleOf(shopId, invoice.id);
  const batch = writeBatch(db());
  // 'Correggi e reinvia' inside the 5 days after a rejection keeps the number (the rules allow it only then).
  const keep = options.keepNumber === true && invoice.marking === 'rejected';
  const revised = (current: string) => (keep ? current : nextRevisionNumber(current));
  // The correction of a rejected invoice carries the NS's time: its 5-day window runs from it (src/data/sdi-due.ts).
  const rejection = invoice.marking === 'rejected' && invoice.markingNotifiedAt ? { rejectedAt: invoice.markingNotifiedAt } : {};
  batch.update(invoiceDoc(invoice.id).withConverter(null), { reverted: true, updatedAt: new Date() });
  if (sale && sale.invoiceUUID === invoice.id) {
    const number = revised(sale.invoiceNumber ?? '');
    batch.update(saleDoc(sale.id).withConverter(null), { invoiceUUID: '', originalInvoiceUUID: invoice.id, invoiceNumber: number, ...rejection, updatedAt: new Date() });
    await confirmedWrite(batch.commit());
    return number;
  }
  if (sale && sale.invoiceUUID === '') {
    // The draft of an earlier revert still exists: only the flag was missing.
    await confirmedWrite(batch.commit());
    return sale.invoiceNumber ?? '';
  }
  const view = readOutgoingXml(invoice.payload)[0];
  if (!(await getDoc(shopDoc(shopId))).exists()) throw new TransitionError(TRANSITION_MESSAGES.noShop);
  const buyerId = view?.buyer.vatId?.code ?? view?.buyer.codiceFiscale;
  const customer = view && buyerId ? await customerByVat(shopId, buyerId) : undefined;
  if (!view || !customer) throw new TransitionError(TRANSITION_MESSAGES.noCustomer);
  const number = revised(view.number);
  batch.set(doc(collection(db(), COLLECTIONS.sale)), { ...draftSale(shopId, number, invoice.id, customer, draftItemsFromView(view), 'Fattura', view.total), ...rejection });
  await confirmedWrite(batch.commit());
  return number;
}

/** 'Cliente avvisato' after a mancata consegna: the time is the server's (the rules accept nothing else), once. */
export async function markBuyerTold(invoiceId: string): Promise<void> {
  await confirmedWrite(updateDoc(invoiceDoc(invoiceId).withConverter(null), { buyerToldAt: serverTimestamp(), updatedAt: new Date() }));
}

/**
 * 'Crea Nota di Credito' (§4.5): a TD04 draft with the invoice's lines, the customer of its sale, a link to the
 * original, and the number {prefix}-{year}-NC-{n} from settings.creditNoteNumber, incremented in the same
 * transaction (two tabs never share a number).
 */
export async function createCreditNote(shopId: string, invoice: Invoice): Promise<string> {
  const view = readOutgoingXml(invoice.payload)[0];
  if (!view) throw new TransitionError(TRANSITION_MESSAGES.noCustomer);
  const sale = await saleOf(shopId, invoice.id);
  const buyerId = view.buyer.vatId?.code ?? view.buyer.codiceFiscale;
  const customer = sale?.customer ?? (buyerId ? await customerByVat(shopId, buyerId) : undefined);
  if (!customer) throw new TransitionError(TRANSITION_MESSAGES.noCustomer);
  const items = draftItemsFromView(view);
  const ref = doc(collection(db(), COLLECTIONS.sale));
  return confirmedWrite(
    runTransaction(db(), async (tx) => {
      const shop = await tx.get(shopDoc(shopId));
      if (!shop.exists()) throw new TransitionError(TRANSITION_MESSAGES.noShop);
      const next = shop.data().settings.lastCreditNoteNumber + 1;
      const number = formatCreditNoteNumber(shopId, new Date().getFullYear(), next);
      tx.update(shopDoc(shopId).withConverter(null), { 'settings.creditNoteNumber': next });
      tx.set(ref, draftSale(shopId, number, invoice.id, customer, items, 'Nota di Credito', view.total));
      return number;
    }),
  );
}
