/**
 * The cash closings' reads (issue 13; document 1 §7: ZReport by userId plus createdAt range). The closings of the
 * range are downloaded (one per printer per day). The POS sales of the range are downloaded too: the screen
 * puts each day's sales by payment method beside that day's closing, a grouping by day and method that no
 * Firestore aggregation can return in one query (one sum per day per method would cost more round trips than
 * the documents); the range bounds the download (at most MAX_RANGE_DAYS days). The sales come in pages by date
 * (lib/firebase-pages.ts): a busy bar's month is 15,000 sales, more than one answer the emulator can carry.
 *
 * Days are business days (issue 20 §6): the range of days asked for is read from the first day's cut-off to
 * the cut-off after the last day, so a closing at 00:40 is read with the day it closes.
 */
import { doc, getDocs, serverTimestamp, updateDoc } from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { reconciliationQueries } from '@/data/z-report';
import type { Period } from '@/domain/dashboard/period';
import { businessDay, cutoffMinutes } from '@/domain/zreport/business-day';
import { reconcileDays, type DayReconciliation } from '@/domain/zreport/reconcile';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import { getDocsInPages } from '@/lib/firebase-pages';

export { shopDoc } from '@/data/shop';

export const MAX_RANGE_DAYS = 366;

/**
 * The days of `period` (local midnights: start included, end excluded) reconciled by business day with the
 * shop's cut-off ('HH:MM'); `now` marks the business day still open.
 */
export async function loadReconciliation(shopId: string, period: Period, cutoff: string, now = new Date()): Promise<DayReconciliation[]> {
  const minutes = cutoffMinutes(cutoff) ?? 0;
  const q = reconciliationQueries(shopId, period, minutes);
  const [sales, closings] = await Promise.all([getDocsInPages(q.sales, 'date'), getDocs(q.closings)]);
  return reconcileDays(
    sales,
    closings.docs.map((d) => d.data()),
    businessDay(now, minutes),
    minutes,
  );
}

/** The owner's cut-off of the business day (a valid 'HH:MM' from 00:00 to 11:59, see domain/zreport/business-day). */
export async function saveBusinessDayCutoff(shopId: string, cutoff: string): Promise<void> {
  await confirmedWrite(updateDoc(doc(db(), COLLECTIONS.shop, shopId), { 'settings.businessDayCutoff': cutoff, updatedAt: serverTimestamp() }));
}
