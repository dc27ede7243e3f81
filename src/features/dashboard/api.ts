/**
 * The dashboard's reads (document 1 §2, §7). Totals come from Firestore aggregation queries (count, sum), so
 * a load costs the same whatever the number of sales:
 * - per payment family (Contanti, Bancomat, Fatture): sum(price) of the family's spellings in the period,
 *   minus sum(price) of the voided ones. Subtracting the voided (instead of filtering isVoid == false) keeps
 *   legacy sales that have no `isVoid` field — a Firestore filter never matches a missing field.
 *   Preconto and other methods are simply not in any family.
 * - Firestore's sum() skips values that are not numbers. Legacy sales store the price as text ('12,50'):
 *   those, and only those, are downloaded (`price >= ''` selects string values only) and added here. The
 *   number of documents read is the number of text-priced sales in the period, never the modern ones.
 * - invoice and Z-report counts: count() over createdAt in the period.
 */
import {
  and, collection, count, getAggregateFromServer, getDocs, query, sum, Timestamp, where, type QueryFieldFilterConstraint,
} from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { SALE_METHOD_SPELLINGS, salesCol, saleMethodKind } from '@/data/sale';
import { db } from '@/lib/firebase';
import { startInTurn } from '@/lib/tasks';
import { roundHalfUp } from '@/domain/money';
import type { Period } from '@/domain/dashboard/period';

export type PaymentFamily = keyof typeof SALE_METHOD_SPELLINGS;
export const PAYMENT_FAMILIES: { key: PaymentFamily; label: string }[] = [
  { key: 'contanti', label: 'Contanti' },
  { key: 'bancomat', label: 'Bancomat' },
  { key: 'fatture', label: 'Fatture' },
];

export interface DashboardTotals {
  salesTotal: number;
  byFamily: Record<PaymentFamily, number>;
  invoiceCount: number;
  zReportCount: number;
  /** Documents downloaded (text-priced legacy sales); aggregations are billed per 1000 index entries. */
  documentsRead: number;
  aggregationQueries: number;
}

export const ZERO_TOTALS: DashboardTotals = {
  salesTotal: 0,
  byFamily: { contanti: 0, bancomat: 0, fatture: 0 },
  invoiceCount: 0,
  zReportCount: 0,
  documentsRead: 0,
  aggregationQueries: 0,
};

function inPeriod(field: string, period: Period): QueryFieldFilterConstraint[] {
  return [where(field, '>=', Timestamp.fromDate(period.start)), where(field, '<', Timestamp.fromDate(period.end))];
}

async function sumPrice(shopId: string, family: PaymentFamily, period: Period, voidedOnly: boolean): Promise<number> {
  const filters = [where('userId', '==', shopId), where('method', 'in', [...SALE_METHOD_SPELLINGS[family]]), ...inPeriod('date', period)];
  if (voidedOnly) filters.push(where('isVoid', '==', true));
  const snapshot = await getAggregateFromServer(query(collection(db(), COLLECTIONS.sale), and(...filters)), { total: sum('price') });
  return snapshot.data().total;
}

async function countIn(collectionName: string, shopId: string, period: Period): Promise<number> {
  const q = query(collection(db(), collectionName), where('userId', '==', shopId), ...inPeriod('createdAt', period));
  return (await getAggregateFromServer(q, { n: count() })).data().n;
}

/** Legacy sales of the period whose price is stored as text (sum() cannot add them). */
async function textPricedSales(shopId: string, period: Period) {
  const q = query(salesCol(), where('userId', '==', shopId), where('price', '>=', ''), ...inPeriod('date', period));
  return (await getDocs(q)).docs.map((d) => d.data());
}

export async function loadDashboardTotals(shopId: string, period: Period): Promise<DashboardTotals> {
  const textSales = textPricedSales(shopId, period);
  textSales.catch(() => undefined);
  // Ten aggregation requests, started one per task (lib/tasks.ts): sent in one go they were one long task.
  const figures = await startInTurn([
    ...PAYMENT_FAMILIES.flatMap(({ key }) => [() => sumPrice(shopId, key, period, false), () => sumPrice(shopId, key, period, true)]),
    () => countIn(COLLECTIONS.invoice, shopId, period),
    () => countIn(COLLECTIONS.zReport, shopId, period),
  ]);
  const byFamily: Record<PaymentFamily, number> = { contanti: 0, bancomat: 0, fatture: 0 };
  PAYMENT_FAMILIES.forEach(({ key }, i) => {
    byFamily[key] += (figures[2 * i] ?? 0) - (figures[2 * i + 1] ?? 0);
  });
  const [invoiceCount = 0, zReportCount = 0] = figures.slice(PAYMENT_FAMILIES.length * 2);
  const texts = await textSales;
  for (const sale of texts) {
    const kind = saleMethodKind(sale.method);
    if (sale.isVoid || !(kind in byFamily)) continue;
    byFamily[kind as PaymentFamily] += sale.price;
  }
  for (const { key } of PAYMENT_FAMILIES) byFamily[key] = roundHalfUp(byFamily[key]);
  return {
    salesTotal: roundHalfUp(byFamily.contanti + byFamily.bancomat + byFamily.fatture),
    byFamily,
    invoiceCount,
    zReportCount,
    documentsRead: texts.length,
    aggregationQueries: PAYMENT_FAMILIES.length * 2 + 2,
  };
}
