import { describe, expect, it } from 'vitest';
import { addSummaryInvoices, addSummarySales, buildSummary, finishSummary, startSummary } from './sale-day-summary-build';
import { normalizeInvoice } from './invoice-doc';
import { readCheckedSale } from './sale-doc';

const DAY = '2026-11-02';
const at = (minute: number) => new Date(Date.parse('2026-11-02T00:30:00Z') + minute * 60_000);
const METHODS = ['contanti', 'Bancomat', 'carta', 'Fattura', 'preconto', 'satispay', 'Nota di Credito', ' Contanti '];
// Prices that floating point adds differently in another order or grouping (0.1 + 0.2...), text prices, voids,
// a back-office draft, a receipt's invoice: every branch of the tally, the check and the takings.
const sales = Array.from({ length: 257 }, (_, i) =>
  readCheckedSale(`s${String(i)}`, {
    userId: 'shop-1',
    date: at(i * 5),
    price: i % 11 === 0 ? `${String(i)},10` : [0.1, 0.2, 0.3, 1.15, 2.675, 19.99][i % 6]! * (1 + (i % 4)),
    method: METHODS[i % METHODS.length],
    isVoid: i % 13 === 0,
    ...(i % 17 === 0 ? { invoiceUUID: '' } : {}),
    ...(i % 19 === 0 ? { sourceSaleId: 'r1', total: 5 } : {}),
    customerName: i % 3 === 0 ? `Cliente ${String(i % 7)}` : undefined,
    lines: [{ name: `P${String(i % 9)}`, qty: (i % 3) + 0.25, total: 1.1 * (i % 5), category: i % 2 ? 'Bar' : '' }],
  }),
);
const invoices = [1, 2, 3].map((n) => normalizeInvoice(`in-${String(n)}`, { uuid: `in-${String(n)}`, userId: 'shop-1', type: 1, total: 10.1 * n, payload: '', createdAt: at(n) }));
const builtAt = new Date('2026-11-03T11:30:00Z');

describe('a day summary built a page at a time', () => {
  it('has exactly the figures of one pass over the whole day, whatever the page size', () => {
    const whole = buildSummary('shop-1', DAY, sales, invoices, builtAt, 120);
    for (const size of [1, 7, 100, 500]) {
      const b = startSummary('shop-1', DAY, 120);
      for (let i = 0; i < sales.length; i += size) addSummarySales(b, sales.slice(i, i + size));
      addSummaryInvoices(b, invoices.slice(0, 1));
      addSummaryInvoices(b, invoices.slice(1));
      expect(finishSummary(b, builtAt)).toStrictEqual(whole);
    }
    expect(whole.check.invoices.n).toBe(3);
    expect(whole.takings.byDay.size).toBe(2); // the cut-off at 02:00 puts the first hours on the day before
  });
});
