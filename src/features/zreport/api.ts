/**
 * The cash closings' reads (issue 13; document 1 §7: ZReport by userId plus createdAt range). The closings of the
 * range are downloaded (one per printer per day). The POS sales of the range are downloaded too: the screen
 * puts each day's sales by payment method beside that day's closing, a grouping by day and method that no
 * Firestore aggregation can return in one query (one sum per day per method would cost more round trips than
 * the documents); the range bounds the download (at most MAX_RANGE_DAYS days).
 */
import { getDoc, getDocs, query, Timestamp, where } from 'firebase/firestore';
import { shopDoc } from '@/data/shop';
import { salesCol } from '@/data/sale';
import { zReportsCol } from '@/data/z-report';
import type { Period } from '@/domain/dashboard/period';
import { localDay, reconcileDays, type DayReconciliation } from '@/domain/zreport/reconcile';

export const MAX_RANGE_DAYS = 366;

export async function loadReconciliation(shopId: string, period: Period, now = new Date()): Promise<DayReconciliation[]> {
  const from = Timestamp.fromDate(period.start);
  const to = Timestamp.fromDate(period.end);
  const [sales, closings] = await Promise.all([
    getDocs(query(salesCol(), where('userId', '==', shopId), where('date', '>=', from), where('date', '<', to))),
    getDocs(query(zReportsCol(), where('userId', '==', shopId), where('createdAt', '>=', from), where('createdAt', '<', to))),
  ]);
  return reconcileDays(
    sales.docs.map((d) => d.data()),
    closings.docs.map((d) => d.data()),
    localDay(now),
  );
}

/** The shop's name for the printed summary ('' when unreadable: the summary prints without it). */
export async function loadShopName(shopId: string): Promise<string> {
  try {
    const shop = (await getDoc(shopDoc(shopId))).data();
    return shop ? shop.ragioneSociale || shop.name : '';
  } catch {
    return '';
  }
}
