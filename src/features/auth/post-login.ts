import { decidePostLogin } from '@/domain/permissions/post-login';
import { readTechnicianContact } from '@/data/employee';
import { basePlanWayOut, type BasePlanWayOut } from '@/domain/permissions/base-plan';
import { BASE_PLAN_ALERT } from '@/domain/permissions/subscription';
import { ensureCacheOwner } from '@/lib/local-cache';
import { logActivity } from '@/stores/activity-log';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { loadUserProfile, logOut, readBackofficeRoles } from './api';
import { toSessionProfile } from './use-auth-bridge';

export type PostLoginOutcome = { kind: 'go'; to: string } | { kind: 'error'; message: string; hint?: string } | ({ kind: 'refused'; message: string } & Partial<BasePlanWayOut>);

/**
 * Everything between a successful sign-in and the first screen: profile, routing table of document 1 §4,
 * active shop, permission loading and the Base-plan refusal.
 */
export async function afterSignIn(uid: string, email: string | undefined): Promise<PostLoginOutcome> {
  const session = useSession.getState();
  session.signedIn(uid, email);
  session.profileLoading();
  // A cache left by another account (a logout that could not clear it) is deleted before this one reads.
  await ensureCacheOwner(uid);
  const user = await loadUserProfile(uid);
  const profile = toSessionProfile(user);
  useSession.getState().profileLoaded(profile);

  const backofficeRoles = profile?.level === 'shop' ? await readBackofficeRoles(uid) : undefined;
  const decision = decidePostLogin({ user: profile ? { level: profile.level ?? profile.levelRaw, shops: profile.shops } : undefined, backofficeRoles });
  if (decision.kind === 'error') {
    await logOut();
    useSession.getState().signedOut();
    return decision;
  }
  if (decision.activeShop) useSession.getState().setActiveShop(decision.activeShop.shopId, decision.activeShop.role);

  const shopId = useSession.getState().activeShopId;
  if (shopId) {
    await usePermissions.getState().load(shopId, { force: true });
    if (usePermissions.getState().basePlan) {
      // Read while still signed in: after the logout the shop's records are closed to this user.
      const tech = await readTechnicianContact(shopId).catch(() => undefined);
      const wayOut = basePlanWayOut(tech);
      await logOut();
      useSession.getState().signedOut();
      usePermissions.getState().reset();
      return { kind: 'refused', message: BASE_PLAN_ALERT, ...wayOut };
    }
  }
  logActivity({ action: 'login_success', module: 'auth', details: { level: profile?.levelRaw } });
  return { kind: 'go', to: decision.to };
}
