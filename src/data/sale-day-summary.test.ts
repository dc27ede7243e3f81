import { describe, expect, it } from 'vitest';
import { checkFilters, checkOf, SUMMARY_VERSION, type DaySummary } from '@/domain/statistics/day-summary';
import { addCosts, addSales, emptyTally, finishStatistics } from '@/domain/statistics/sales-statistics';
import { normalizeSaleDaySummary, summaryId, toFirestoreSaleDaySummary } from './sale-day-summary';
import { takingsByDay } from '@/domain/zreport/reconcile';
import { SALE_METHOD_SPELLINGS } from './sale';

const tally = addCosts(
  addSales(emptyTally(), [
    { date: new Date('2026-11-02T10:00:00Z'), price: 3.5, method: 'contanti', isVoid: false, customerName: 'Rossi', lines: [{ name: 'Caffè', qty: 2, total: 2, category: 'Bar' }, { name: 'Brioche', qty: 1, total: 1.5 }] },
    { price: 12, method: 'Bancomat', isVoid: false, lines: [{ name: 'Vino', qty: 0.5, total: 12, category: 'Cantina' }] },
  ]),
  [{ total: 40 }],
);
const summary: DaySummary = {
  shopId: 'shop-1', day: '2026-11-02', version: SUMMARY_VERSION, builtAt: new Date('2026-11-03T06:00:00Z'), tally,
  check: checkOf([{ method: 'contanti', price: 3.5, isVoid: false }, { method: 'Bancomat', price: 12, isVoid: false }], 1, checkFilters(SALE_METHOD_SPELLINGS)),
  // 02:30 Rome is before a 05:00 cut-off: the business day before.
  takings: {
    cutoff: 300,
    byDay: takingsByDay(
      [
        { date: new Date('2026-11-02T10:00:00Z'), price: 3.5, method: 'contanti', isVoid: false },
        { date: new Date('2026-11-02T01:30:00Z'), price: 12, method: 'Satispay', isVoid: false },
        { date: new Date('2026-11-02T11:00:00Z'), price: 9, method: 'preconto', isVoid: false },
      ],
      300,
    ),
  },
};

describe('SaleDaySummary converter', () => {
  it('writes parallel arrays and reads back the same tally and check', () => {
    const stored = toFirestoreSaleDaySummary(summary);
    expect(stored).toMatchObject({
      userId: 'shop-1', day: '2026-11-02', version: SUMMARY_VERSION, totalCents: 1550, transactions: 2, costCents: 4000,
      customers: { names: ['Rossi', 'Cliente Generico'], sales: [1, 1], cents: [350, 1200], last: [Date.parse('2026-11-02T10:00:00Z'), 0] },
      products: { names: ['Caffè', 'Brioche', 'Vino'], milli: [2000, 1000, 500], cents: [200, 150, 1200] },
    });
    const back = normalizeSaleDaySummary(summaryId('shop-1', '2026-11-02'), stored);
    expect(back).toEqual(summary);
    expect([...back.takings.byDay.keys()].sort()).toEqual(['2026-11-01', '2026-11-02']);
    expect(back.takings.byDay.get('2026-11-01')).toMatchObject({ count: 1, cents: { altro: 1200 } });
    expect(back.takings.byDay.get('2026-11-02')).toMatchObject({ count: 1, preconto: 1, cents: { contanti: 350 } });
    expect(finishStatistics(back.tally)).toEqual(finishStatistics(tally));
  });

  it('a document that is not a whole summary reads as version 0 (rebuilt by the next look)', () => {
    const stored = toFirestoreSaleDaySummary(summary);
    expect(normalizeSaleDaySummary('x', { ...stored, products: { names: ['A'], milli: [1, 2], cents: [1] } }).version).toBe(0);
    expect(normalizeSaleDaySummary('x', { ...stored, check: { all: { n: 1 } } }).version).toBe(0);
    expect(normalizeSaleDaySummary('x', { ...stored, byMethod: {} }).version).toBe(0);
    expect(normalizeSaleDaySummary('x', { ...stored, takings: undefined }).version).toBe(0);
    expect(normalizeSaleDaySummary('x', { ...stored, takings: { cutoff: 300, days: { '2026-11-02': { count: 1 } } } }).version).toBe(0);
    expect(normalizeSaleDaySummary('x', {}).version).toBe(0);
  });

  it('ids embed the shop and the day', () => {
    expect(summaryId('abc', '2026-01-31')).toBe('abc_2026-01-31');
  });
});
