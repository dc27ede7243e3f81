/**
 * Firestore calls of /shop-details/{id} (document 3 §2.2, §7 Writes): the shop read live by id (the rules refuse a
 * shop that does not list the technician: the screen then goes back to the dashboard), and the technician's save
 * of the general fields and the full settings object plus updatedAt — the fields the rules let a technician edit.
 */
import { deleteField, getDoc, serverTimestamp, writeBatch } from 'firebase/firestore';
import { loadPacksByIds, type Pack } from '@/data/pack';
import { loadPlan, type Plan } from '@/data/plan';
import { loadShopSubscription, type ShopSubscription } from '@/data/shop-subscription';
import { claimFiscalId, fiscalIdDoc, releaseFiscalId } from '@/data/fiscal-id';
import { shopDoc, toFirestoreSettings, type Shop, type ShopSettings } from '@/data/shop';
import { SHOP_DETAILS_MESSAGES } from '@/domain/tech/shop-details-messages';
import { fiscalIdTakenMessage, normalizeFiscalId, readShopPartitaIva, SHOP_PIVA_FORMAT } from '@/domain/fiscal-ids/registry';
import { confirmedWrite, errorCode } from '@/lib/firebase-errors';
import { auth, db } from '@/lib/firebase';

export { shopDoc };
export { usedInvoiceNumbers } from '@/data/invoice-number';

export interface ShopGeneral {
  phone: string;
  province: string;
  city: string;
  zipCode: string;
  address: string;
}

/** Who holds a P.IVA in the registry: this shop, nobody, or another shop (an entry the technician may not read). */
export async function registryHolder(id: string, shopId: string): Promise<'this' | 'none' | 'other'> {
  try {
    const entry = await getDoc(fiscalIdDoc(id));
    if (!entry.exists()) return 'none';
    const data = entry.data();
    return data.shopId === shopId || data.sharedWith.includes(shopId) ? 'this' : 'other';
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return 'other';
    throw error;
  }
}

/**
 * The technician's save (document 3 §2.2): general fields, the full settings object, updatedAt, and the P.IVA as a
 * move of its registry entry in the same batch — the new value claimed for this shop (unless it holds
 * it already), the old one released, every spelling of the P.IVA written equal (pIva, vatNumber, settings.pIva; the
 * legacy partitaIva removed), so no reader can see two P.IVAs; a company's fiscal code (equal to the old P.IVA)
 * follows it. A P.IVA another shop holds is refused with its message.
 */
export async function saveShopDetails(shop: Shop, general: ShopGeneral, settings: ShopSettings): Promise<void> {
  const techUid = auth().currentUser?.uid;
  if (!techUid) throw new Error(SHOP_DETAILS_MESSAGES.notSignedIn);
  const pIva = readShopPartitaIva(settings.pIva);
  if (pIva === undefined) throw new Error(SHOP_PIVA_FORMAT);
  const previous = normalizeFiscalId(shop.settings.pIva);
  const [holder, previousHolder] = await Promise.all([
    pIva === '' ? Promise.resolve('none' as const) : registryHolder(pIva, shop.id),
    previous !== pIva && /^\d{11}$/.test(previous) ? registryHolder(previous, shop.id) : Promise.resolve('none' as const),
  ]);
  if (holder === 'other') throw new Error(fiscalIdTakenMessage(pIva));
  const batch = writeBatch(db());
  if (holder === 'none' && pIva !== '') claimFiscalId(batch, pIva, shop.id, techUid);
  if (previousHolder === 'this') releaseFiscalId(batch, previous);
  // A company's fiscal code is its P.IVA: one equal to the old P.IVA is corrected with it (the rules allow only that).
  const cfFollows = pIva !== '' && previous !== pIva && /^\d{11}$/.test(previous) && normalizeFiscalId(shop.codiceFiscale) === previous;
  batch.update(shopDoc(shop.id), {
    ...general,
    ...(cfFollows ? { codiceFiscale: pIva } : {}),
    pIva,
    vatNumber: pIva,
    partitaIva: deleteField(),
    settings: toFirestoreSettings({ ...settings, pIva }),
    updatedAt: serverTimestamp(),
  });
  await confirmedWrite(batch.commit());
}

export type { Shop };


export interface CurrentSubscription {
  subscription: ShopSubscription | undefined;
  plan: Plan | undefined;
  packs: Pack[];
}

/** The shop's subscription record with its plan (lower-case fallback) and packs, for the Abbonamento tab. */
export async function loadCurrentSubscription(subscriptionId: string | undefined): Promise<CurrentSubscription> {
  if (!subscriptionId) return { subscription: undefined, plan: undefined, packs: [] };
  const subscription = await loadShopSubscription(subscriptionId);
  if (!subscription) return { subscription, plan: undefined, packs: [] };
  // The permission chain's plan lookup (Plan, else the lower-case plan). A failed read rejects: the tab's error, not a
  // plan that vanished.
  const plan = await loadPlan(subscription.plan);
  // The record's own packs ('Pacchetti inclusi'), by id in chunks of 10 (document 3 §7), not one read per pack. Not the
  // chain's resolved grant (subscription-chain.ts), which adds the plan's packs, reads an entry that is no Pack id as a
  // pack name and refuses a proposal: this tab shows the record as stored, a proposal included.
  const packs = await loadPacksByIds(subscription.packs);
  return { subscription, plan, packs };
}
