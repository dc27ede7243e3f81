/**
 * Taking the shop's next invoice number for a new draft (document 2 §5), one way for every caller (the /ddt
 * deferred invoice, the invoice made for a receipt):
 * - usedInvoiceNumbers: the numbers of the shop's drafts and issued invoices (one userId + invoiceNumber query,
 *   indexed), read before the transaction;
 * - takeInvoiceNumber: inside the caller's transaction, reads the shop's counter (settings.invoiceNumber), picks
 *   the first free number of the date's year and queues the counter's update on the same transaction, so two
 *   invoices never share a number (the transaction that loses the race is retried on the new counter).
 */
import { doc, getDocs, type Transaction } from 'firebase/firestore';
import { nextInvoiceNumber, type FreeNumber } from '@/domain/fatturapa/numbering';
import { db } from '@/lib/firebase';
import { COLLECTIONS } from './collections';
import { numberedSalesQuery } from './sale';
import { shopDoc } from './shop';

/** Numbers of the shop's drafts and issued invoices: a new number must not repeat one. */
export async function usedInvoiceNumbers(shopId: string): Promise<string[]> {
  const snapshot = await getDocs(numberedSalesQuery(shopId));
  return snapshot.docs.map((d) => d.data().invoiceNumber ?? '').filter(Boolean);
}

/**
 * The first free invoice number from the shop's counter, in the year of `date`; settings.invoiceNumber becomes
 * its progressive + 1 (as text) when the transaction commits. It reads the shop and queues a write: call it after
 * the transaction's other reads (Firestore refuses a read after a write) and before its other writes.
 * Undefined when the shop does not exist (nothing queued; the caller says so in its own words).
 */
export async function takeInvoiceNumber(tx: Transaction, shopId: string, used: Iterable<string>, date: Date): Promise<FreeNumber | undefined> {
  const shop = (await tx.get(shopDoc(shopId))).data();
  if (!shop) return undefined;
  const { number, progressive, nextCounter } = nextInvoiceNumber(shop.settings.nextInvoiceNumber, used, shopId, date);
  tx.update(doc(db(), COLLECTIONS.shop, shopId), { 'settings.invoiceNumber': nextCounter });
  return { number, progressive };
}
