import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { useLogout } from '@/features/auth/use-logout';
import { useSession } from '@/stores/session';
import { ROUTES } from '../route-table';
import { ConnectionBanner } from './connection-banner';

/** Full-page screens outside the shop shell (selection screens, technician, admin, support). */
export function PlainLayout() {
  const logout = useLogout();
  const email = useSession((s) => s.email);
  const level = useSession((s) => s.profile?.level ?? undefined);
  const { pathname } = useLocation();
  // One way out: a screen with its own logout for this level (/ticket's 'Logout' for assist) replaces 'Esci'.
  const route = ROUTES.find((r) => r.layout === 'plain' && matchPath(r.path, pathname));
  const ownLogout = level !== undefined && (route?.ownLogoutFor?.includes(level) ?? false);
  return (
    <div className="plain">
      <header className="topbar">
        <span className="topbar__logo">
          <img src="/favicon.svg" alt="" width="28" height="28" /> <strong>Back Office</strong>
        </span>
        <span className="topbar__spacer" />
        {email ? <span className="muted">{email}</span> : null}
        {ownLogout ? null : (
          <button type="button" className="button button--ghost" onClick={() => void logout()}>
            Esci
          </button>
        )}
      </header>
      <main id="main" className="plain__main">
        <ConnectionBanner />
        <Outlet />
      </main>
    </div>
  );
}
