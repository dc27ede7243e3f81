/**
 * Firestore calls of the Abbonamento tab's renewal proposal (document 3 §4, §7): the shop's pending proposal
 * (ShopSubscription where shopId == and status == proposed, followed live), the shop's Packages, and the
 * update-or-create of a proposal — status 'proposed' and the proposal fields only, which is all the rules let a
 * technician write; a shop without subscriptionId gets the new record's id.
 */
import { getDocs, limit, query, where } from 'firebase/firestore';
import { packagesCol, type ShopPackage } from '@/data/packages';
import { linkShopSubscription } from '@/data/shop';
import { addRenewalProposal, shopSubscriptionsCol, updateRenewalProposal, type RenewalProposal } from '@/data/shop-subscription';
import { proposalTarget } from '@/domain/tech/proposal';
import { confirmedWrite } from '@/lib/firebase-errors';

export { loadCatalog } from './api-register';

export const pendingProposalsQuery = (shopId: string) =>
  query(shopSubscriptionsCol(), where('shopId', '==', shopId), where('status', '==', 'proposed'));

export async function loadShopPackages(shopId: string): Promise<ShopPackage[]> {
  const snapshot = await getDocs(query(packagesCol(), where('shopId', '==', shopId)));
  return snapshot.docs.map((d) => d.data());
}

export interface ProposalInput extends RenewalProposal {
  /** The shop's current subscriptionId ('' or undefined: the new record becomes it). */
  shopSubscriptionId: string | undefined;
  /** The pending proposal loaded in the form, if any. */
  pendingId: string | undefined;
}

export async function submitProposal(input: ProposalInput): Promise<{ kind: 'updated' | 'created'; id: string }> {
  const proposal: RenewalProposal = {
    shopId: input.shopId,
    plan: input.plan,
    packs: input.packs,
    proposedStartingDate: input.proposedStartingDate,
    proposedExpiringDate: input.proposedExpiringDate,
    proposedPrice: input.proposedPrice,
    techId: input.techId,
  };
  let foundId: string | undefined;
  if (!input.pendingId) {
    const found = await getDocs(query(pendingProposalsQuery(input.shopId), limit(1)));
    foundId = found.docs[0]?.id;
  }
  const target = proposalTarget(input.pendingId, foundId);
  if (target.kind === 'update') {
    await confirmedWrite(updateRenewalProposal(target.id, proposal));
    return { kind: 'updated', id: target.id };
  }
  const createdId = await confirmedWrite(addRenewalProposal(proposal));
  if (!input.shopSubscriptionId) {
    // A failure here does not undo the proposal: the admin still finds it by shop (document 3 §8: only a warning).
    await confirmedWrite(linkShopSubscription(input.shopId, createdId)).catch((error: unknown) => {
      console.warn('subscriptionId del negozio non aggiornato', error);
    });
  }
  return { kind: 'created', id: createdId };
}
