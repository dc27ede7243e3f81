/**
 * The statistics over sales as the converter reads them from Firestore: the legacy indexed shape with numbers
 * stored as text, the new lines[] shape, and missing fields — against hand-computed figures.
 */
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { normalizeSale } from '@/data/sale';
import { salesStatistics, UNKNOWN_PRODUCT, UNSPECIFIED_CATEGORY } from '@/domain/statistics/sales-statistics';

const at = Timestamp.fromDate(new Date(2026, 10, 20, 10));

const legacy = normalizeSale('legacy', {
  userId: 'shop', date: at, method: 'Contanti', isVoid: false, price: '7,50', customerName: 'Bar Sport',
  scrapCount: 2,
  scrapName0: 'Caffè', scrapPrice0: '1,50', scrapQuantity0: '3', scrapIva0: '22', scrapCategory0: 'Bar',
  scrapName1: 'Brioche', scrapPrice1: '3,00', scrapQuantity1: '1', scrapIva1: '10',
});
const modern = normalizeSale('modern', {
  userId: 'shop', date: at, method: 'bancomat', isVoid: false, price: 12.2,
  lines: [
    { lineId: 'l1', qty: 2, unitPrice: 3.1, gross: 6.2, productSnapshot: { name: 'Caffè', vatRate: 22 }, scrapCategory: 'Bar' },
    { lineId: 'l2', qty: 1, unitPrice: 6, gross: 6, productSnapshot: { vatRate: 10 } },
  ],
});
const bare = normalizeSale('bare', { userId: 'shop', date: at, method: 'fatture', price: 5 }); // no isVoid, no lines
const voided = normalizeSale('void', { userId: 'shop', date: at, method: 'Contanti', isVoid: true, price: '99,00' });

describe('statistics over both sale shapes', () => {
  it('reads text numbers, both line shapes and missing fields', () => {
    const stats = salesStatistics([legacy, modern, bare, voided], [{ total: 10 }]);
    expect(stats.totalSales).toBe(24.7);
    expect(stats.transactions).toBe(3);
    expect(stats.byMethod).toEqual({ contanti: 7.5, bancomat: 12.2, fatture: 5 });
    expect(stats.profit).toBe(14.7);
    const coffee = stats.products.find((p) => p.name === 'Caffè');
    expect(coffee).toEqual({ name: 'Caffè', quantity: 5, revenue: 10.7, averagePrice: 2.14 });
    expect(stats.categories.find((c) => c.name === 'Bar')?.revenue).toBe(10.7);
    expect(stats.categories.some((c) => c.name === UNSPECIFIED_CATEGORY)).toBe(true);
    expect(stats.products.map((p) => p.name)).toEqual(['Caffè', UNKNOWN_PRODUCT, 'Brioche']);
  });
});
