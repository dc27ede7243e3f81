/**
 * ShopSubscription (document 1 §3, document 3 §3): a shop's plan, extra packs and validity period, or a renewal
 * proposal awaiting approval (status 'proposed').
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeShopSubscription, toFirestoreShopSubscription, type ShopSubscription, type SubscriptionStatus } from './shop-subscription-doc';

export { normalizeShopSubscription, toFirestoreShopSubscription, type ShopSubscription, type SubscriptionStatus };

export const shopSubscriptionConverter = makeConverter('ShopSubscription', normalizeShopSubscription, toFirestoreShopSubscription);
export const shopSubscriptionsCol = () => typedCollection(COLLECTIONS.shopSubscription, shopSubscriptionConverter);
export const shopSubscriptionDoc = (id: string) => typedDoc(COLLECTIONS.shopSubscription, id, shopSubscriptionConverter);
