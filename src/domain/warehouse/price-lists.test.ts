import { describe, expect, it } from 'vitest';
import { bulkChangeProblem, previewBulkChange, roundPrice, type PricedProduct } from './price-lists';

const p = (id: string, price: number, extra: Partial<PricedProduct> = {}): PricedProduct => ({ id, name: id, code: '', barcode: '', price, ...extra });

describe('bulk price change', () => {
  it('raises the selling price by a percentage, 2 decimals half-up', () => {
    expect(previewBulkChange([p('a', 10), p('b', 0.05), p('c', 1.99)], { target: 'price', source: 'same', percent: 10 })).toEqual([
      { id: 'a', name: 'a', code: '', barcode: '', before: 10, after: 11 },
      { id: 'b', name: 'b', code: '', barcode: '', before: 0.05, after: 0.06 },
      { id: 'c', name: 'c', code: '', barcode: '', before: 1.99, after: 2.19 },
    ]);
  });
  it('a listino from the selling price, or from itself (products without it are left out)', () => {
    const products = [p('a', 10, { listino2: 9.5 }), p('b', 20)];
    expect(previewBulkChange(products, { target: 'listino2', source: 'price', percent: -10 }).map((r) => [r.id, r.before, r.after])).toEqual([['a', 9.5, 9], ['b', undefined, 18]]);
    expect(previewBulkChange(products, { target: 'listino2', source: 'same', percent: -10 }).map((r) => [r.id, r.after])).toEqual([['a', 8.55]]);
    expect(previewBulkChange([p('a', 10, { listino3: 10 })], { target: 'listino3', source: 'price', percent: 0 })).toEqual([]);
  });
  it('checks the percentage', () => {
    expect(bulkChangeProblem({ target: 'price', source: 'same', percent: -100 })).toContain('maggiore');
    expect(bulkChangeProblem({ target: 'price', source: 'same', percent: 0 })).toContain('diversa da 0');
    expect(bulkChangeProblem({ target: 'listino2', source: 'price', percent: 0 })).toBeNull();
    expect(bulkChangeProblem({ target: 'price', source: 'same', percent: Number.NaN })).toContain('numerica');
  });
});

describe('rounding a changed price', () => {
  it('to the nearest ten cents, half-up, or up to the next ,x9; none leaves the cents', () => {
    expect([12.36, 14.94, 12.35, 12.34, 0.04].map((v) => roundPrice(v, 'x0'))).toEqual([12.4, 14.9, 12.4, 12.3, 0]);
    expect([12.36, 14.94, 12.39, 12.4, 9.99, 0].map((v) => roundPrice(v, 'x9'))).toEqual([12.39, 14.99, 12.39, 12.49, 9.99, 0.09]);
    expect(roundPrice(12.345, 'none')).toBe(12.35);
  });

  it('the preview shows the rounded prices; 0% with a rounding only rounds', () => {
    const products: PricedProduct[] = [{ id: 'a', name: 'A', code: 'A', barcode: '', price: 11.24 }, { id: 'b', name: 'B', code: 'B', barcode: '', price: 12.99 }];
    expect(previewBulkChange(products, { target: 'price', source: 'same', percent: 10, rounding: 'x9' }).map((r) => r.after)).toEqual([12.39, 14.29]);
    expect(bulkChangeProblem({ target: 'price', source: 'same', percent: 0, rounding: 'x9' })).toBeNull();
    expect(previewBulkChange(products, { target: 'price', source: 'same', percent: 0, rounding: 'x9' }).map((r) => [r.id, r.after])).toEqual([['a', 11.29]]);
  });
});
