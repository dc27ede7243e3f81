import { describe, expect, it } from 'vitest';
import { DISCOUNT_BATCH, discountBatches, lacksDiscount } from './discount-backfill';

describe('the empty discount backfill (document 3 §7, §9)', () => {
  it('picks only the products stored without a discount', () => {
    expect(lacksDiscount({ name: 'Penna' })).toBe(true);
    expect(lacksDiscount({ name: 'Penna', discount: '' })).toBe(false);
    expect(lacksDiscount({ name: 'Penna', discount: '10' })).toBe(false);
    expect(lacksDiscount({ name: 'Penna', discount: 0 })).toBe(false);
    expect(lacksDiscount({ name: 'Penna', discount: null })).toBe(false);
  });

  it('writes in batches of 100', () => {
    expect(DISCOUNT_BATCH).toBe(100);
    const ids = Array.from({ length: 250 }, (_, i) => `p${String(i)}`);
    expect(discountBatches(ids).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(discountBatches(ids).flat()).toEqual(ids);
    expect(discountBatches([])).toEqual([]);
  });
});
