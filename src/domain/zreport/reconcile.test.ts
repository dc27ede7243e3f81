import { describe, expect, it } from 'vitest';
import { businessDay } from './business-day';
import { isWarning, localDay, mergeTakings, reconcileDays, reconcileTakings, summarize, takingsByDay, type DayTakings, type ReconClosing, type ReconSale } from './reconcile';

const at = (day: number, hour = 10) => new Date(2026, 2, day, hour, 0, 0);
const sale = (day: number, price: number, method = 'contanti', extra: Partial<ReconSale> = {}): ReconSale => ({
  date: at(day), price, method, isVoid: false, ...extra,
});
const closing = (day: number, fields: Partial<ReconClosing> = {}): ReconClosing => ({ id: `z${day}`, createdAt: at(day, 20), ...fields });

describe('reconcileDays', () => {
  it('puts the POS sales of a day beside its closing, by payment family, in cents', () => {
    const rows = reconcileDays(
      [sale(2, 0.1), sale(2, 0.2), sale(2, 5, 'bancomat'), sale(2, 7, 'fatture'), sale(2, 1, 'altro')],
      [closing(2, { number: 7, total: 13.3, cashTotal: 0.3, cardTotal: 5, invoiceTotal: 7, receiptsCount: 5, voidCount: 0 })],
      '2026-03-10',
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.day).toBe('2026-03-02');
    expect(row?.sales.byFamily).toEqual({ contanti: 0.3, bancomat: 5, fatture: 7, altro: 1 });
    expect(row?.sales.total).toBe(13.3);
    expect(row?.difference).toBe(0);
    expect(row?.familyDifference).toEqual({ contanti: 0, bancomat: 0, fatture: 0 });
    expect(row?.closing).toEqual({ total: 13.3, cashTotal: 0.3, cardTotal: 5, invoiceTotal: 7, receipts: 5, voids: 0 });
    expect(row?.status).toBe('ok');
  });

  it('leaves out voided, preconto, credit notes, deleted and back-office invoice documents (counting voided and preconto apart)', () => {
    const [row] = reconcileDays(
      [
        sale(3, 10),
        sale(3, 99, 'contanti', { isVoid: true }),
        sale(3, 50, 'preconto'),
        sale(3, 20, 'nota-di-credito'),
        sale(3, 30, 'fatture', { invoiceUUID: '' }),
        sale(3, 30, 'fatture', { invoiceUUID: 'abc' }),
        sale(3, 40, 'contanti', { deleted: true }),
      ],
      [closing(3, { total: 10 })],
      '2026-03-10',
    );
    expect(row?.sales.total).toBe(10);
    expect(row?.sales.count).toBe(1);
    expect(row?.sales.voidedCount).toBe(1);
    expect(row?.sales.precontoCount).toBe(1);
    expect(row?.status).toBe('ok');
  });

  it('flags a difference, signed closing minus sales, per family only where the closing carries the figure', () => {
    const [row] = reconcileDays([sale(4, 100), sale(4, 50, 'bancomat')], [closing(4, { total: 145, cashTotal: 95 })], '2026-03-10');
    expect(row?.difference).toBe(-5);
    expect(row?.familyDifference).toEqual({ contanti: -5 });
    expect(row?.closing.cardTotal).toBeUndefined();
    expect(row?.status).toBe('difference');
    expect(isWarning('difference')).toBe(true);
  });

  it('flags days with sales and no closing, but not today, which is still open', () => {
    const rows = reconcileDays([sale(5, 10), sale(10, 10)], [], '2026-03-10');
    expect(rows.map((r) => [r.day, r.status])).toEqual([
      ['2026-03-05', 'no-closing'],
      ['2026-03-10', 'open'],
    ]);
    expect(rows[0]?.difference).toBeUndefined();
    expect(isWarning('open')).toBe(false);
  });

  it('flags closings with no sales, and a closing without a total as missing, never invented', () => {
    const rows = reconcileDays([sale(7, 12)], [closing(6, { total: 0 }), closing(7, { cashTotal: 12 })], '2026-03-10');
    expect(rows.map((r) => r.status)).toEqual(['no-sales', 'unknown']);
    expect(rows[1]?.closing.total).toBeUndefined();
    expect(rows[1]?.difference).toBeUndefined();
    expect(rows[1]?.familyDifference).toEqual({ contanti: 0 });
  });

  it('sums several closings of one day, and a figure only when every closing carries it', () => {
    const [row] = reconcileDays(
      [sale(8, 30)],
      [closing(8, { id: 'b', total: 10, cashTotal: 10, createdAt: at(8, 21) }), closing(8, { id: 'a', total: 20, createdAt: at(8, 19) })],
      '2026-03-10',
    );
    expect(row?.closings.map((c) => c.id)).toEqual(['a', 'b']);
    expect(row?.closing.total).toBe(30);
    expect(row?.closing.cashTotal).toBeUndefined();
    expect(row?.status).toBe('ok');
  });

  it('reconciles by business day: a closing at 00:40 and a sale at 01:10 belong to the day before the cut-off', () => {
    // Rome, winter (UTC+1): 9 November 21:30 and the next night 01:10 sales, the closing at 00:40 on 10 November.
    const sales = [
      { date: new Date('2026-11-09T20:30:00Z'), price: 20, method: 'contanti', isVoid: false },
      { date: new Date('2026-11-10T00:10:00Z'), price: 5, method: 'contanti', isVoid: false },
      { date: new Date('2026-11-10T09:00:00Z'), price: 7, method: 'contanti', isVoid: false },
    ];
    const closings = [{ id: 'late', createdAt: new Date('2026-11-09T23:40:00Z'), total: 25 }];
    const rows = reconcileDays(sales, closings, '2026-11-10', 5 * 60);
    expect(rows.map((r) => [r.day, r.status, r.sales.total])).toEqual([
      ['2026-11-09', 'ok', 25],
      ['2026-11-10', 'open', 7],
    ]);
    // With calendar days (cut-off 00:00) the same closing leaves a day without closing and a closing without its sales.
    const calendar = reconcileDays(sales, closings, '2026-11-11', 0);
    expect(calendar.map((r) => [r.day, r.status])).toEqual([
      ['2026-11-09', 'no-closing'],
      ['2026-11-10', 'difference'],
    ]);
  });

  it('skips days with only voided or preconto sales and nothing closed', () => {
    expect(reconcileDays([sale(9, 5, 'preconto'), sale(9, 5, 'contanti', { isVoid: true })], [], '2026-03-10')).toEqual([]);
  });
});

