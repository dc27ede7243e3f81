import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/stores/session';

/**
 * Makes the chosen shop active with the accountant's role there, then opens the z-report (document 3 §4) or, from
 * the desk, the screen the row leads to.
 */
export function useChooseShop(): (shopId: string, role: string, to?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (shopId: string, role: string, to = '/zreport') => {
      useSession.getState().setActiveShop(shopId, role);
      void navigate(to);
    },
    [navigate],
  );
}
