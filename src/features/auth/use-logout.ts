import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { logOut } from '@/lib/firebase-auth';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logOut();
    useSession.getState().signedOut();
    usePermissions.getState().reset();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
