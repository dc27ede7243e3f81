import { useMemo } from 'react';
import type { Invoice } from '@/data/invoice';
import type { Sale } from '@/data/sale';
import { useLiveQuery, type Loadable } from '@/lib/firebase-hooks';
import { deletedQuery, draftsQuery, incomingQuery, outgoingQuery } from '../api';

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

