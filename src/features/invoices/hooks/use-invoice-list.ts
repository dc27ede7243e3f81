import { useMemo } from 'react';
import type { Invoice } from '@/data/invoice';
import type { Customer } from '@/data/customer';
import type { Sale } from '@/data/sale';
import { useLiveQuery, type Loadable } from '@/lib/firebase-hooks';
import { deletedQuery, draftsQuery, incomingQuery, outgoingQuery, shopCustomersQuery } from '../api';

/** Only the list on screen is subscribed (document 2 §7: live invoices, drafts, deleted drafts). */
export function useInvoices(shopId: string | undefined, type: 'incoming' | 'outgoing' | null): Loadable<Invoice[]> {
  const q = useMemo(() => (shopId && type ? (type === 'incoming' ? incomingQuery(shopId) : outgoingQuery(shopId)) : null), [shopId, type]);
  return useLiveQuery(q, `invoices:${shopId ?? ''}:${type ?? ''}`);
}

export function useDraftSales(shopId: string | undefined, type: 'drafts' | 'deleted' | null): Loadable<Sale[]> {
  const q = useMemo(() => (shopId && type ? (type === 'drafts' ? draftsQuery(shopId) : deletedQuery(shopId)) : null), [shopId, type]);
  const result = useLiveQuery(q, `sales:${shopId ?? ''}:${type ?? ''}`);
  return useMemo(() => {
    if (result.status !== 'ready') return result;
    // Drafts exclude the trash; the trash excludes what was deleted for good (document 2 §4.3).
    const data = result.data.filter((s) => (type === 'drafts' ? !s.deleted : !s.permanentlyDeleted));
    return { ...result, data };
  }, [result, type]);
}


/**
 * The shop's customers by id, live, while a list of drafts is on screen: drafts name their buyer by id (often with
 * no name stored), and the groups, rows and logs name the customer as the directory has it. Empty until read; a
 * failed read leaves it empty (the drafts then show the names they store, and nothing is merged by a wrong name).
 */
export function useCustomerDirectory(shopId: string | undefined, active: boolean): ReadonlyMap<string, Customer> {
  const q = useMemo(() => (shopId && active ? shopCustomersQuery(shopId) : null), [shopId, active]);
  const result = useLiveQuery<Customer>(q, `customers:${shopId ?? ''}:${active ? 'on' : 'off'}`);
  return useMemo(() => new Map(result.status === 'ready' ? result.data.map((c) => [c.id, c]) : []), [result]);
}
