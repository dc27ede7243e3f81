/**
 * The dashboard's reads (document 1 §2, §7). Totals come from Firestore aggregation queries (count, sum), so
 * a load costs the same whatever the number of sales:
 * - revenue per payment family (Contanti, Bancomat, Fatture): data/sale-revenue.ts, the one rule of what counts
 *   (domain/sales/payment-family.ts) shared with the chain dashboard, the statistics and the Z-report: aggregations
 *   over the exact spellings, plus the few documents they cannot judge (other spellings, invoice documents of the
 *   back office, deleted documents, text prices), read and corrected one by one;
 * - invoice and Z-report counts: count() over createdAt in the period;
 * - how many of the shop's sales have a date stored as text or number (in no period: data/sale-revenue.ts), so the
 *   owner is told rather than shown a total that silently leaves them out.
 */
import { count, getAggregateFromServer, query, Timestamp, where, type CollectionReference } from 'firebase/firestore';
import { invoicesCol } from '@/data/invoice';
import { zReportsCol } from '@/data/z-report';
import { legacyDateSales, loadRevenue } from '@/data/sale-revenue';
import { startInTurn } from '@/lib/tasks';
import type { Period } from '@/domain/dashboard/period';
import { REVENUE_FAMILIES, type RevenueFamily } from '@/domain/sales/payment-family';

export type PaymentFamily = RevenueFamily;
export const PAYMENT_FAMILIES: { key: PaymentFamily; label: string }[] = [
  { key: 'contanti', label: 'Contanti' },
  { key: 'bancomat', label: 'Bancomat' },
  { key: 'fatture', label: 'Fatture' },
];

export interface DashboardTotals {
  salesTotal: number;
  byFamily: Record<PaymentFamily, number>;
  /** Sales counted in the total. */
  salesCount: number;
  invoiceCount: number;
  zReportCount: number;
  /** The shop's sales (any period) whose date is not a Timestamp: counted in no period until migrated. */
  legacyDateSales: number;
  /** Documents downloaded (the corrections of the revenue); aggregations are billed per 1000 index entries. */
  documentsRead: number;
  aggregationQueries: number;
}

export const ZERO_TOTALS: DashboardTotals = {
  salesTotal: 0,
  byFamily: { contanti: 0, bancomat: 0, fatture: 0 },
  salesCount: 0,
  invoiceCount: 0,
  zReportCount: 0,
  legacyDateSales: 0,
  documentsRead: 0,
  aggregationQueries: 0,
};

async function countIn<T>(collection: CollectionReference<T>, shopId: string, period: Period): Promise<number> {
  const q = query(
    collection,
    where('userId', '==', shopId),
    where('createdAt', '>=', Timestamp.fromDate(period.start)),
    where('createdAt', '<', Timestamp.fromDate(period.end)),
  );
  return (await getAggregateFromServer(q, { n: count() })).data().n;
}

export async function loadDashboardTotals(shopId: string, period: Period): Promise<DashboardTotals> {
  const counts = Promise.all([countIn(invoicesCol(), shopId, period), countIn(zReportsCol(), shopId, period), legacyDateSales(shopId)]);
  counts.catch(() => undefined);
  // The aggregation requests are started one per task (lib/tasks.ts): sent in one go they were one long task.
  const revenue = await loadRevenue(shopId, period, (jobs) => startInTurn(jobs));
  const [invoiceCount, zReportCount, legacyDates] = await counts;
  const byFamily = Object.fromEntries(REVENUE_FAMILIES.map((f) => [f, revenue.byFamily[f].cents / 100])) as Record<PaymentFamily, number>;
  return {
    salesTotal: revenue.totalCents / 100,
    byFamily,
    salesCount: revenue.count,
    invoiceCount,
    zReportCount,
    legacyDateSales: legacyDates,
    documentsRead: revenue.documentsRead,
    aggregationQueries: revenue.aggregations + 4,
  };
}
