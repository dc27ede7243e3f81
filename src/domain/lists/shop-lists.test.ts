import { describe, expect, it } from 'vitest';
import { importedProductId } from '@/domain/warehouse/product-csv';
import { rangeIndexOf } from '@/domain/ids/id-ranges';
import { isShopList, LIST_RANGES, shopListBounds, shopListRanges, wholeListName } from './shop-lists';

describe('shopListRanges', () => {
  it('reads customers in LIST_RANGES.customers ranges and products with four more cuts inside the CSV ids', () => {
    expect(shopListRanges('customers', 's1')).toHaveLength(LIST_RANGES.customers);
    expect(shopListRanges('products', 's1')).toHaveLength(LIST_RANGES.products + 3);
  });

  it('names each range by list, shop and cuts: unique, and another shop never shares a name', () => {
    const names = shopListRanges('products', 's1').map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toMatch(/^products:s1:\.\./);
    const other = new Set(shopListRanges('products', 's2').map((r) => r.name));
    expect(names.some((n) => other.has(n))).toBe(false);
  });

  it("spreads a CSV import's product ids of the shop over four ranges", () => {
    const bounds = shopListBounds('products', 'shop9');
    const barcodes = Array.from({ length: 200 }, (_, i) => `800${String(i * 7919).padStart(10, '0')}`);
    const hit = new Set(barcodes.map((barcode) => rangeIndexOf(importedProductId('shop9', { name: 'x', barcode }), bounds)));
    expect(hit.size).toBe(4);
  });

  it('knows its lists and the names of their cache marks', () => {
    expect(isShopList('products')).toBe(true);
    expect(isShopList('Sale')).toBe(false);
    expect(wholeListName('customers', 's1')).toBe('customers:s1');
  });
});