describe('takingsByDay and reconcileTakings (the day summaries\' path)', () => {
  it('takings computed per Rome calendar day and merged reconcile exactly as every sale at once, at any cut-off', () => {
    const methods = ['contanti', 'Contanti ', 'BancoMat', 'carta', 'Fattura', 'Satispay', 'preconto', 'Nota di Credito'];
    // Three weeks over the end of daylight saving time (25 October 2026), a sale every 47 minutes.
    const sales: ReconSale[] = Array.from({ length: 640 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 9, 15) + i * 47 * 60_000),
      price: Math.round(((i * 37) % 5000) + 1) / 100,
      method: methods[i % methods.length] ?? 'contanti',
      isVoid: i % 13 === 0,
      ...(i % 29 === 0 ? { invoiceUUID: '' } : {}),
      ...(i % 31 === 0 ? { sourceSaleId: 'x' } : {}),
    }));
    const closings: ReconClosing[] = [{ id: 'a', createdAt: new Date('2026-10-20T23:30:00Z'), total: 100 }, { id: 'b', createdAt: new Date('2026-10-25T10:00:00Z'), cashTotal: 5 }];
    for (const cutoff of [0, 40, 5 * 60, 11 * 60 + 59]) {
      const byCalendarDay = new Map<string, ReconSale[]>();
      for (const s of sales) if (s.date) byCalendarDay.set(businessDay(s.date, 0), [...(byCalendarDay.get(businessDay(s.date, 0)) ?? []), s]);
      const merged = new Map<string, DayTakings>();
      for (const daySales of byCalendarDay.values()) mergeTakings(merged, takingsByDay(daySales, cutoff));
      expect(reconcileTakings(merged, closings, '2026-11-10', cutoff)).toEqual(reconcileDays(sales, closings, '2026-11-10', cutoff));
    }
  });
});

describe('summarize', () => {
  it('totals closings, sales and differences, and counts the days to check', () => {
    const rows = reconcileDays(
      [sale(1, 10), sale(2, 20), sale(3, 30)],
      [closing(1, { total: 10 }), closing(2, { total: 25 }), closing(4, { total: 0 }), closing(5, {})],
      '2026-03-10',
    );
    expect(summarize(rows)).toEqual({
      days: 5, closings: 4, closingsTotal: 35, closingsWithoutTotal: 1, salesTotal: 60, difference: 5,
      differenceDays: 1, noClosingDays: 1, noSalesDays: 2,
    });
  });

  it('localDay is the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
