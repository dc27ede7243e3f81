/**
 * Shop (document 1 §3, document 2 §3, document 3 §3): the converter and references. The reading itself (legacy
 * spellings included) lives in shop-doc.ts, without Firebase imports.
 */
import { getDoc, getDocs, limit, query, serverTimestamp, updateDoc, where, type Query, type Transaction } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeShop, toFirestoreShop, type Shop } from './shop-doc';

export * from './shop-doc';

export const shopConverter = makeConverter('Shop', normalizeShop, toFirestoreShop);
export const shopsCol = () => typedCollection(COLLECTIONS.shop, shopConverter);
export const shopDoc = (id: string) => typedDoc(COLLECTIONS.shop, id, shopConverter);

/** The shop of an owner: the document keyed by their uid, else (older data) the one whose userId is theirs. */
export async function findShopOfOwner(ownerUid: string): Promise<Shop | undefined> {
  const byId = await getDoc(shopDoc(ownerUid));
  if (byId.exists()) return byId.data();
  const byOwner = await getDocs(query(shopsCol(), where('userId', '==', ownerUid), limit(1)));
  return byOwner.docs[0]?.data();
}

/** The member shops of a chain master: Shop where shopGroup == the master's id (document 3 §7). */
export function chainMembersQuery(masterId: string): Query<Shop> {
  return query(shopsCol(), where('shopGroup', '==', masterId));
}

/**
 * Makes `subscriptionId` the shop's current subscription (a renewal proposal created for a shop without one, an
 * approved proposal): subscriptionId and updatedAt only. The caller decides how a failure is told (document 3 §8:
 * only a warning, the subscription record stays).
 */
export function linkShopSubscription(shopId: string, subscriptionId: string): Promise<void> {
  return updateDoc(shopDoc(shopId), { subscriptionId, updatedAt: serverTimestamp() });
}

/**
 * In a transaction: the shop's invoice and credit-note counters, each only when given. The POS app stores the invoice
 * counter as text, the credit-note counter as a number.
 */
export function writeInvoiceCountersInTransaction(tx: Transaction, shopId: string, counters: { nextInvoice?: number; lastCreditNote?: number }): void {
  const settings: Record<string, unknown> = {};
  if (counters.nextInvoice !== undefined) settings['settings.invoiceNumber'] = String(counters.nextInvoice);
  if (counters.lastCreditNote !== undefined) settings['settings.creditNoteNumber'] = counters.lastCreditNote;
  if (Object.keys(settings).length > 0) tx.update(shopDoc(shopId).withConverter(null), settings);
}
