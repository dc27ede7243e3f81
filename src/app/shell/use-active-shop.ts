import { useMemo } from 'react';
import { shopDoc, type Shop } from '@/data/shop';
import { useLiveDocument, type Loadable } from '@/lib/firebase-hooks';
import { useSession } from '@/stores/session';

export function useActiveShop(): Loadable<Shop | undefined> {
  const shopId = useSession((s) => s.activeShopId);
  const ref = useMemo(() => (shopId ? shopDoc(shopId) : null), [shopId]);
  return useLiveDocument(ref, shopId ?? '');
}
