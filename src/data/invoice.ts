/**
 * Invoice (document 2 §3, document 3 §3): the converter and references. The stored shape and its reading live in
 * invoice-doc.ts, without Firebase imports (the webhook writes and reads the same fields).
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeInvoice, toFirestoreInvoice } from './invoice-doc';

export * from './invoice-doc';

export const invoiceConverter = makeConverter('Invoice', normalizeInvoice, toFirestoreInvoice);
export const invoicesCol = () => typedCollection(COLLECTIONS.invoice, invoiceConverter);
export const invoiceDoc = (uuid: string) => typedDoc(COLLECTIONS.invoice, uuid, invoiceConverter);
