import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCHED_PRICE_RULE, listiniUndecided, listinoConflicts, listinoConflictText, MATCHED_PRICE_RULES, pricedUpdate, ruledPrice,
} from './import-prices';

describe('ruledPrice', () => {
  it('the default, offered first, keeps a higher current price and takes a higher computed one', () => {
    expect(DEFAULT_MATCHED_PRICE_RULE).toBe('keep-higher');
    expect(MATCHED_PRICE_RULES[0]).toEqual({ value: 'keep-higher', label: 'Mantieni il prezzo attuale se il nuovo è più basso' });
    expect(ruledPrice('keep-higher', 12.5, 9.47)).toBe(12.5);
    expect(ruledPrice('keep-higher', 12.5, 13.1)).toBe(13.1);
  });
  it('"always computed" and "always current"', () => {
    expect(ruledPrice('computed', 12.5, 9.47)).toBe(9.47);
    expect(ruledPrice('computed', 12.5, 13.1)).toBe(13.1);
    expect(ruledPrice('keep-current', 12.5, 13.1)).toBe(12.5);
    expect(ruledPrice('keep-current', 12.5, 9.47)).toBe(12.5);
  });
  it('a product without a price takes the computed one under every rule', () => {
    for (const { value } of MATCHED_PRICE_RULES) {
      expect(ruledPrice(value, 0, 9.47)).toBe(9.47);
      expect(ruledPrice(value, Number.NaN, 9.47)).toBe(9.47);
    }
  });
});

describe('listini', () => {
  const product = { price: 12.5, listino2: 11.88, listino3: 11.25 };
  it('a lower price below a listino is a conflict; a listino at or below it is not', () => {
    expect(listinoConflicts(product, 9.47)).toEqual([{ field: 'listino2', value: 11.88 }, { field: 'listino3', value: 11.25 }]);
    expect(listinoConflicts(product, 11.5)).toEqual([{ field: 'listino2', value: 11.88 }]);
    expect(listinoConflicts(product, 11.88)).toEqual([]);
    expect(listinoConflicts({ price: 12.5 }, 9.47)).toEqual([]);
  });
  it('a price the import leaves as it is raises no conflict', () => {
    expect(listinoConflicts({ price: 10, listino2: 11 }, 10)).toEqual([]);
  });
  it('the warning names the listino and its value', () => {
    expect(listinoConflictText({ field: 'listino2', value: 11.88 })).toBe('Listino 2 (11,88\u00a0€) più alto del nuovo prezzo');
  });
  it('undecided only with a conflict and no choice', () => {
    expect(listiniUndecided([{ field: 'listino3', value: 11.25 }], undefined)).toBe(true);
    expect(listiniUndecided([{ field: 'listino3', value: 11.25 }], 'keep')).toBe(false);
    expect(listiniUndecided([], undefined)).toBe(false);
  });
});

describe('pricedUpdate', () => {
  const product = { price: 12.5, listino2: 11.88, listino3: 11.25 };
  it('the default keeps the shelf price: nothing changes, no conflict', () => {
    expect(pricedUpdate(product, 9.47, undefined, { rule: 'keep-higher', listini: undefined })).toEqual({ price: 12.5, changedPrice: false, conflicts: [], listini: {} });
  });
  it('the computed price lowers it; the listini follow only when the shop chose to lower them', () => {
    const left = pricedUpdate(product, 9.47, undefined, { rule: 'computed', listini: 'keep' });
    expect(left).toMatchObject({ price: 9.47, changedPrice: true, listini: {} });
    expect(left.conflicts).toHaveLength(2);
    expect(pricedUpdate(product, 9.47, undefined, { rule: 'computed', listini: 'lower' }).listini).toEqual({ listino2: 9.47, listino3: 9.47 });
    expect(pricedUpdate(product, 9.47, undefined, { rule: 'computed', listini: undefined }).listini).toEqual({});
  });
  it('a price typed by hand wins over the rule', () => {
    expect(pricedUpdate(product, 9.47, 11.5, { rule: 'keep-current', listini: 'lower' })).toEqual({ price: 11.5, changedPrice: true, conflicts: [{ field: 'listino2', value: 11.88 }], listini: { listino2: 11.5 } });
  });
});
