import { describe, expect, it } from 'vitest';
import { ddtTotalCents, lineTotalCents } from '../ddt/ddt';
import { parseCentsText } from '../numbers/parse-number';
import { lineAmountCents } from './money';

describe('money in exact cents, half-up once', () => {
  it.each([
    [8, 0.125, 100],
    [0.5, 19.99, 1000],
    [1, 1.005, 101],
    [3, 0.1, 30],
    [100, 0.41, 4100],
  ])('%d × %d = %i cents', (quantity, unitPrice, cents) => {
    expect(lineAmountCents(quantity, unitPrice)).toBe(cents);
    expect(lineTotalCents({ quantity, unitPrice })).toBe(cents);
  });
  it("'1,005' typed is 1,01 €", () => {
    expect(parseCentsText('1,005', { field: 'Prezzo' })).toEqual({ ok: true, cents: 101 });
  });
  it('a discount is applied on the exact amount', () => {
    expect(lineAmountCents(3, 9.99, 10)).toBe(2697); // 26,973 → 26,97
    expect(lineAmountCents(1, 0.05, 50)).toBe(3); // 0,025 → 0,03
  });
  it('the DDT value is one sum of the one line total (view, form, PDF, deferred invoice)', () => {
    expect(ddtTotalCents([{ quantity: 8, unitPrice: 0.125 }, { quantity: 0.5, unitPrice: 19.99 }, { quantity: 2 }])).toBe(1100);
  });
});
