// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@/data/customer';
import type { Loadable } from '@/lib/live-state';
import { useCustomerDirectory } from './use-customers';

/** The live list as the ranges' listener hands it, and the first rows and count of the two small queries. */
interface LiveList {
  state: Loadable<Customer[]>;
  online: boolean;
}
const live: LiveList = vi.hoisted((): LiveList => ({ state: { status: 'loading', data: undefined, error: undefined }, online: true }));
vi.mock('@/lib/firebase-hooks', () => ({ useLiveQueryInRanges: () => live.state }));
vi.mock('@/lib/use-online', () => ({ useOnline: () => live.online }));
vi.mock('../api', () => ({
  customersRangeQueries: () => [],
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
  });
  afterEach(cleanup);

  it('while the ranges arrive, shows the first rows with them (each once) and is not complete; then the whole list', async () => {
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
});
