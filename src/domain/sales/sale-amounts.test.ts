import { describe, expect, it } from 'vitest';
import { euro2, lineAmounts, lineGross, netCents, saleTotals, taxBreakdown } from './sale-amounts';

describe('sale amounts (document 3 §9)', () => {
  it('line total = price × quantity minus the percentage discount, half-up, exact', () => {
    expect(lineGross(4.2, 2, 10)).toBe(7.56);
    expect(lineGross(2.675, 1, 0)).toBe(2.68);
    expect(lineGross(1.005, 1, 0)).toBe(1.01);
    expect(lineGross(0.1, 3, 0)).toBe(0.3);
    expect(lineGross(8.9, 3, 10)).toBe(24.03);
    expect(lineGross(3.35, 0.5, 0)).toBe(1.68); // 1.675 half-up
    expect(lineGross(10, 1, 100)).toBe(0);
    expect(lineGross(-2.5, 1, 0)).toBe(-2.5);
  });

  it('net = gross / (1 + vat), 2 decimals; vat = gross − net', () => {
    expect(netCents(756, 4)).toBe(727);
    expect(netCents(330, 22)).toBe(270);
    expect(netCents(122, 22)).toBe(100);
    expect(netCents(500, 0)).toBe(500);
    expect(lineAmounts(7.56, 4)).toEqual({ gross: 7.56, net: 7.27, vat: 0.29 });
    expect(lineAmounts(3.3, 22)).toEqual({ gross: 3.3, net: 2.7, vat: 0.6 });
    expect(lineAmounts(5, undefined)).toEqual({ gross: 5, net: 5, vat: 0 });
  });

  it('tax breakdown by rate, with the discount shared by gross and each rate recomputed', () => {
    const lines = [{ gross: 7.56, vatRate: 4 }, { gross: 3.3, vatRate: 22 }];
    expect(taxBreakdown(lines)).toEqual([
      { vatRate: 4, gross: 7.56, net: 7.27, vat: 0.29 },
      { vatRate: 22, gross: 3.3, net: 2.7, vat: 0.6 },
    ]);
    const rows = taxBreakdown(lines, 1, 0);
    expect(rows).toEqual([
      { vatRate: 4, gross: 6.86, net: 6.6, vat: 0.26 },
      { vatRate: 22, gross: 3, net: 2.46, vat: 0.54 },
    ]);
    expect(saleTotals(rows)).toEqual({ gross: 9.86, net: 9.06, vat: 0.8 });
    expect(saleTotals(taxBreakdown(lines, 0, 0.5)).gross).toBe(11.36); // plus surcharges
    expect(taxBreakdown([])).toEqual([]);
  });

  it('sums many lines exactly (no floating-point drift)', () => {
    const lines = Array.from({ length: 1000 }, () => ({ gross: 0.1, vatRate: 22 }));
    const totals = saleTotals(taxBreakdown(lines));
    expect(totals.gross).toBe(100);
    expect(Math.round((totals.net + totals.vat) * 100)).toBe(10000);
    expect(euro2(0.1 + 0.2)).toBe(0.3);
  });
});
