/**
 * The invoices screens' reads and writes (document 2 §7), except sending (./send). Live lists: the shop's
 * incoming and outgoing invoices by type, newest first; drafts (Sale with empty invoiceUUID, method Fattura or
 * Nota di Credito); the trash (Sale with deleted true). The lists download the documents they show: each row's
 * columns are read from its payload, which no aggregation can give.
 */
import { deleteField, doc, orderBy, query, updateDoc, where, writeBatch } from 'firebase/firestore';
import { customerDoc, customersCol, toFirestoreCustomer, type Customer } from '@/data/customer';
import { customerDisplayName } from '@/domain/customers/customer-fields';
import type { DraftLineOut } from '@/domain/invoices/draft-lines';
import { centsToEuro } from '@/domain/money/money';
import { invoiceDoc, invoicesCol, INVOICE_TYPE } from '@/data/invoice';
import { invoiceDraftsQuery, saleDoc, salesCol, type Sale, type SaleLine } from '@/data/sale';
import { writeSaleLines } from '@/data/sale-lines';
import { planMerge, type DraftEditValues } from '@/domain/invoices/draft-edit';
import { mergeRefusal } from '@/domain/invoices/draft-groups';
import { draftCustomerName, type CustomerDirectory } from '@/domain/invoices/invoice-list';
import { canCreditNote, canRevert, createCreditNote, markBuyerTold, revertToDraft } from '@/data/invoice-transitions';
import { markInvoiceAddedManually } from '@/data/warehouse-import';
import type { Invoice } from '@/data/invoice';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import type { LogAction } from '@/domain/activity-log/actions';
import { logActivity } from '@/stores/activity-log';

export { canCreditNote, canRevert };


export const incomingQuery = (shopId: string) => query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.incoming), orderBy('createdAt', 'desc'));
export const outgoingQuery = (shopId: string) => query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.outgoing), orderBy('createdAt', 'desc'));
export const draftsQuery = invoiceDraftsQuery;
export const deletedQuery = (shopId: string) => query(salesCol(), where('userId', '==', shopId), where('deleted', '==', true));
/** The shop's customers (document 2 §7 'Customer by userId (live)'): the drafts name their buyer by id. */
export const shopCustomersQuery = (shopId: string) => query(customersCol(), where('userId', '==', shopId));

const rawInvoice = (id: string) => invoiceDoc(id).withConverter(null);
const rawSale = (id: string) => saleDoc(id).withConverter(null);

/**
 * Every write below is logged once it is confirmed (module 'invoices'), with the document's id, its number and
 * the other party, so that the log reads without opening the invoice.
 */
export interface InvoiceSubject {
  id: string;
  number: string;
  counterpart: string;
}

function logInvoice(action: LogAction, subject: InvoiceSubject, extra: Record<string, unknown> = {}): void {
  logActivity({ action, module: 'invoices', details: { invoiceId: subject.id, number: subject.number, counterpart: subject.counterpart, ...extra } });
}

/** A draft (a Sale) as the log names it: its buyer as the list names it (the directory, when the screen has it). */
export function draftSubject(draft: Pick<Sale, 'id' | 'invoiceNumber' | 'customerName' | 'customer'> & Partial<Pick<Sale, 'customerId'>>, directory?: CustomerDirectory): InvoiceSubject {
  return { id: draft.id, number: draft.invoiceNumber ?? '', counterpart: draftCustomerName(draft, directory) };
}

/** Mark as read (document 2 §4.2): newInvoice cleared. */
export async function markInvoiceRead(subject: InvoiceSubject): Promise<void> {
  await confirmedWrite(updateDoc(rawInvoice(subject.id), { newInvoice: false }));
  logInvoice('invoice_read', subject);
}

/** Mark as paid: the marking becomes 'paid'. */
export async function markInvoicePaid(subject: InvoiceSubject): Promise<void> {
  await confirmedWrite(updateDoc(rawInvoice(subject.id), { marking: 'paid' }));
  logInvoice('invoice_paid', subject);
}

/** 'Segna come già in magazzino': cannot be undone (document 2 §4.6). */
export async function markInvoiceInWarehouse(shopId: string, subject: InvoiceSubject): Promise<void> {
  await markInvoiceAddedManually(shopId, subject.id);
  logInvoice('invoice_warehouse_marked', subject);
}

/**
 * 'Riporta in bozza' (§4.4) and, for a rejected invoice, 'Correggi e reinvia' (keepNumber inside the 5-day window:
 * resendPolicy); returns the draft's number.
 */
