/**
 * ShopSubscription (document 1 §3, document 3 §3): a shop's plan, extra packs and validity period, or a renewal
 * proposal awaiting approval (status 'proposed').
 */
import { getDoc } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeShopSubscription, toFirestoreShopSubscription, type ShopSubscription, type SubscriptionStatus } from './shop-subscription-doc';

export { normalizeShopSubscription, toFirestoreShopSubscription, type ShopSubscription, type SubscriptionStatus };

export const shopSubscriptionConverter = makeConverter('ShopSubscription', normalizeShopSubscription, toFirestoreShopSubscription);
export const shopSubscriptionsCol = () => typedCollection(COLLECTIONS.shopSubscription, shopSubscriptionConverter);
export const shopSubscriptionDoc = (id: string) => typedDoc(COLLECTIONS.shopSubscription, id, shopSubscriptionConverter);

/** The subscription record by id (a renewal proposal included); undefined when it does not exist. A failed read rejects. */
export async function loadShopSubscription(id: string): Promise<ShopSubscription | undefined> {
  const snapshot = await getDoc(shopSubscriptionDoc(id));
  return snapshot.exists() ? snapshot.data() : undefined;
}
