import { describe, expect, it } from 'vitest';
import { barPercent, chainTotals, chunk, isLowStock, sharesData, sharesInventory, shopFigures } from './chain';


describe('chain domain', () => {
  it('sharing: member setting first, else the master, defaults true / false (document 3 §9)', () => {
    expect(sharesData({}, {})).toBe(true);
    expect(sharesData({}, { chainSettings: { allowMemberDataAccess: false, shareInventory: false } })).toBe(false);
    expect(sharesData({ chainSettings: { allowMemberDataAccess: true, shareInventory: false } }, { chainSettings: { allowMemberDataAccess: false, shareInventory: false } })).toBe(true);
    expect(sharesInventory({}, {})).toBe(false);
    expect(sharesInventory({ chainSettings: { allowMemberDataAccess: true, shareInventory: true } }, {})).toBe(true);
    expect(sharesInventory({ chainSettings: { allowMemberDataAccess: false, shareInventory: true } }, {})).toBe(false);
  });

  it('shop figures: the revenue in euro per method; chain totals', () => {
    const f = shopFigures('s1', {
      byFamily: { contanti: { cents: 9515, count: 2 }, bancomat: { cents: 20, count: 1 }, fatture: { cents: 0, count: 0 } },
      totalCents: 9535,
      count: 3,
    });
    expect(f.byMethod.contanti).toEqual({ total: 95.15, count: 2 });
    expect(f.byMethod.bancomat).toEqual({ total: 0.2, count: 1 });
    expect(f.total).toBe(95.35);
    const t = chainTotals([f, { ...f, shopId: 's2' }]);
    expect(t.total).toBe(190.7);
    expect(t.byMethod.contanti.count).toBe(4);
  });

  it('batches of 10, low stock, bars', () => {
    expect(chunk(Array.from({ length: 23 }, (_, i) => i)).map((c) => c.length)).toEqual([10, 10, 3]);
    expect(isLowStock({ qty: 2, minQty: 2, track: true })).toBe(true);
    expect(isLowStock({ qty: 1, minQty: 2, track: false })).toBe(false);
    expect(barPercent(50, 200)).toBe(25);
    expect(barPercent(5, 0)).toBe(0);
  });
});
