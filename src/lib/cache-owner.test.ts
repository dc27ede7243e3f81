// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheHoldsWholeList, forgetCacheOwner, markWholeListCached, markCacheOwner, readCacheOwner } from './cache-owner';

beforeEach(() => localStorage.clear());

describe('what the browser keeps beside its Firestore cache', () => {
  it('a whole list is marked once, per name', () => {
    expect(cacheHoldsWholeList('customers:s1')).toBe(false);
    markWholeListCached('customers:s1');
    markWholeListCached('customers:s1');
    expect(cacheHoldsWholeList('customers:s1')).toBe(true);
    expect(cacheHoldsWholeList('products:s1')).toBe(false);
    expect(JSON.parse(localStorage.getItem('bo.wholeLists') ?? '[]')).toEqual(['customers:s1']);
  });

  it('clearing the cache (logout, another user) forgets its owner and the whole lists: nothing is left in localStorage', () => {
    markCacheOwner('u1');
    markWholeListCached('customers:s1');
    expect(readCacheOwner()).toBe('u1');
    forgetCacheOwner();
    expect(readCacheOwner()).toBeUndefined();
    expect(cacheHoldsWholeList('customers:s1')).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
