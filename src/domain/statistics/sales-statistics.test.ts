import { describe, expect, it } from 'vitest';
import { GENERIC_CUSTOMER, periodText, salesStatistics, UNKNOWN_PRODUCT, UNSPECIFIED_CATEGORY, type StatsSale } from './sales-statistics';

const line = (name: string, qty: number, total: number, category?: string) => ({ name, qty, total, category });
const sale = (price: number, method: string, extra: Partial<StatsSale> = {}): StatsSale => ({ price, method, isVoid: false, lines: [], ...extra });

describe('salesStatistics', () => {
  const sales: StatsSale[] = [
    sale(0.1, 'contanti', { customerName: 'Rossi', date: new Date(2026, 10, 1), lines: [line('Caffè', 1, 0.1, 'Bar')] }),
    sale(0.2, 'Contanti', { customerName: 'Rossi', date: new Date(2026, 10, 3), lines: [line('Caffè', 2, 0.2, 'Bar')] }),
    sale(12.5, 'Bancomat', { lines: [line('', 0, 12.5)] }),
    sale(100, 'Fattura', { customerName: 'Hotel Brera', lines: [line('Vino', 0.5, 100, 'Cantina')] }),
    sale(50, 'preconto', { customerName: 'Escluso', lines: [line('Caffè', 9, 50)] }),
    sale(70, 'bancomat', { isVoid: true, lines: [line('Caffè', 9, 70)] }),
    sale(5, 'Nota di Credito'),
  ];
  const stats = salesStatistics(sales, [{ total: 40.05 }, { total: 0.3 }]);

  it('sums counted sales exactly (0.1 + 0.2 is 0.3), excluding preconto, voided and other methods', () => {
    expect(stats.totalSales).toBe(112.8);
    expect(stats.byMethod).toEqual({ contanti: 0.3, bancomat: 12.5, fatture: 100 });
    expect(stats.transactions).toBe(4);
  });

  it('costs, profit = sales minus costs', () => {
    expect(stats.totalCosts).toBe(40.35);
    expect(stats.profit).toBe(72.45);
  });

  it('customers: generic label for unnamed sales, not counted as a unique customer; last sale date', () => {
    expect(stats.uniqueCustomers).toBe(2);
    expect(stats.customers.map((c) => c.name)).toEqual(['Hotel Brera', GENERIC_CUSTOMER, 'Rossi']);
    expect(stats.customers[2]).toEqual({ name: 'Rossi', sales: 2, amount: 0.3, lastSale: new Date(2026, 10, 3) });
  });

  it('products and categories with default labels and quantity 1 when missing', () => {
    expect(stats.productsSold).toBe(4.5);
    expect(stats.products).toEqual([
      { name: 'Vino', quantity: 0.5, revenue: 100, averagePrice: 200 },
      { name: UNKNOWN_PRODUCT, quantity: 1, revenue: 12.5, averagePrice: 12.5 },
      { name: 'Caffè', quantity: 3, revenue: 0.3, averagePrice: 0.1 },
    ]);
    expect(stats.categories).toEqual([
      { name: 'Cantina', revenue: 100 },
      { name: UNSPECIFIED_CATEGORY, revenue: 12.5 },
      { name: 'Bar', revenue: 0.3 },
    ]);
  });

  it('empty input gives zeros', () => {
    expect(salesStatistics([], [])).toMatchObject({ totalSales: 0, totalCosts: 0, profit: 0, transactions: 0, customers: [] });
  });
});

it('period text', () => {
  expect(periodText('today', '', '')).toBe('di oggi');
  expect(periodText('last-month', '01/12/2026', '31/12/2026')).toBe('del mese scorso (dal 01/12/2026 al 31/12/2026)');
  expect(periodText('day', '03/11/2026', '')).toBe('del 03/11/2026');
  expect(periodText('range', '01/11/2026', '15/11/2026')).toBe('dal 01/11/2026 al 15/11/2026');
});

describe('amounts in cents', () => {
  it('sums two-decimal amounts exactly and rounds a third decimal half-up, as the money module does', () => {
    const sale = (price: number): StatsSale => ({ price, method: 'contanti', isVoid: false, lines: [{ name: 'A', qty: 1, total: price }] });
    const stats = salesStatistics([sale(0.1), sale(0.2), sale(1.005), sale(-2.5)], []);
    expect(stats.totalSales).toBe(-1.19);
    expect(stats.byMethod.contanti).toBe(-1.19);
    expect(stats.products[0]?.revenue).toBe(-1.19);
  });
});
