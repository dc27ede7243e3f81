import { describe, expect, it } from 'vitest';
import { advancedMerge, keepOnly, mergeHere, repeatedGroups, type RepeatedProduct } from './repeated';

const p = (id: string, barcode: string, price: number, qty: number, day = 1): RepeatedProduct => ({ id, name: id, barcode, price, stock: { qty }, createdAt: new Date(2026, 0, day) });

describe('repeatedGroups', () => {
  it('groups by non-empty barcode, only groups of more than one, oldest first', () => {
    const groups = repeatedGroups([p('a', '800', 1, 1, 3), p('b', ' 800 ', 1, 1, 2), p('c', '', 1, 1), p('d', '', 1, 1), p('e', '900', 1, 1)]);
    expect(groups).toEqual([{ barcode: '800', products: [expect.objectContaining({ id: 'b' }), expect.objectContaining({ id: 'a' })] }]);
  });
});

describe('merges', () => {
  const group = repeatedGroups([p('a', '1', 2, 3, 1), p('b', '1', 2.5, 5, 2), p('c', '1', 2, 0, 3)])[0]!;
  it('Fondi qui sums the quantities on the chosen product and deletes the others', () => {
    const plan = mergeHere(group, 'c');
    expect(plan?.keep.id).toBe('c');
    expect(plan?.patch).toEqual({ quantity: 8 });
    expect(plan?.remove.map((x) => x.id)).toEqual(['a', 'b']);
  });
  it('Mantieni solo questo keeps the product unchanged', () => {
    expect(keepOnly(group, 'b')).toMatchObject({ keep: { id: 'b' }, patch: {}, remove: [{ id: 'a' }, { id: 'c' }] });
  });
  it('advanced: the first takes the sum and the price of the largest quantity; a price change sets changedPrice', () => {
    expect(advancedMerge(group)).toMatchObject({ keep: { id: 'a' }, patch: { quantity: 8, price: 2.5, changedPrice: true }, remove: [{ id: 'b' }, { id: 'c' }] });
    const samePrice = repeatedGroups([p('a', '1', 2, 3), p('b', '1', 2.0005, 5, 2)])[0]!;
    expect(advancedMerge(samePrice)?.patch).toEqual({ quantity: 8 });
  });
  it('advanced: all quantities zero → keep the highest-priced', () => {
    const zero = repeatedGroups([p('a', '1', 2, 0), p('b', '1', 3, 0, 2), p('c', '1', 1, 0, 3)])[0]!;
    expect(advancedMerge(zero)).toMatchObject({ keep: { id: 'b' }, patch: {}, remove: [{ id: 'a' }, { id: 'c' }] });
  });
  it('advanced: a group with a negative quantity is skipped', () => {
    expect(advancedMerge(repeatedGroups([p('a', '1', 2, -1), p('b', '1', 3, 4, 2)])[0]!)).toBeUndefined();
  });
});
