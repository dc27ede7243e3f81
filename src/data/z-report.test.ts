import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { ZREPORT_CASH_SHORTFALL } from '../../scripts/seed/sales';
import { businessDay, cutoffMinutes, DEFAULT_BUSINESS_DAY_CUTOFF, nextDay } from '@/domain/zreport/business-day';
import { normalizeSale } from './sale';
import { SEED_NOW, storedCollection } from './test-seed';
import { normalizeZReport, toFirestoreZReport } from './z-report';

describe('ZReport converter', () => {
  const reports = storedCollection('ZReport').map(({ id, raw }) => normalizeZReport(id, raw));

  it('has one closing per day with sales, before today, matching the sales except the seeded anomalies', () => {
    const owner = reports.filter((z) => z.userId === A.owner.uid);
    expect(owner.length).toBeGreaterThan(30);
    expect(owner.every((z) => z.createdAt!.getTime() < SEED_NOW.getTime())).toBe(true);
    const byDay = new Map<string, { total: number; count: number }>();
    for (const s of storedCollection('Sale')
      .filter(({ id }) => id.startsWith('sale-negozio-'))
      .map(({ id, raw }) => normalizeSale(id, raw))) {
      if (!s.date || s.isVoid || s.methodKind === 'preconto') continue;
      const day = s.date.toLocaleDateString('sv-SE');
      const row = byDay.get(day) ?? { total: 0, count: 0 };
      byDay.set(day, { total: row.total + s.price, count: row.count + 1 });
    }
    const closedDays = [...byDay.keys()].filter((d) => d < SEED_NOW.toLocaleDateString('sv-SE')).sort();
    const [shortDay, missingDay] = closedDays.slice(-2);
    const closingDays = new Set(owner.map((z) => z.id.slice(-10)));
    // The last day before today: sales, no closing.
    expect(closingDays.has(missingDay!)).toBe(false);
    // A closing on a day without sales, with zero totals.
    expect(owner.some((z) => !byDay.has(z.id.slice(-10)) && z.total === 0)).toBe(true);
    for (const z of owner) {
      const sales = byDay.get(z.id.slice(-10));
      if (!sales) continue;
      expect(z.receiptsCount).toBe(sales.count);
      expect(z.total).toBeCloseTo(sales.total - (z.id.endsWith(shortDay!) ? ZREPORT_CASH_SHORTFALL : 0), 2);
      expect(z.total).toBeCloseTo((z.cashTotal ?? 0) + (z.cardTotal ?? 0) + (z.invoiceTotal ?? 0), 2);
    }
    expect(owner.some((z) => z.id.endsWith(shortDay!))).toBe(true);
  });

  it('has one late closing of the main demo shop, at 00:40 Rome time the next day, on its business day', () => {
    const owner = reports.filter((z) => z.userId === A.owner.uid);
    const late = owner.filter((z) => z.createdAt && businessDay(z.createdAt) !== z.id.slice(-10));
    expect(late).toHaveLength(1);
    const [closing] = late;
    const at = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(closing!.createdAt);
    expect(at).toBe('00:40');
    expect(businessDay(closing!.createdAt!)).toBe(nextDay(closing!.id.slice(-10)));
    expect(businessDay(closing!.createdAt!, cutoffMinutes(DEFAULT_BUSINESS_DAY_CUTOFF))).toBe(closing!.id.slice(-10));
    expect(closing!.total).toBeGreaterThan(0);
  });

  it('reads Italian names and text numbers', () => {
    expect(normalizeZReport('x', { userId: 'u', date: '2026-03-01T20:00:00Z', totale: '1.234,50', scontrini: '12' })).toMatchObject({ total: 1234.5, receiptsCount: 12 });
  });

  it('round-trips', () => {
    for (const z of reports) expect(normalizeZReport(z.id, toFirestoreZReport(z))).toEqual(z);
  });
});
