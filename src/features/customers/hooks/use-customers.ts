import { useMemo } from 'react';
import type { Customer } from '@/data/customer';
import { useLiveQuery, type Loadable } from '@/lib/firebase-hooks';
import { customersQuery } from '../api';

/** The shop's customers, live (document 2 §7); null shop = nothing to read. */
export function useCustomers(shopId: string | undefined): Loadable<Customer[]> {
  const q = useMemo(() => (shopId ? customersQuery(shopId) : null), [shopId]);
  return useLiveQuery(q, `customers:${shopId ?? ''}`);
}
