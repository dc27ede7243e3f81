/**
 * ShopSubscription (document 1 §3, document 3 §3): a shop's plan, extra packs and validity period, or a renewal
 * proposal awaiting approval (status 'proposed').
 */
import { doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
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

/** A technician's renewal proposal for a shop, awaiting an admin's approval. */
export interface RenewalProposal {
  shopId: string;
  plan: string;
  packs: string[];
  proposedStartingDate: Date;
  proposedExpiringDate: Date;
  proposedPrice: number | null;
  techId: string;
}

/** Status 'proposed' and the proposal fields only, in stored names: all the rules let a technician write. */
function proposalFields(p: RenewalProposal) {
  return {
    shopId: p.shopId,
    plan: p.plan,
    packs: p.packs,
    proposedStartingDate: p.proposedStartingDate,
    proposedExpiringDate: p.proposedExpiringDate,
    proposedPrice: p.proposedPrice,
    status: 'proposed',
    updatedBy: p.techId,
    updatedAt: serverTimestamp(),
  };
}

/** The pending proposal `id` rewritten with the technician's new terms. */
export function updateRenewalProposal(id: string, proposal: RenewalProposal): Promise<void> {
  return updateDoc(shopSubscriptionDoc(id), proposalFields(proposal));
}

/** A new pending proposal, created by the technician; resolves with its id. */
export async function addRenewalProposal(proposal: RenewalProposal): Promise<string> {
  const ref = doc(shopSubscriptionsCol()).withConverter(null);
  await setDoc(ref, { ...proposalFields(proposal), createdBy: proposal.techId, createdAt: serverTimestamp() });
  return ref.id;
}
