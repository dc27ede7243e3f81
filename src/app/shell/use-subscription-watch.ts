import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { BASE_PLAN_ALERT } from '@/domain/permissions/subscription';
import { logOut } from '@/lib/firebase-auth';
import { useNotice } from '@/stores/notice';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';

/**
 * Loads the active shop's permissions and refuses the Base plan (document 1 §4): alert, logout, /login.
 */
export function useSubscriptionWatch(): void {
  const navigate = useNavigate();
  const activeShopId = useSession((s) => s.activeShopId);
  const { load, basePlan, status, shopId } = usePermissions();
  useEffect(() => {
    if (activeShopId) void load(activeShopId);
  }, [activeShopId, load]);
  useEffect(() => {
    if (status !== 'loaded' || !basePlan || !activeShopId || shopId !== activeShopId) return;
    // The technician is read before the logout closes the shop's records; the notice shows once, with its way out.
    const wayOutModule = import('@/domain/permissions/base-plan');
    void import('@/data/employee')
      .then((m) => m.readTechnicianContact(activeShopId))
      .catch(() => undefined)
      .then(async (tech) => {
        const wayOut = (await wayOutModule).basePlanWayOut(tech);
        useNotice.getState().show(BASE_PLAN_ALERT, wayOut.action, wayOut.detail);
        return logOut();
      })
      .then(() => {
        useSession.getState().signedOut();
        usePermissions.getState().reset();
        return navigate('/login', { replace: true });
      });
  }, [status, basePlan, shopId, activeShopId, navigate]);
}
