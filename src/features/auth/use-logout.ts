import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { logOut, UNSENT_CHANGES_CONFIRM } from '@/lib/firebase-auth';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!(await logOut({ confirmUnsent: () => window.confirm(UNSENT_CHANGES_CONFIRM) }))) return;
    useSession.getState().signedOut();
    usePermissions.getState().reset();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
