import { describe, expect, it } from 'vitest';
import { apiLogTone, noUserIdMessage, sameIds, sortShopsPendingFirst, techniciansAfterAssign } from './shop-list';

describe('apiLogTone (document 3 §2.6)', () => {
  it('error at 400 or more, or when failed; warn at 300 or more; success; otherwise info', () => {
    expect(apiLogTone(500, true)).toBe('error');
    expect(apiLogTone(400, undefined)).toBe('error');
    expect(apiLogTone(200, false)).toBe('error');
    expect(apiLogTone(302, true)).toBe('warn');
    expect(apiLogTone(300, undefined)).toBe('warn');
    expect(apiLogTone(200, true)).toBe('success');
    expect(apiLogTone(undefined, true)).toBe('success');
    expect(apiLogTone(200, undefined)).toBe('info');
    expect(apiLogTone(undefined, undefined)).toBe('info');
  });
});

describe('sortShopsPendingFirst', () => {
  it('puts shops with a pending proposal first, each group by name', () => {
    const shops = [
      { id: '1', name: 'Zeta' },
      { id: '2', name: 'alfa' },
      { id: '3', name: 'Beta' },
      { id: '4', name: 'Ómega' },
    ];
    expect(sortShopsPendingFirst(shops, new Set(['1', '4'])).map((s) => s.id)).toEqual(['4', '1', '2', '3']);
  });
});

describe('technicians', () => {
  it('assigning adds to the list once; clearing keeps it', () => {
    expect(techniciansAfterAssign(['a'], 'b')).toEqual(['a', 'b']);
    expect(techniciansAfterAssign(['a', 'b'], 'b')).toEqual(['a', 'b']);
    expect(techniciansAfterAssign(['a'], '')).toEqual(['a']);
  });
  it('compares lists in any order', () => {
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameIds(['a'], ['a', 'b'])).toBe(false);
  });
  it('names the shop without userId', () => {
    expect(noUserIdMessage('Bottega')).toBe('Shop "Bottega" non ha un userId. Impossibile caricare i logs.');
  });
});
