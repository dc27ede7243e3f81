import type { Invoice } from './invoice-doc';
import { readIncomingJson } from '@/domain/fatturapa/reader';
import type { StatsCost } from '@/domain/statistics/sales-statistics';

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
