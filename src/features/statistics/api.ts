/**
 * The statistics' reads (document 3 §7): the shop's sales of the period and its incoming invoices (type 1,
 * costs) of the period. These are downloaded, not aggregated: customers, products and categories come from
 * each sale's lines, which no Firestore aggregation can group. The period bounds the download.
 */
import { getDocs, query, Timestamp, where } from 'firebase/firestore';
import { INVOICE_TYPE, invoicesCol, type Invoice } from '@/data/invoice';
import { isInvoiceOfReceipt, salesCol } from '@/data/sale';
import type { Period } from '@/domain/dashboard/period';
import { readIncomingJson } from '@/domain/fatturapa/reader';
import { salesStatistics, type SalesStatistics, type StatsCost } from '@/domain/statistics/sales-statistics';

/** An incoming invoice's cost: its document total, else the sum of its line totals (else the stored total). */
export function invoiceCost(invoice: Invoice): StatsCost {
  try {
    const views = readIncomingJson(invoice.payload);
    const total = views.reduce((sum, v) => sum + (v.totalDocument ?? v.lines.reduce((s, l) => s + l.total, 0)), 0);
    return { total };
  } catch {
    return { total: invoice.total ?? 0 };
  }
}

export async function loadStatistics(shopId: string, period: Period): Promise<SalesStatistics> {
  const from = Timestamp.fromDate(period.start);
  const to = Timestamp.fromDate(period.end);
  const [sales, invoices] = await Promise.all([
    getDocs(query(salesCol(), where('userId', '==', shopId), where('date', '>=', from), where('date', '<', to))),
    getDocs(query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.incoming), where('createdAt', '>=', from), where('createdAt', '<', to))),
  ]);
  return salesStatistics(
    // An invoice made for a receipt repeats the receipt's money: the receipt is the sale.
    sales.docs.map((d) => d.data()).filter((s) => !isInvoiceOfReceipt(s)),
    invoices.docs.map((d) => invoiceCost(d.data())),
  );
}
