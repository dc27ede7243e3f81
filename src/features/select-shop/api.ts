/**
 * Firestore reads of the accountant's shop choice. Security rules let an accountant read only the shops whose
 * `accountants` array lists them, so both sources go through those rules: the `array-contains` query and a
 * read by id of each shop the User profile links to.
 */
import { getDoc, getDocs, query, where } from 'firebase/firestore';
import { shopDoc, shopsCol, type Shop } from '@/data/shop';
import { mergeAccountantShops, type ShopChoice, type ShopLink } from './shop-list';

export type AccountantShopChoice = ShopChoice<Shop>;

async function readLinkedShop(shopId: string): Promise<Shop | undefined> {
  const snapshot = await getDoc(shopDoc(shopId));
  return snapshot.exists() ? snapshot.data() : undefined;
}

/**
 * The shops the accountant may work on. A linked shop that cannot be read (deleted, or it no longer lists the
 * accountant) is skipped; the load fails only when the query fails and no linked shop could be read either.
 */
export async function loadAccountantShops(uid: string, links: readonly ShopLink[]): Promise<AccountantShopChoice[]> {
  const listedPromise = getDocs(query(shopsCol(), where('accountants', 'array-contains', uid))).then((s) => s.docs.map((d) => d.data()));
  const [listed, ...linked] = await Promise.allSettled([listedPromise, ...links.map((link) => readLinkedShop(link.shopId))]);
  const linkedShops = linked.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  if (listed?.status === 'rejected') {
    if (linkedShops.length === 0) throw listed.reason;
    console.warn('Negozi del commercialista: ricerca per accountants non riuscita, uso i collegamenti del profilo', listed.reason);
  }
  const listedShops = listed?.status === 'fulfilled' ? listed.value : [];
  return mergeAccountantShops(links, linkedShops, listedShops);
}
