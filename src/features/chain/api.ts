/**
 * Reads and writes of the chain dashboard (document 1 §6, document 3 §2.8, §4, §7).
 *
 * Sales statistics come from aggregation queries, per shop, with the dashboard's reader (data/sale-revenue.ts: the
 * one payment-family rule, the few documents the aggregations cannot judge read and corrected), so the documents
 * read do not grow with the number of sales.
 *
 * Why one query per member and not `userId in [batch of 10]` (document 1 §7): the rules let a master read a member's
 * Sale and Scrap only while that member's shopGroup names the master and it shares its data — a check made with one
 * get() of the member's Shop, which the rules can prove for `userId == X` but not for a list of ids. The member ids
 * are still processed in batches of 10 (chunk), so at most 10 members' queries are in flight at once.
 */
import { getDoc, getDocs, limit, orderBy, query, serverTimestamp, updateDoc, where } from 'firebase/firestore';
import { salesCol, type Sale } from '@/data/sale';
import { loadRevenue } from '@/data/sale-revenue';
import { scrapsCol, type Scrap } from '@/data/scrap';
import { chainMembersQuery, shopDoc, type Shop } from '@/data/shop';
import { chunk, CHAIN_ACCESS_MESSAGES, isLowStock, PAYMENT_METHODS, RECENT_SALES_PER_SHOP, shopFigures, type ShopSalesFigures } from '@/domain/chain/chain';
import { confirmedWrite } from '@/lib/firebase-errors';

export type ChainAccess = { kind: 'denied'; message: string } | { kind: 'shown'; master: Shop; members: Shop[] };

/** Checking -> denied or shown (document 3 §4, §8). */
export async function checkChainAccess(uid: string | undefined): Promise<ChainAccess> {
  if (!uid) return { kind: 'denied', message: CHAIN_ACCESS_MESSAGES.notAuthenticated };
  const own = await getDoc(shopDoc(uid));
  const master = own.exists() ? own.data() : undefined;
  if (!master) return { kind: 'denied', message: CHAIN_ACCESS_MESSAGES.shopNotFound };
  if (!master.isChainMaster) return { kind: 'denied', message: CHAIN_ACCESS_MESSAGES.notMaster };
  return { kind: 'shown', master, members: await loadMembers(uid) };
}

export async function loadMembers(masterId: string): Promise<Shop[]> {
  const snapshot = await getDocs(chainMembersQuery(masterId));
  return snapshot.docs.map((d) => d.data()).sort((a, b) => (a.name || a.id).localeCompare(b.name || b.id, 'it'));
}

export interface Range {
  start: Date;
  /** Exclusive. */
  end: Date;
}

export interface FiguresAnswer {
  figures: ShopSalesFigures[];
  documentsRead: number;
  aggregations: number;
}

async function oneShop(shopId: string, range: Range): Promise<{ figures: ShopSalesFigures; read: number }> {
  const revenue = await loadRevenue(shopId, range);
  return { figures: shopFigures(shopId, revenue), read: revenue.documentsRead };
}

/** Figures of each shop (the master and the sharing members), members in batches of 10. */
export async function loadChainFigures(shopIds: readonly string[], range: Range): Promise<FiguresAnswer> {
  const figures: ShopSalesFigures[] = [];
  let documentsRead = 0;
  for (const batch of chunk(shopIds)) {
    const answers = await Promise.all(batch.map((id) => oneShop(id, range)));
    for (const a of answers) {
      figures.push(a.figures);
      documentsRead += a.read;
    }
  }
  return { figures, documentsRead, aggregations: shopIds.length * PAYMENT_METHODS.length * 2 };
}

async function perShop<T>(shopIds: readonly string[], read: (id: string) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const batch of chunk(shopIds)) for (const rows of await Promise.all(batch.map(read))) out.push(...rows);
  return out;
}

/** Tracked products at or under their minimum, in each shop. */
export function loadLowStock(shopIds: readonly string[]): Promise<Scrap[]> {
  return perShop(shopIds, async (id) => (await getDocs(query(scrapsCol(), where('userId', '==', id), where('stock.track', '==', true)))).docs.map((d) => d.data()).filter((p) => isLowStock(p.stock)));
}

/** One product, by barcode, in each shop that shares its inventory. */
export function findProductStock(shopIds: readonly string[], barcode: string): Promise<Scrap[]> {
  return perShop(shopIds, async (id) => (await getDocs(query(scrapsCol(), where('userId', '==', id), where('barcode', '==', barcode), limit(5)))).docs.map((d) => d.data()));
}

/** The newest sales of each shop, merged newest first by the screen. */
export function loadRecentSales(shopIds: readonly string[]): Promise<Sale[]> {
  return perShop(shopIds, async (id) => (await getDocs(query(salesCol(), where('userId', '==', id), orderBy('date', 'desc'), limit(RECENT_SALES_PER_SHOP)))).docs.map((d) => d.data()));
}

/** Member management: the master takes a member out of the group (shopGroup to null). */
export async function removeMember(memberId: string): Promise<void> {
  await confirmedWrite(updateDoc(shopDoc(memberId), { shopGroup: null, updatedAt: serverTimestamp() }));
}
