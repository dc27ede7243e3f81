/**
 * The invoices screen's small marks on an Invoice, each changing only its own field in stored names (the Invoice
 * reference without its converter): the webhook's and the provider's fields are never rewritten.
 */
import { updateDoc, type WriteBatch } from 'firebase/firestore';
import { invoiceDoc } from './invoice';

const rawInvoice = (id: string) => invoiceDoc(id).withConverter(null);

/** Opened: no longer counted as new. */
export function markInvoiceSeen(id: string): Promise<void> {
  return updateDoc(rawInvoice(id), { newInvoice: false });
}

export function markInvoiceMarkingPaid(id: string): Promise<void> {
  return updateDoc(rawInvoice(id), { marking: 'paid' });
}

/** In a batch: the incoming invoice's sender is now in the directory (the batch also creates the customer). */
export function markSenderSavedInBatch(batch: WriteBatch, id: string): void {
  batch.update(rawInvoice(id), { customerAlreadyExist: true });
}

/** In a batch: the invoice a reverted draft came from is no longer 'reverted' (the draft went to the trash). */
export function clearRevertedInBatch(batch: WriteBatch, id: string): void {
  batch.update(rawInvoice(id), { reverted: false });
}
