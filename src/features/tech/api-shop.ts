/**
 * Firestore calls of /shop-details/{id} (document 3 §2.2, §7 Writes): the shop read live by id (the rules refuse a
 * shop that does not list the technician: the screen then goes back to the dashboard), and the technician's save
 * of the general fields and the full settings object plus updatedAt — the fields the rules let a technician edit.
 */
import { doc, getDoc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { packDoc, type Pack } from '@/data/pack';
import { legacyPlanDoc, planDoc, type Plan } from '@/data/plan';
import { shopSubscriptionDoc, type ShopSubscription } from '@/data/shop-subscription';
import { COLLECTIONS } from '@/data/collections';
import { shopDoc, toFirestoreSettings, type Shop, type ShopSettings } from '@/data/shop';
import { db } from '@/lib/firebase';

export { shopDoc };

export interface ShopGeneral {
  phone: string;
  province: string;
  city: string;
  zipCode: string;
  address: string;
}

export async function saveShopDetails(shopId: string, general: ShopGeneral, settings: ShopSettings): Promise<void> {
  await updateDoc(doc(db(), COLLECTIONS.shop, shopId), {
    ...general,
    pIva: settings.pIva,
    settings: toFirestoreSettings(settings),
    updatedAt: serverTimestamp(),
  });
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
  const snapshot = await getDoc(shopSubscriptionDoc(subscriptionId));
  const subscription = snapshot.exists() ? snapshot.data() : undefined;
  if (!subscription) return { subscription, plan: undefined, packs: [] };
  let plan: Plan | undefined;
  if (subscription.plan) {
    const p = await getDoc(planDoc(subscription.plan));
    plan = p.exists() ? p.data() : undefined;
    if (!plan) {
      const legacy = await getDoc(legacyPlanDoc(subscription.plan)).catch(() => undefined);
      plan = legacy?.exists() ? legacy.data() : undefined;
    }
  }
  const packs = await Promise.all(subscription.packs.map(async (id) => {
    const p = await getDoc(packDoc(id)).catch(() => undefined);
    return p?.exists() ? p.data() : undefined;
  }));
  return { subscription, plan, packs: packs.filter((p): p is Pack => p !== undefined) };
}
