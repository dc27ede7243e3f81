// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Query } from 'firebase/firestore';
import { shopListRanges } from '@/domain/lists/shop-lists';
import { cacheHoldsWholeList, forgetCacheOwner, markWholeListCached } from './cache-owner';
import type { Loadable } from './live-state';

/** What the SDK and the bundle loader answer, and which queries the ranges were opened with. */
const sdk = vi.hoisted(() => ({
  cached: [] as { id: string }[],
  named: true,
  opened: [] as { queries: unknown[]; seed: unknown }[],
}));
vi.mock('firebase/firestore', () => ({
  getDocsFromCache: () => Promise.resolve({ docs: sdk.cached.map((item) => ({ id: item.id, data: () => item })) }),
  documentId: () => '__name__',
  where: (...args: unknown[]) => ({ where: args }),
  query: (q: unknown, ...constraints: unknown[]) => ({ q, constraints }),
}));
vi.mock('./firebase-bundle', () => ({
  namedQueries: (names: string[]) => Promise.resolve(sdk.named ? names.map((name) => ({ name })) : undefined),
}));
vi.mock('./firebase-ranges', () => ({
  idRangeQueries: (_q: unknown, ranges: unknown[]) => ranges.map((r) => ({ range: r })),
  listenToQueryInRanges: (queries: unknown[], _set: unknown, options: { seed?: unknown }) => {
    sdk.opened.push({ queries, seed: options.seed });
    return () => undefined;
  },
}));

const { listenToWholeList } = await import('./firebase-whole-list');

const source = { list: 'customers' as const, shopId: 'shop', whole: {} as Query<{ id: string }>, idOf: (c: { id: string }) => c.id };
const set = (_: Loadable<{ id: string }[]>) => undefined;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('listenToWholeList', () => {
  beforeEach(() => {
    forgetCacheOwner();
    sdk.cached = [];
    sdk.named = true;
    sdk.opened = [];
  });
  afterEach(() => forgetCacheOwner());

  it('on a new device online: the bundle first, the list marked whole, then the named queries with the cache\'s copy', async () => {
    const loadBundle = vi.fn(() => {
      sdk.cached = [{ id: 'a1' }, { id: 'Z9' }, { id: 'z1' }];
      return Promise.resolve(true);
    });
    listenToWholeList(source, set, { online: () => true, loadBundle });
    await settle();
    expect(loadBundle).toHaveBeenCalledWith('customers', 'shop');
    expect(cacheHoldsWholeList('customers:shop')).toBe(true);
    const [opened] = sdk.opened;
    expect(opened?.queries).toEqual(shopListRanges('customers', 'shop').map((r) => ({ name: r.name })));
    expect((opened?.seed as { id: string }[][]).flat().map((c) => c.id).sort()).toEqual(['Z9', 'a1', 'z1']);
  });

  it('when the bundle fails: the ranges as before, no mark, no copy', async () => {
    listenToWholeList(source, set, { online: () => true, loadBundle: () => Promise.resolve(false) });
    await settle();
    expect(cacheHoldsWholeList('customers:shop')).toBe(false);
    expect(sdk.opened[0]?.queries).toEqual(shopListRanges('customers', 'shop').map((range) => ({ range })));
    expect(sdk.opened[0]?.seed).toBeUndefined();
  });

  it('on a reload (the cache holds the whole list): no bundle, the copy at once; the ranges\' own queries if the named ones are gone', async () => {
    markWholeListCached('customers:shop');
    sdk.named = false;
    sdk.cached = [{ id: 'b1' }];
    const loadBundle = vi.fn(() => Promise.resolve(true));
    listenToWholeList(source, set, { online: () => true, loadBundle });
    await settle();
    expect(loadBundle).not.toHaveBeenCalled();
    expect(sdk.opened[0]?.queries).toHaveLength(shopListRanges('customers', 'shop').length);
    expect((sdk.opened[0]?.seed as unknown[][]).flat()).toEqual([{ id: 'b1' }]);
  });

  it('offline on a new device: no bundle asked; stopped before it answers: nothing opens', async () => {
    const loadBundle = vi.fn(() => Promise.resolve(true));
    listenToWholeList(source, set, { online: () => false, loadBundle });
    await settle();
    expect(loadBundle).not.toHaveBeenCalled();
    sdk.opened = [];
    const stop = listenToWholeList(source, set, { online: () => true, loadBundle: () => new Promise((resolve) => setTimeout(() => resolve(true), 5)) });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sdk.opened).toEqual([]);
  });
});
