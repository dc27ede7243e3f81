// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheHoldsWholeList, firstPaintValue, forgetCacheOwner, keepFirstPaintValue, markWholeListCached } from './cache-owner';

beforeEach(() => localStorage.clear());

describe('what the browser keeps beside its Firestore cache', () => {
  it('a first-paint value is kept per name, replaced by the next read, and unreadable garbage counts as none', () => {
    expect(firstPaintValue('cutoff:s1')).toBeUndefined();
    keepFirstPaintValue('cutoff:s1', '05:00');
    keepFirstPaintValue('cutoff:s2', '00:00');
    keepFirstPaintValue('cutoff:s1', '04:30');
    expect(firstPaintValue('cutoff:s1')).toBe('04:30');
    expect(firstPaintValue('cutoff:s2')).toBe('00:00');
    localStorage.setItem('bo.firstPaint', '["not", "a", "map"]');
    expect(firstPaintValue('cutoff:s1')).toBeUndefined();
    localStorage.setItem('bo.firstPaint', '{"cutoff:s1": 5}');
    expect(firstPaintValue('cutoff:s1')).toBeUndefined();
  });

  it('clearing the cache (logout, another user) forgets the first-paint values with the whole lists', () => {
    keepFirstPaintValue('cutoff:s1', '05:00');
    markWholeListCached('customers:s1');
    forgetCacheOwner();
    expect(firstPaintValue('cutoff:s1')).toBeUndefined();
    expect(cacheHoldsWholeList('customers:s1')).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
