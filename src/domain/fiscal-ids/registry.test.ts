import { describe, expect, it } from 'vitest';
import { isRegistryId, normalizeFiscalId, planFiscalIdBackfill, readFiscalIdEntry, readShopPartitaIva, sellerIdsOf } from './registry';

describe('normalizeFiscalId', () => {
  it.each([
    ['IT04821730159', '04821730159'],
    [' it 0482 1730 159 ', '04821730159'],
    ['rssmra80a01h501u', 'RSSMRA80A01H501U'],
    [4821730159, '4821730159'],
    [undefined, ''],
    ['ITALIA', 'ITALIA'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeFiscalId(input)).toBe(expected);
  });
});

describe('isRegistryId', () => {
  it('accepts an 11-digit P.IVA or a 16-character fiscal code, nothing else', () => {
    expect(isRegistryId('04821730159')).toBe(true);
    expect(isRegistryId('RSSMRA80A01H501U')).toBe(true);
    expect(isRegistryId('4821730159')).toBe(false);
    expect(isRegistryId('')).toBe(false);
    expect(isRegistryId('IT04821730159')).toBe(false);
  });
});

describe('readShopPartitaIva', () => {
  it('reads 11 digits (IT prefix and spaces dropped) or nothing; refuses the rest', () => {
    expect(readShopPartitaIva(' IT 04821730159')).toBe('04821730159');
    expect(readShopPartitaIva('')).toBe('');
    expect(readShopPartitaIva('0482173015')).toBeUndefined();
    expect(readShopPartitaIva('RSSMRA80A01H501U')).toBeUndefined();
  });
});

describe('sellerIdsOf', () => {
  const entries = [
    readFiscalIdEntry('04821730159', { shopId: 'a', codiceFiscale: 'rssmra80a01h501u' }),
    readFiscalIdEntry('02684190370', { shopId: 'b', sharedWith: ['c'] }),
  ];
  it("a shop sends as the P.IVA it holds and its registered fiscal code", () => {
    expect([...sellerIdsOf(entries, 'a')]).toEqual(['04821730159', 'RSSMRA80A01H501U']);
  });
  it('a shop an admin shared a P.IVA with sends as it too; any other shop as nothing', () => {
    expect([...sellerIdsOf(entries, 'c')]).toEqual(['02684190370']);
    expect(sellerIdsOf(entries, 'z').size).toBe(0);
  });
});

describe('planFiscalIdBackfill', () => {
  it('creates what one shop alone carries, leaves shared and held values to an admin, lists the unreadable', () => {
    const plan = planFiscalIdBackfill(
      [
        { id: 'a', pIva: 'IT04821730159' },
        { id: 'b', pIva: '02684190370' },
        { id: 'c', pIva: '02684190370' },
        { id: 'd', pIva: '' },
        { id: 'e', pIva: '123' },
        { id: 'f', pIva: '01234567890' },
        { id: 'g', pIva: '09876543210' },
      ],
      new Map([['01234567890', 'z'], ['09876543210', 'g']]),
    );
    expect(plan.create).toEqual([{ id: '04821730159', shopId: 'a' }]);
    expect(plan.conflicts).toEqual([{ id: '01234567890', shopIds: ['f'], holder: 'z' }, { id: '02684190370', shopIds: ['b', 'c'] }]);
    expect(plan.unreadable).toEqual(['d', 'e']);
  });
});
