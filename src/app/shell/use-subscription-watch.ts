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
    if (status !== 'loaded' || !basePlan || shopId !== activeShopId) return;
    useNotice.getState().show(BASE_PLAN_ALERT);
    void logOut().then(() => {
      useSession.getState().signedOut();
      usePermissions.getState().reset();
      return navigate('/login', { replace: true });
    });
  }, [status, basePlan, shopId, activeShopId, navigate]);
}
