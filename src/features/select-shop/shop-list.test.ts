import { describe, expect, it } from 'vitest';
import { mergeAccountantShops, orMissing, shopInitials, wrapIndex } from './shop-list';

const shop = (id: string, name: string) => ({ id, name });

describe('mergeAccountantShops', () => {
  it('keeps the profile order and role, then adds listed shops by name with the default role', () => {
    const result = mergeAccountantShops(
      [
        { shopId: 's2', role: 'consulente' },
        { shopId: 's1', role: 'accountant' },
      ],
      [shop('s1', 'Alfa'), shop('s2', 'Zeta')],
      [shop('s4', 'Panetteria'), shop('s1', 'Alfa'), shop('s3', 'bar Centrale')],
    );
    expect(result.map((c) => [c.shop.id, c.role])).toEqual([
      ['s2', 'consulente'],
      ['s1', 'accountant'],
      ['s3', 'accountant'],
      ['s4', 'accountant'],
    ]);
  });

  it('drops links whose shop could not be read and duplicated links', () => {
    const result = mergeAccountantShops(
      [
        { shopId: 'gone', role: 'accountant' },
        { shopId: 's1', role: 'a' },
        { shopId: 's1', role: 'b' },
      ],
      [shop('s1', 'Alfa')],
      [],
    );
    expect(result).toEqual([{ shop: shop('s1', 'Alfa'), role: 'a' }]);
  });

  it('uses the default role when a link has an empty role', () => {
    expect(mergeAccountantShops([{ shopId: 's1', role: '' }], [shop('s1', 'Alfa')], [])[0]?.role).toBe('accountant');
  });

  it('returns nothing when no shop was read', () => {
    expect(mergeAccountantShops([{ shopId: 's1', role: 'accountant' }], [], [])).toEqual([]);
  });
});

describe('shopInitials', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(shopInitials('bar centrale di Roma')).toBe('BC');
    expect(shopInitials('Ferramenta')).toBe('F');
    expect(shopInitials('  "Èlite"  moda ')).toBe('ÈM');
  });
  it('skips words without letters or digits and falls back to ?', () => {
    expect(shopInitials('Caffè & Co')).toBe('CC');
    expect(shopInitials('   ')).toBe('?');
  });
});

describe('orMissing / wrapIndex', () => {
  it('shows a dash for empty values', () => {
    expect(orMissing(' ')).toBe('—');
    expect(orMissing(undefined)).toBe('—');
    expect(orMissing(' 00100 ')).toBe('00100');
  });
  it('wraps indexes at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
