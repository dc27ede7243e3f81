/**
 * Shop → ShopSubscription → Plan → Packs, the chain permissions are computed from (document 1 §8), with each
 * of its error messages: the walk is subscription-chain.ts (shared with the Cloud Functions); here the app's reader
 * over the Firebase client, under the security rules. Pack documents are read in chunks of 10 ids (document 3 §9).
 */
import { getDocs } from 'firebase/firestore';
import { loadPacksByIds, packsCol } from './pack';
import { readPlan } from './plan';
import { findShopOfOwner, type Shop } from './shop';
import { loadShopSubscription } from './shop-subscription';
import { PERMISSION_ERRORS, resolveSubscriptionChain, type ChainBundle, type ChainReader } from './subscription-chain';

export { PERMISSION_ERRORS };

export type SubscriptionBundle = ChainBundle<Shop>;

export type BundleResult = { ok: true; bundle: SubscriptionBundle } | { ok: false; error: string };

const clientReader: ChainReader<Shop> = {
  shop: findShopOfOwner,
  subscription: loadShopSubscription,
  plan: readPlan,
  packsByIds: loadPacksByIds,
  async allPacks() {
    return (await getDocs(packsCol())).docs.map((d) => d.data());
  },
};

export function loadSubscriptionBundle(shopId: string): Promise<BundleResult> {
  return resolveSubscriptionChain(shopId, clientReader);
}
