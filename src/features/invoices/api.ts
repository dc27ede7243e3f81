/**
 * The invoices screens' reads and writes (document 2 §7), except sending (./send). Live lists: the shop's
 * incoming and outgoing invoices by type, newest first; drafts (Sale with empty invoiceUUID, method Fattura or
 * Nota di Credito); the trash (Sale with deleted true). The lists download the documents they show: each row's
 * columns are read from its payload, which no aggregation can give.
 */
import { doc, orderBy, query, where, writeBatch } from 'firebase/firestore';
import { addCustomerInBatch, customersCol } from '@/data/customer';
import { invoicesCol, INVOICE_TYPE } from '@/data/invoice';
import { clearRevertedInBatch, markInvoiceMarkingPaid, markInvoiceSeen, markSenderSavedInBatch } from '@/data/invoice-writes';
import {
  invoiceDraftsQuery, markDraftPurged, mergeDraftsInBatch, restoreDraftFromTrash, salesCol, saveDraftEdit, trashDraftInBatch, type DraftContentChanges, type Sale, type SaleLine,
} from '@/data/sale';
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
  await confirmedWrite(markInvoiceSeen(subject.id));
  logInvoice('invoice_read', subject);
}

/** Mark as paid: the marking becomes 'paid'. */
export async function markInvoicePaid(subject: InvoiceSubject): Promise<void> {
  await confirmedWrite(markInvoiceMarkingPaid(subject.id));
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
  const customerId = doc(customersCol()).id;
  const now = new Date();
  addCustomerInBatch(batch, { id: customerId, userId: shopId, ...sender, createdAt: now, updatedAt: now });
  markSenderSavedInBatch(batch, invoiceId);
  await confirmedWrite(batch.commit());
  logInvoice('invoice_sender_saved', subject, { customerId, partitaIva: sender.partitaIva, codiceFiscale: sender.codiceFiscale });
  return customerId;
}

/** Moves a draft to the trash (soft: `deleted`); the original invoice of a reverted draft is no longer 'reverted' (§4.3). */
export async function moveDraftToTrash(draft: Sale, directory?: CustomerDirectory): Promise<void> {
  const batch = writeBatch(db());
  trashDraftInBatch(batch, draft.id, new Date());
  if (draft.originalInvoiceUUID) clearRevertedInBatch(batch, draft.originalInvoiceUUID);
  await confirmedWrite(batch.commit());
  logInvoice('invoice_draft_deleted', draftSubject(draft, directory), { originalInvoiceUUID: draft.originalInvoiceUUID });
}

export async function restoreDraft(draft: Sale, directory?: CustomerDirectory): Promise<void> {
  await confirmedWrite(restoreDraftFromTrash(draft.id));
  logInvoice('invoice_draft_restored', draftSubject(draft, directory));
}

/** 'Elimina definitivamente' from the trash (markDraftPurged: kept, flagged, its number free again). */
export async function markDraftPermanentlyDeleted(draft: Sale, directory?: CustomerDirectory): Promise<void> {
  await confirmedWrite(markDraftPurged(draft.id, new Date()));
  logInvoice('invoice_draft_purged', draftSubject(draft, directory), { total: draft.total ?? draft.price });
}

export { latestRejection } from '@/data/api-log';

export type { DraftContentChanges };

/** 'Modifica Bozza' (saveDraftEdit), logged with the terms before and after. */
export async function updateDraft(draft: Sale, v: DraftEditValues, changes: DraftContentChanges = {}, directory?: CustomerDirectory): Promise<void> {
  await confirmedWrite(saveDraftEdit(draft, v, changes));
  const before = {
    number: draft.invoiceNumber, date: draft.date, dueDate: draft.dueDate, paymentCondition: draft.condizioniPagamento, paymentMethod: draft.paymentMethod, esigibilita: draft.esigibilita,
    cig: draft.cig, cup: draft.cup, codiceCommessa: draft.codiceCommessa,
    ...(changes.customer ? { customerId: draft.customerId } : {}), ...(changes.lines ? { total: draft.total ?? draft.price, lines: draft.lines.length } : {}),
  };
  const after = { ...v, ...(changes.customer ? { customerId: changes.customer.id } : {}), ...(changes.lines ? { lines: changes.lines.length } : {}) };
  logInvoice('invoice_draft_updated', draftSubject(draft, directory), { before, after });
}

export class MergeRefused extends Error {}

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
  mergeDraftsInBatch(batch, survivor, plan.lines, plan.total, plan.others);
  await confirmedWrite(batch.commit());
  logInvoice('invoice_drafts_merged', draftSubject(survivor, directory), { total: plan.total, mergedIds: plan.others.map((o) => o.id), mergedNumbers: plan.others.map((o) => o.invoiceNumber ?? '') });
  return survivor.id;
}
