/**
 * Invoice (document 2 §3, document 3 §3): the converter and references. The stored shape and its reading live in
 * invoice-doc.ts, without Firebase imports (the webhook writes and reads the same fields).
 */
import { query, Timestamp, where } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { INVOICE_TYPE, normalizeInvoice, toFirestoreInvoice } from './invoice-doc';

export * from './invoice-doc';

export const invoiceConverter = makeConverter('Invoice', normalizeInvoice, toFirestoreInvoice);
export const invoicesCol = () => typedCollection(COLLECTIONS.invoice, invoiceConverter);
export const invoiceDoc = (uuid: string) => typedDoc(COLLECTIONS.invoice, uuid, invoiceConverter);

/** The shop's issued invoices (every one: their payloads hold the numbers in use, document 2 §7). */
export const issuedInvoicesQuery = (shopId: string) => query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.outgoing));

/**
 * The invoices of a period: issued ones by document date; received ones by the day the SDI delivered them
 * (createdAt, the notification's time the webhook stores), as the purchase register goes by receipt — an invoice
 * dated 31/03 and received 02/04 belongs to April. The month package and its fingerprint read the same set.
 */
export function periodInvoicesQuery(shopId: string, type: number, start: Date, end: Date) {
  const field = type === INVOICE_TYPE.incoming ? 'createdAt' : 'date';
  return query(invoicesCol(), where('userId', '==', shopId), where('type', '==', type), where(field, '>=', Timestamp.fromDate(start)), where(field, '<', Timestamp.fromDate(end)));
}
