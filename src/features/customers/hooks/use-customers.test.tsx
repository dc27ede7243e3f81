// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@/data/customer';
import { forgetCacheOwner, markWholeListCached } from '@/lib/cache-owner';
import type { Loadable } from '@/lib/live-state';
import { useCustomerDirectory } from './use-customers';

/** The live list as the ranges' listener hands it, and the first rows and count of the two small queries. */
interface LiveList {
  state: Loadable<Customer[]>;
  online: boolean;
}
const live: LiveList = vi.hoisted((): LiveList => ({ state: { status: 'loading', data: undefined, error: undefined }, online: true }));
vi.mock('@/lib/firebase-hooks', () => ({ useLiveWholeList: () => live.state }));
vi.mock('@/lib/use-online', () => ({ useOnline: () => live.online }));
vi.mock('../api', () => ({
  customerListSource: () => ({}),
  loadFirstCustomers: () => Promise.resolve([customer('f1', 'Alfa'), customer('r2', 'Beta')]),
  countCustomers: () => Promise.resolve(3),
}));

function customer(id: string, ragioneSociale: string): Customer {
  return { id, userId: 'shop', ragioneSociale };
}

const ready = (data: Customer[], sync: { fromCache: boolean; partial?: boolean }): Loadable<Customer[]> => ({ status: 'ready', data, error: undefined, sync: { ...sync, pendingIds: new Set() } });

describe('useCustomerDirectory', () => {
  beforeEach(() => {
    live.state = { status: 'loading', data: undefined, error: undefined };
    live.online = true;
    forgetCacheOwner();
  });
  afterEach(cleanup);

  it('on a device whose cache held the directory once, while the ranges arrive, shows the first rows with them (each once) and is not complete; then the whole list', async () => {
    markWholeListCached('customers:shop');
    const { result, rerender } = renderHook(() => useCustomerDirectory('shop'));
    await waitFor(() => expect(result.current.customers.map((c) => c.id)).toEqual(['f1', 'r2']));
    expect(result.current).toMatchObject({ status: 'ready', complete: false, total: 3 });

    act(() => {
      live.state = ready([customer('a3', 'Gamma'), { ...customer('r2', 'Beta nuova') }], { fromCache: true, partial: true });
    });
    rerender();
    expect(result.current.complete).toBe(false);
    expect(result.current.total).toBe(3);
    expect(result.current.customers.map((c) => `${c.id} ${c.ragioneSociale ?? ''}`)).toEqual(['a3 Gamma', 'r2 Beta nuova', 'f1 Alfa']);

    act(() => {
      live.state = ready([customer('a3', 'Gamma'), customer('r2', 'Beta'), customer('z9', 'Zeta')], { fromCache: false, partial: false });
    });
    rerender();
    expect(result.current).toMatchObject({ status: 'ready', complete: true, total: 3 });
    expect(result.current.customers.map((c) => c.id)).toEqual(['a3', 'r2', 'z9']);
  });

  it('offline, a list still partial is not complete (search and export wait); once every range answered from the cache it is', () => {
    live.online = false;
    live.state = ready([customer('a3', 'Gamma')], { fromCache: true, partial: true });
    const { result, rerender } = renderHook(() => useCustomerDirectory('shop'));
    expect(result.current.complete).toBe(false);
    live.state = ready([customer('a3', 'Gamma'), customer('z9', 'Zeta')], { fromCache: true, partial: false });
    rerender();
    expect(result.current.complete).toBe(true);
    expect(result.current.total).toBe(2);
  });

  it('on a device without the directory, the few customers the cache holds from other screens are not shown as the list: the first rows stay until the server answered every range, then the cache is trusted on the next visit', async () => {
    const { result, rerender, unmount } = renderHook(() => useCustomerDirectory('shop'));
    await waitFor(() => expect(result.current.customers.map((c) => c.id)).toEqual(['f1', 'r2']));
    act(() => {
      live.state = ready([customer('r2', 'Beta')], { fromCache: true, partial: false });
    });
    rerender();
    expect(result.current).toMatchObject({ status: 'ready', complete: false, total: 3 });
    expect(result.current.customers.map((c) => c.id)).toEqual(['f1', 'r2']);
    act(() => {
      live.state = ready([customer('a3', 'Gamma'), customer('r2', 'Beta')], { fromCache: true, partial: true });
    });
    rerender();
    expect(result.current.customers.map((c) => c.id)).toEqual(['f1', 'r2']);
    act(() => {
      live.state = ready([customer('a3', 'Gamma'), customer('r2', 'Beta'), customer('z9', 'Zeta')], { fromCache: false, partial: false });
    });
    rerender();
    expect(result.current).toMatchObject({ status: 'ready', complete: true, total: 3 });
    unmount();

    // The next visit: the cache's copy is the directory and paints at once.
    live.state = ready([customer('a3', 'Gamma'), customer('r2', 'Beta'), customer('z9', 'Zeta')], { fromCache: true, partial: false });
    const again = renderHook(() => useCustomerDirectory('shop'));
    expect(again.result.current.customers.map((c) => c.id)).toEqual(['a3', 'r2', 'z9']);
    expect(again.result.current).toMatchObject({ status: 'ready', complete: true, total: 3, fromCache: true });

    // Signing out deletes the cache, and with it the mark: the next account's first visit waits for the server again.
    forgetCacheOwner();
    again.unmount();
    const afterLogout = renderHook(() => useCustomerDirectory('shop'));
    expect(afterLogout.result.current.customers).toEqual([]);
  });

  it('a customer saved offline is marked pending in the first rows too, before the list is shown (a device that never held the whole directory, a browser that says it is online)', async () => {
    const { result, rerender } = renderHook(() => useCustomerDirectory('shop'));
    await waitFor(() => expect(result.current.customers.map((c) => c.id)).toEqual(['f1', 'r2']));
    expect(result.current.pendingIds.size).toBe(0);
    act(() => {
      live.state = { status: 'ready', data: [customer('f1', 'Alfa')], error: undefined, sync: { fromCache: true, partial: true, pendingIds: new Set(['f1']) } };
    });
    rerender();
    expect(result.current.customers.map((c) => c.id)).toEqual(['f1', 'r2']);
    expect([...result.current.pendingIds]).toEqual(['f1']);
  });
});
