import { useEffect } from 'react';
import type { User } from '@/data/user';
import { usePermissions } from '@/stores/permissions';
import { useSession, type SessionProfile } from '@/stores/session';
import { listenToAuth } from '@/lib/firebase-auth';
import { clearUserCache, ensureCacheOwner } from '@/lib/local-cache';
import { untilFirstScreen } from '@/lib/first-screen';

export function toSessionProfile(user: User | undefined): SessionProfile | undefined {
  if (!user) return undefined;
  return { level: user.level, levelRaw: user.levelRaw, shops: user.shops, displayName: user.displayName ?? user.name };
}

/** Keeps the session store in step with Firebase Auth and loads the User profile of whoever signs in. */
export function useAuthBridge(): void {
  useEffect(
    () =>
      listenToAuth((user) => {
        const session = useSession.getState();
        if (!user) {
          session.signedOut();
          usePermissions.getState().reset();
          // Signed out here or in another tab (Auth is shared by the tabs), or the session was revoked.
          void clearUserCache();
          return;
        }
        if (session.uid === user.uid && session.profileStatus === 'loaded') return;
        session.signedIn(user.uid, user.email ?? undefined);
        // With the profile cached by the last visit the screen opens now; the live read below replaces it.
        if (useSession.getState().profileStatus !== 'loaded') useSession.getState().profileLoading();
        // The profile is a Firestore read: its module is loaded here, not with the first page.
        ensureCacheOwner(user.uid)
          .then(() => Promise.all([import('./api'), untilFirstScreen()]))
          .then(([api]) => api)
          .then(({ loadUserProfile }) => loadUserProfile(user.uid))
          .then((profile) => useSession.getState().profileLoaded(toSessionProfile(profile)))
          .catch(() => useSession.getState().profileFailed());
      }),
    [],
  );
}
