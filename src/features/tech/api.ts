/**
 * Firestore reads of the technician dashboard (document 1 §2, §6, §7 Reads; document 3 §6). The rules let a
 * technician read only the shops that list them (no directory of every shop), so the dashboard asks with
 * the three queries those rules pass — technicians array-contains, assignedTech ==, userId == — and merges them.
 * Each shop's ShopSubscription is read by id for its expiry badge (a failed read leaves the badge out).
 */
import { getDoc, getDocs, query, where } from 'firebase/firestore';
import { shopsCol, type Shop } from '@/data/shop';
import { shopSubscriptionDoc, type ShopSubscription } from '@/data/shop-subscription';

export interface TechShopRow {
  shop: Shop;
  subscription: ShopSubscription | undefined;
  /** The subscription could not be read (deleted, or not visible). */
  subscriptionError: boolean;
}

async function readSubscription(id: string | undefined): Promise<{ subscription: ShopSubscription | undefined; subscriptionError: boolean }> {
  if (!id) return { subscription: undefined, subscriptionError: false };
  try {
    const snapshot = await getDoc(shopSubscriptionDoc(id));
    return { subscription: snapshot.exists() ? snapshot.data() : undefined, subscriptionError: false };
  } catch (error) {
    console.warn('Abbonamento del negozio non leggibile', id, error);
    return { subscription: undefined, subscriptionError: true };
  }
}

export async function loadTechShops(uid: string): Promise<TechShopRow[]> {
  const queries = [
    query(shopsCol(), where('technicians', 'array-contains', uid)),
    query(shopsCol(), where('assignedTech', '==', uid)),
    query(shopsCol(), where('userId', '==', uid)),
  ];
  const answers = await Promise.allSettled(queries.map((q) => getDocs(q)));
  const failed = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
  if (failed.length === answers.length) throw failed[0]?.reason;
  const shops = new Map<string, Shop>();
  for (const answer of answers) {
    if (answer.status === 'fulfilled') for (const d of answer.value.docs) shops.set(d.id, d.data());
  }
  return Promise.all([...shops.values()].map(async (shop) => ({ shop, ...(await readSubscription(shop.subscriptionId)) })));
}
