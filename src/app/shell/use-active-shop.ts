import { useMemo } from 'react';
import type { Shop } from '@/data/shop';
import { useDeferredLiveDocument } from '@/lib/firebase-deferred';
import type { Loadable } from '@/lib/live-state';
import { useSession } from '@/stores/session';

/** The active shop, live, for the top bar: its data module (and Firestore) load after the shell has painted. */
export function useActiveShop(): Loadable<Shop | undefined> {
  const shopId = useSession((s) => s.activeShopId);
  const loadRef = useMemo(() => (shopId ? () => import('@/data/shop').then(({ shopDoc }) => shopDoc(shopId)) : null), [shopId]);
  return useDeferredLiveDocument(loadRef, shopId ?? '');
}
