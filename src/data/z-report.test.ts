import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { normalizeSale } from './sale';
import { SEED_NOW, storedCollection } from './test-seed';
import { normalizeZReport, toFirestoreZReport } from './z-report';

describe('ZReport converter', () => {
  const reports = storedCollection('ZReport').map(({ id, raw }) => normalizeZReport(id, raw));

  it('has one closing per day with sales, before today, with totals matching the sales', () => {
    const owner = reports.filter((z) => z.userId === A.owner.uid);
    expect(owner.length).toBeGreaterThan(30);
    expect(owner.every((z) => z.createdAt!.getTime() < SEED_NOW.getTime())).toBe(true);
    const last = owner.reduce((a, b) => (a.createdAt! > b.createdAt! ? a : b));
    const day = last.id.slice(-10);
    const sales = storedCollection('Sale')
      .filter(({ id }) => id.startsWith('sale-negozio-'))
      .map(({ id, raw }) => normalizeSale(id, raw))
      .filter((s) => s.date && s.date.toLocaleDateString('sv-SE') === day && !s.isVoid && s.methodKind !== 'preconto');
    expect(last.receiptsCount).toBe(sales.length);
    expect(last.total).toBeCloseTo(sales.reduce((t, s) => t + s.price, 0), 2);
    expect(last.total).toBeCloseTo((last.cashTotal ?? 0) + (last.cardTotal ?? 0) + (last.invoiceTotal ?? 0), 2);
  });

  it('reads Italian names and text numbers', () => {
    expect(normalizeZReport('x', { userId: 'u', date: '2026-03-01T20:00:00Z', totale: '1.234,50', scontrini: '12' })).toMatchObject({ total: 1234.5, receiptsCount: 12 });
  });

  it('round-trips', () => {
    for (const z of reports) expect(normalizeZReport(z.id, toFirestoreZReport(z))).toEqual(z);
  });
});
