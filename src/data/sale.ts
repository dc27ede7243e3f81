/**
 * Sale (document 1 §3, document 2 §3, document 3 §3): POS sales, and also invoice drafts and credit notes
 * (method 'Fattura' / 'Nota di Credito' with an invoiceUUID that is '' while a draft).
 */
import { query, where } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeSale, readCheckedSale, toFirestoreSale, type CheckedSale } from './sale-doc';

export * from './sale-doc';

/** Every numbered sale of the shop (drafts and issued invoices): a new number must not repeat one. */
export const numberedSalesQuery = (shopId: string) => query(salesCol(), where('userId', '==', shopId), where('invoiceNumber', '>=', ''));

/** Sales that are invoice documents (drafts, credit-note drafts and sent ones). */
export const INVOICE_DRAFT_METHODS = ['Fattura', 'Nota di Credito'];

/** The shop's invoice and credit-note drafts (an invoiceUUID that is '' while a draft), trash included. */
export const invoiceDraftsQuery = (shopId: string) => query(salesCol(), where('userId', '==', shopId), where('invoiceUUID', '==', ''), where('method', 'in', INVOICE_DRAFT_METHODS));

export const saleConverter = makeConverter('Sale', normalizeSale, toFirestoreSale);
export const salesCol = () => typedCollection(COLLECTIONS.sale, saleConverter);
export const saleDoc = (id: string) => typedDoc(COLLECTIONS.sale, id, saleConverter);

const checkedSaleConverter = makeConverter<CheckedSale>('Sale', readCheckedSale, () => {
  throw new Error('Sale: le vendite lette per le statistiche non si scrivono.');
});
export const checkedSalesCol = () => typedCollection(COLLECTIONS.sale, checkedSaleConverter);