export async function revertInvoice(shopId: string, invoice: Invoice, subject: InvoiceSubject, options: { keepNumber?: boolean } = {}): Promise<string> {
  const number = await revertToDraft(shopId, invoice, options);
  logInvoice('invoice_reverted', subject, { draftNumber: number, keptNumber: options.keepNumber === true });
  return number;
}

/** 'Cliente avvisato' (mancata consegna): recorded on the invoice and in the activity log. */
export async function markInvoiceBuyerTold(subject: InvoiceSubject): Promise<void> {
  await markBuyerTold(subject.id);
  logInvoice('invoice_buyer_told', subject);
}

/** 'Crea Nota di Credito' (§4.5); returns the credit note's number. */
export async function createInvoiceCreditNote(shopId: string, invoice: Invoice, subject: InvoiceSubject): Promise<string> {
  const number = await createCreditNote(shopId, invoice);
  logInvoice('credit_note_created', subject, { creditNoteNumber: number });
  return number;
}

export interface SenderAsCustomer {
  ragioneSociale: string;
  partitaIva?: string;
  codiceFiscale?: string;
  address?: string;
  cap?: string;
  city?: string;
  province?: string;
  nation?: string;
}

/** Save the sender as a customer: the customer and the invoice's customerAlreadyExist in one batch. */
export async function saveSenderAsCustomer(shopId: string, subject: InvoiceSubject, sender: SenderAsCustomer): Promise<string> {
  const invoiceId = subject.id;
  const batch = writeBatch(db());
  const ref = doc(customersCol());
  const now = new Date();
  batch.set(customerDoc(ref.id).withConverter(null), toFirestoreCustomer({ id: ref.id, userId: shopId, ...sender, createdAt: now, updatedAt: now }));
  batch.update(rawInvoice(invoiceId), { customerAlreadyExist: true });
  await confirmedWrite(batch.commit());
  logInvoice('invoice_sender_saved', subject, { customerId: ref.id, partitaIva: sender.partitaIva, codiceFiscale: sender.codiceFiscale });
  return ref.id;
}

/** Moves a draft to the trash (soft: `deleted`); the original invoice of a reverted draft is no longer 'reverted' (§4.3). */
export async function moveDraftToTrash(draft: Sale, directory?: CustomerDirectory): Promise<void> {
  const batch = writeBatch(db());
  batch.update(rawSale(draft.id), { deleted: true, deletedAt: new Date() });
  if (draft.originalInvoiceUUID) batch.update(rawInvoice(draft.originalInvoiceUUID), { reverted: false });
  await confirmedWrite(batch.commit());
  logInvoice('invoice_draft_deleted', draftSubject(draft, directory), { originalInvoiceUUID: draft.originalInvoiceUUID });
}

export async function restoreDraft(draft: Sale, directory?: CustomerDirectory): Promise<void> {
  await confirmedWrite(updateDoc(rawSale(draft.id), { deleted: false, deletedAt: deleteField() }));
  logInvoice('invoice_draft_restored', draftSubject(draft, directory));
}

/**
 * 'Elimina definitivamente' from the trash: the document is not removed, it is marked `permanentlyDeleted` (spec
 * §2: the POS and the trash list read that flag), so it leaves every list and its number is free again.
 */
export async function markDraftPermanentlyDeleted(draft: Sale, directory?: CustomerDirectory): Promise<void> {
  await confirmedWrite(updateDoc(rawSale(draft.id), { permanentlyDeleted: true, permanentlyDeletedAt: new Date() }));
  logInvoice('invoice_draft_purged', draftSubject(draft, directory), { total: draft.total ?? draft.price });
}

export { latestRejection } from '@/data/api-log';

/**
 * 'Modifica Bozza': the terms are saved and the XML payload dropped, so the draft's e-invoice is generated again
 * from what the user set. The recipient code goes into the customer stored in the draft, when it has one.
 */
export interface DraftContentChanges {
  /** The edited lines (the draft's own unit: price VAT included), replacing the stored ones. */
  lines?: DraftLineOut[];
  /** Another customer of the directory as the buyer. */
  customer?: Customer;
}

/** A draft's lines replaced by `lines`, stored as items[] with the older line fields removed (they would shadow them). */
function replacedLines(draft: Sale, lines: readonly SaleLine[]): Record<string, unknown> {
  const update: Record<string, unknown> = { ...writeSaleLines([...lines], 'items') };
  if (draft.lineSource === 'lines') update.lines = deleteField();
  if (draft.lineSource === 'legacy') {
    update.scrapCount = deleteField();
    draft.lines.forEach((_, i) => LEGACY_LINE_FIELDS.forEach((f) => (update[`${f}${i}`] = deleteField())));
  }
  return update;
}

