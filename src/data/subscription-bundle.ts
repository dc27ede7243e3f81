/**
 * Shop → ShopSubscription → Plan → Packs, the chain permissions are computed from (document 1 §8), with each
 * of its error messages. Pack documents are read in chunks of 10 ids (document 3 §9).
 */
import { documentId, getDoc, getDocs, query, where } from 'firebase/firestore';
import { packsCol } from './pack';
import { legacyPlanDoc, planDoc, type Plan } from './plan';
import { findShopOfOwner, type Shop } from './shop';
import { shopSubscriptionDoc, type ShopSubscription } from './shop-subscription';

export interface SubscriptionBundle {
  shop: Shop;
  subscription: ShopSubscription;
  plan: (Plan & { packIds: string[] }) | undefined;
  packs: { id: string; name: string; price: number }[];
}

export type BundleResult = { ok: true; bundle: SubscriptionBundle } | { ok: false; error: string };

export const PERMISSION_ERRORS = {
  noUserId: 'UserID non disponibile...',
  noShop: "Nessun negozio trovato per l'utente.",
  noSubscriptionId: 'Nessun abbonamento associato al negozio.',
  subscriptionNotFound: 'Abbonamento non trovato.',
  packs: 'Errore nel caricamento dei pacchetti.',
} as const;

const PACK_CHUNK = 10;

async function findPlan(planId: string): Promise<Plan | undefined> {
  if (!planId) return undefined;
  const plan = await getDoc(planDoc(planId));
  if (plan.exists()) return plan.data();
  const legacy = await getDoc(legacyPlanDoc(planId));
  return legacy.exists() ? legacy.data() : undefined;
}

async function loadPacks(ids: string[]): Promise<SubscriptionBundle['packs']> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += PACK_CHUNK) chunks.push(ids.slice(i, i + PACK_CHUNK));
  const snapshots = await Promise.all(chunks.map((chunk) => getDocs(query(packsCol(), where(documentId(), 'in', chunk)))));
  return snapshots.flatMap((s) => s.docs.map((d) => d.data())).map((p) => ({ id: p.id, name: p.name, price: p.price }));
}

export async function loadSubscriptionBundle(shopId: string): Promise<BundleResult> {
  if (!shopId) return { ok: false, error: PERMISSION_ERRORS.noUserId };
  let shop: Shop | undefined;
  try {
    shop = await findShopOfOwner(shopId);
  } catch {
    return { ok: false, error: PERMISSION_ERRORS.noShop };
  }
  if (!shop) return { ok: false, error: PERMISSION_ERRORS.noShop };
  if (!shop.subscriptionId) return { ok: false, error: PERMISSION_ERRORS.noSubscriptionId };
  let subscription: ShopSubscription | undefined;
  try {
    const snapshot = await getDoc(shopSubscriptionDoc(shop.subscriptionId));
    subscription = snapshot.exists() ? snapshot.data() : undefined;
  } catch {
    subscription = undefined;
  }
  if (!subscription) return { ok: false, error: PERMISSION_ERRORS.subscriptionNotFound };
  // A renewal proposal is not a subscription until an admin approves it: it grants nothing.
  if (subscription.status === 'proposed') return { ok: false, error: PERMISSION_ERRORS.noSubscriptionId };
  try {
    const plan = await findPlan(subscription.plan);
    const packIds = [...new Set([...(plan?.includedPacks ?? []), ...subscription.packs])];
    const packs = await loadPacks(packIds);
    return { ok: true, bundle: { shop, subscription, plan: plan ? { ...plan, packIds: plan.includedPacks } : undefined, packs } };
  } catch {
    return { ok: false, error: PERMISSION_ERRORS.packs };
  }
}
