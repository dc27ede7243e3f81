// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scrap } from '@/data/scrap';
import { forgetCacheOwner, markWholeListCached } from '@/lib/cache-owner';
import type { Loadable } from '@/lib/live-state';
import { useProducts } from './use-products';

/** The catalogue's ranges and the first 100 by name, as their two live listeners hand them. */
interface Lists {
  ranges: Loadable<Scrap[]>;
  first: Loadable<Scrap[]>;
  online: boolean;
}
const lists: Lists = vi.hoisted((): Lists => ({ ranges: { status: 'loading', data: undefined, error: undefined }, first: { status: 'loading', data: undefined, error: undefined }, online: true }));
vi.mock('@/lib/firebase-hooks', () => ({ useLiveWholeList: () => lists.ranges, useLiveQuery: (q: unknown) => (q === null ? { status: 'loading', data: undefined, error: undefined } : lists.first) }));
vi.mock('@/lib/use-online', () => ({ useOnline: () => lists.online }));
vi.mock('../api', () => ({ productListSource: () => ({}), firstProductsQuery: () => ({}), countProducts: () => Promise.resolve(4), FIRST_PAGE_SIZE: 100 }));

const product = (id: string, name: string): Scrap => ({ id, userId: 'shop', name }) as Scrap;
const ready = (data: Scrap[], sync: { fromCache: boolean; partial?: boolean }): Loadable<Scrap[]> => ({ status: 'ready', data, error: undefined, sync: { ...sync, pendingIds: new Set() } });
const names = (products: readonly Scrap[]) => products.map((p) => p.name);
const [CAFFE, LATTE, TE, ZUCCHERO] = [product('a', 'Caffè'), product('b', 'Latte'), product('c', 'Tè'), product('d', 'Zucchero')];
const ALL = [CAFFE, LATTE, TE, ZUCCHERO];

describe('useProducts', () => {
  beforeEach(() => {
    lists.ranges = { status: 'loading', data: undefined, error: undefined };
    lists.first = { status: 'loading', data: undefined, error: undefined };
    lists.online = true;
    forgetCacheOwner();
  });
  afterEach(cleanup);

  it('on a device without the catalogue, a product the cache holds from another screen, or one range that answered first, is never shown as the list: the first rows from the server, then the whole list', () => {
    const { result, rerender } = renderHook(() => useProducts('shop'));
    act(() => {
      lists.first = ready([LATTE], { fromCache: true });
      lists.ranges = ready([LATTE], { fromCache: true, partial: true });
    });
    rerender();
    expect(result.current.status).toBe('loading');
    act(() => {
      lists.first = ready(ALL, { fromCache: false });
    });
    rerender();
    expect(names(result.current.products)).toEqual(names(ALL));
    expect(result.current.complete).toBe(false);
    act(() => {
      lists.ranges = ready([TE, CAFFE, ZUCCHERO, LATTE], { fromCache: false, partial: false });
    });
    rerender();
    expect(result.current).toMatchObject({ status: 'ready', complete: true, total: 4, fromCache: false });
  });

  it('a product saved offline is marked pending in the first rows too, before the list is shown (a device that never held the whole catalogue, a browser that says it is online)', () => {
    const { result, rerender } = renderHook(() => useProducts('shop'));
    act(() => {
      lists.first = ready(ALL, { fromCache: false });
      lists.ranges = { status: 'ready', data: [LATTE], error: undefined, sync: { fromCache: true, partial: true, pendingIds: new Set(['b']) } };
    });
    rerender();
    expect(names(result.current.products)).toEqual(names(ALL));
    expect([...result.current.pendingIds]).toEqual(['b']);
  });

  it('on a repeat visit (the cache held the whole catalogue once) the copy paints at once as the whole list, online or not', () => {
    markWholeListCached('products:shop');
    lists.ranges = ready(ALL, { fromCache: true, partial: false });
    const { result, rerender } = renderHook(() => useProducts('shop'));
    expect(names(result.current.products)).toEqual(names(ALL));
    expect(result.current).toMatchObject({ status: 'ready', complete: true, total: 4, fromCache: true });
    lists.online = false;
    rerender();
    expect(result.current.complete).toBe(true);
  });

  it('a list that stopped waiting for the server is an incomplete error, and reload listens again', () => {
    lists.ranges = { status: 'error', data: undefined, error: 'Caricamento incompleto: riprova', kind: 'incomplete' };
    const { result } = renderHook(() => useProducts('shop'));
    expect(result.current).toMatchObject({ status: 'error', errorKind: 'incomplete', complete: false });
    expect(typeof result.current.reload).toBe('function');
  });

  it('offline on a device without the catalogue, what the cache holds is all there is and is shown', () => {
    lists.online = false;
    lists.ranges = ready([LATTE], { fromCache: true, partial: false });
    const { result } = renderHook(() => useProducts('shop'));
    expect(names(result.current.products)).toEqual(['Latte']);
  });
});