export async function updateDraft(draft: Sale, v: DraftEditValues, changes: DraftContentChanges = {}, directory?: CustomerDirectory): Promise<void> {
  const optional = (value: string) => (value === '' ? deleteField() : value);
  const update: Record<string, unknown> = {
    invoiceNumber: v.number,
    date: new Date(`${v.date}T12:00:00`),
    dueDate: optional(v.dueDate),
    condizioniPagamento: v.paymentCondition,
    paymentMethod: v.paymentMethod,
    esigibilita: v.esigibilita,
    cig: optional(v.cig),
    cup: optional(v.cup),
    codiceCommessa: optional(v.codiceCommessa),
    invoicePayload: deleteField(),
    updatedAt: new Date(),
  };
  if (changes.customer) {
    // The buyer's copy inside the draft, with the recipient code as set in the form.
    const chosen = { ...changes.customer, codiceDestinatario: v.codiceDestinatario };
    Object.assign(update, { customerId: chosen.id, customer: toFirestoreCustomer(chosen), customerName: customerDisplayName(chosen) });
  } else if (draft.customer) {
    update['customer.receiverCode'] = v.codiceDestinatario;
    update['customer.codiceDestinatario'] = v.codiceDestinatario;
  }
  if (changes.lines) {
    const lines: SaleLine[] = changes.lines.map((l, i) => ({
      lineId: `l${String(i)}`, name: l.name, code: l.code, qty: l.qty, unitPrice: l.unitPrice, vatRate: l.vatRate, natura: l.natura,
      discountPercent: l.discountPercent, total: l.total, unitOfMeasure: l.unitOfMeasure ?? 'PZ', changedPrice: false, loyaltyEligible: false,
    }));
    // `total` only: a POS draft keeps its `price` (what the till took), which the dashboard adds up.
    Object.assign(update, replacedLines(draft, lines), { total: centsToEuro(changes.lines.reduce((s, l) => s + l.totalCents, 0)) });
  }
  await confirmedWrite(updateDoc(rawSale(draft.id), update));
  const before = {
    number: draft.invoiceNumber, date: draft.date, dueDate: draft.dueDate, paymentCondition: draft.condizioniPagamento, paymentMethod: draft.paymentMethod, esigibilita: draft.esigibilita,
    cig: draft.cig, cup: draft.cup, codiceCommessa: draft.codiceCommessa,
    ...(changes.customer ? { customerId: draft.customerId } : {}), ...(changes.lines ? { total: draft.total ?? draft.price, lines: draft.lines.length } : {}),
  };
  const after = { ...v, ...(changes.customer ? { customerId: changes.customer.id } : {}), ...(changes.lines ? { lines: changes.lines.length } : {}) };
  logInvoice('invoice_draft_updated', draftSubject(draft, directory), { before, after });
}

export class MergeRefused extends Error {}

const LEGACY_LINE_FIELDS = ['scrapName', 'scrapPrice', 'scrapQuantity', 'scrapIva', 'scrapCategory', 'scrapCode', 'scrapDiscount', 'scrapBarcode'];

/**
 * 'Unisci Fatture' (document 2 §4.3): the newest draft receives every line (stored as the drafts' items[], its
 * older line fields removed so they cannot shadow them) and the recomputed total; the others become 'grouped'
 * pointing at it. One batch: the group is merged entirely or not at all. Returns the survivor's id.
 */
export async function mergeDrafts(drafts: readonly Sale[], directory?: CustomerDirectory): Promise<string> {
  // Checked here too, not only by what the screen offers: two customers' lines, or a credit note's, in one invoice
  // cannot be taken back once sent.
  const refusal = mergeRefusal(drafts, directory);
  if (refusal) throw new MergeRefused(refusal);
  const plan = planMerge<SaleLine, Sale>(drafts);
  const survivor = plan.survivor;
  const batch = writeBatch(db());
  // `total` only: each merged sale keeps its own `price`, which the dashboard adds up (a merge sells nothing new).
  const update: Record<string, unknown> = { ...replacedLines(survivor, plan.lines), total: plan.total, invoicePayload: deleteField(), updatedAt: new Date() };
  batch.update(rawSale(survivor.id), update);
  for (const other of plan.others) batch.update(rawSale(other.id), { invoiceUUID: 'grouped', invoiceGrouped: survivor.id, updatedAt: new Date() });
  await confirmedWrite(batch.commit());
  logInvoice('invoice_drafts_merged', draftSubject(survivor, directory), { total: plan.total, mergedIds: plan.others.map((o) => o.id), mergedNumbers: plan.others.map((o) => o.invoiceNumber ?? '') });
  return survivor.id;
}
