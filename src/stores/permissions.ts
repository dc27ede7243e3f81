import { useMemo } from 'react';
import { create } from 'zustand';
import { decideFeature, type FeatureDecision, type PaidFeature } from '@/domain/permissions/paid-features';
import type { BundleResult, SubscriptionBundle } from '@/data/subscription-bundle';
import { untilFirstScreen } from '@/lib/first-screen';
import { ChunkLoadError, withLoadTimeout } from '@/lib/lazy-part';
import { useSession } from './session';
import { isBasePlan, subscriptionState, tierLabel, type SubscriptionState, type TierLabel } from '@/domain/permissions/subscription';

/**
 * Pack permissions of the active shop (document 1 §8): Shop → ShopSubscription → Plan → Packs. Denied until
 * loaded; a load for a shop that is no longer active is ignored.
 */
type Status = 'idle' | 'loading' | 'loaded' | 'error';

export const PERMISSIONS_CHUNK_MESSAGE = 'Impossibile caricare la verifica dei permessi: ricarica la pagina.';

export interface PermissionsState {
  status: Status;
  shopId: string | undefined;
  error: string | undefined;
  packNames: string[];
  planName: string | undefined;
  planPrice: number | undefined;
  tier: TierLabel | undefined;
  basePlan: boolean;
  expiringDate: Date | undefined;
  startingDate: Date | undefined;
  subscription: SubscriptionState | undefined;
  /** The permissions' code could not be loaded (offline, a deploy replaced it): the route's error screen shows it. */
  chunkError: ChunkLoadError | undefined;
  load: (shopId: string | undefined, options?: { force?: boolean }) => Promise<void>;
  reset: () => void;
}

const EMPTY = {
  status: 'idle' as Status,
  shopId: undefined,
  error: undefined,
  packNames: [],
  planName: undefined,
  planPrice: undefined,
  tier: undefined,
  basePlan: false,
  expiringDate: undefined,
  startingDate: undefined,
  subscription: undefined,
  chunkError: undefined,
};

const loadBundleModule = withLoadTimeout(() => import('@/data/subscription-bundle'));

function fromBundle(bundle: SubscriptionBundle, now: Date): Partial<PermissionsState> {
  const planPackIds = new Set(bundle.plan?.packIds ?? []);
  const extraPackPrices = bundle.packs.filter((p) => !planPackIds.has(p.id)).map((p) => p.price);
  return {
    packNames: bundle.packs.map((p) => p.name),
    planName: bundle.plan?.name,
    planPrice: bundle.plan?.price,
    tier: tierLabel({ tier: bundle.plan?.tier, slug: bundle.plan?.slug, name: bundle.plan?.name, price: bundle.plan?.price, packPrices: extraPackPrices }),
    basePlan: bundle.plan ? isBasePlan(bundle.plan) : false,
    expiringDate: bundle.subscription.expiringDate,
    startingDate: bundle.subscription.startingDate,
    subscription: subscriptionState(bundle.subscription.expiringDate, now),
  };
}

export const usePermissions = create<PermissionsState>((set, get) => ({
  ...EMPTY,
  async load(shopId, options) {
    const current = get();
    if (!options?.force && current.shopId === shopId && (current.status === 'loaded' || current.status === 'loading')) return;
    if (!shopId) {
      set({ ...EMPTY, status: 'error', error: 'UserID non disponibile...' });
      return;
    }
    set({ ...EMPTY, status: 'loading', shopId });
    // Firestore is loaded with the first permission check, not with the login page.
    let result: BundleResult;
    try {
      const [{ loadSubscriptionBundle }] = await Promise.all([loadBundleModule(), untilFirstScreen()]);
      result = await loadSubscriptionBundle(shopId);
    } catch (error) {
      // Never 'loading' for ever: the guard waiting on it would spin without end.
      if (get().shopId !== shopId) return;
      const chunkError = error instanceof ChunkLoadError ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error));
      set({ ...EMPTY, shopId, status: 'error', error: PERMISSIONS_CHUNK_MESSAGE, chunkError });
      return;
    }
    if (get().shopId !== shopId) return; // a newer load superseded this one
    if (result.ok) set({ status: 'loaded', error: undefined, ...fromBundle(result.bundle, new Date()) });
    else set({ ...EMPTY, shopId, status: 'error', error: result.error });
  },
  reset: () => set({ ...EMPTY }),
}));

/**
 * The active shop's decision for one paid in-page action (paid-features.ts), re-evaluated when the permissions
 * change: a screen left open past the grace loses the action at the next load. Permissions loaded for another
 * shop count as not loaded.
 */
export function useFeature(feature: PaidFeature): FeatureDecision {
  const activeShopId = useSession((s) => s.activeShopId);
  const status = usePermissions((s) => (s.shopId === activeShopId ? s.status : 'idle'));
  const packNames = usePermissions((s) => s.packNames);
  const blocked = usePermissions((s) => s.subscription?.blocked ?? false);
  return useMemo(() => decideFeature({ status, packNames, blocked }, feature), [status, packNames, blocked, feature]);
}
