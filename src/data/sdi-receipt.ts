/** SdiReceipt (sdi-receipt-doc.ts): the client's reading. The webhook writes them; clients only read. */
import { orderBy, query, Timestamp, where } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection } from './converter';
import { normalizeSdiReceipt } from './sdi-receipt-doc';

export type { SdiReceipt } from './sdi-receipt-doc';

const readOnly = (): never => {
  throw new Error('SdiReceipt: only the webhook writes receipts.');
};

export const sdiReceiptConverter = makeConverter('SdiReceipt', normalizeSdiReceipt, readOnly);
export const sdiReceiptsCol = () => typedCollection(COLLECTIONS.sdiReceipt, sdiReceiptConverter);

/** The receipts of one invoice of the shop, oldest first (the invoice's story at the SDI). */
export const receiptsOfInvoiceQuery = (shopId: string, invoiceId: string) =>
  query(sdiReceiptsCol(), where('userId', '==', shopId), where('invoiceId', '==', invoiceId), orderBy('createdAt'));

/** The shop's receipts the SDI issued in [start, end): the month package matches them to the period's invoices. */
export const receiptsBetweenQuery = (shopId: string, start: Date, end: Date) =>
  query(sdiReceiptsCol(), where('userId', '==', shopId), where('createdAt', '>=', Timestamp.fromDate(start)), where('createdAt', '<', Timestamp.fromDate(end)));
