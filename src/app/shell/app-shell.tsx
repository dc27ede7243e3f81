import { useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { MenuIcon, UserIcon } from '@/components/ui/icons';
import { decideAccess } from '@/domain/permissions/route-access';
import { QrButton } from '@/features/qr/qr-button';
import { useLogout } from '@/features/auth/use-logout';
import { usePermissions } from '@/stores/permissions';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSession } from '@/stores/session';
import { NAV_ROUTES } from '../route-table';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { SubscriptionBanner } from './subscription-banner';
import { ConnectionBanner } from './connection-banner';
import { ChatAssistant } from './chat-assistant';
import { appEnv } from '@/config/env';
import { useActiveShop } from './use-active-shop';
import { useSubscriptionWatch } from './use-subscription-watch';

const DOCKED_QUERY = '(min-width: 1200px)';

/**
 * Sidebar links the user may open: level first, then the pack. None until the profile and the active shop's
 * permissions are known: a menu that grows while the screen loads pushes the entries already drawn down (a layout
 * shift on wide screens); drawn once, it stays put.
 */
function useVisibleLinks() {
  const { profile, profileStatus, activeShopId } = useSession();
  const { status, packNames, subscription, shopId } = usePermissions();
  const profileKnown = profileStatus !== 'idle' && profileStatus !== 'loading';
  const permissionsKnown = activeShopId === undefined || (shopId === activeShopId && (status === 'loaded' || status === 'error'));
  if (!profileKnown || !permissionsKnown) return [];
  return NAV_ROUTES.filter((route) => {
    const decision = decideAccess(route, {
      signedIn: true,
      level: profile?.level ?? undefined,
      permissions: { status, packNames, blocked: subscription?.blocked ?? false },
    });
    return decision.kind === 'allow';
  });
}

export function AppShell() {
  useSubscriptionWatch();
  const location = useLocation();
  // Wide screens: the sidebar is docked and the toggle collapses it. Laptops and tablets: a drawer that is
  // open only for the page it was opened on, so any navigation closes it (document 1 §2).
  const docked = useMediaQuery(DOCKED_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = docked ? !collapsed : openOn === location.pathname;
  const setOpen = (next: boolean | ((value: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(open) : next;
    if (docked) setCollapsed(!value);
    else setOpenOn(value ? location.pathname : null);
  };
  const sidebarId = useId();
  const links = useVisibleLinks();
  const shop = useActiveShop();
  const employee = useSession((s) => s.activeEmployee);
  const level = useSession((s) => s.profile?.level);
  const uid = useSession((s) => s.uid);
  const activeShopId = useSession((s) => s.activeShopId);
  // The owner and the accountant are told what is due at the SDI for the shop in use.
  const dueShopId = level === 'shop' || level === 'accountant' ? activeShopId : undefined;
  const logout = useLogout();

  return (
    <div className={`shell${open ? ' shell--sidebar-open' : ''}${docked ? ' shell--docked' : ''}`}>
      <a className="skip-link" href="#main">
        Vai al contenuto
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar__toggle"
          aria-label={open ? 'Chiudi menu' : 'Apri menu'}
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
        </button>
        <span className="topbar__logo">
          <img src="/favicon.svg" alt="" width="28" height="28" /> <strong>Back Office</strong>
        </span>
        <span className="topbar__shop" data-testid="active-shop-name">
          {shop.status === 'ready' && shop.data ? shop.data.name : ''}
        </span>
        <span className="topbar__spacer" />
        {level === 'accountant' ? (
          <>
            <Link className="button button--ghost" to="/accountant">
              Scrivania
            </Link>
            <Link className="button button--ghost" to="/select-shop-carousel">
              Cambia negozio
            </Link>
          </>
        ) : null}
        {employee ? (
          <Link className="topbar__employee" data-testid="active-employee" to="/select-employee" title={`${employee.employeeRole} · Cambia dipendente`}>
            <UserIcon /> {employee.employeeName}
            <span className="muted"> · {employee.employeeRole}</span>
          </Link>
        ) : null}
        {uid ? <NotificationBell uid={uid} {...(dueShopId ? { dueShopId } : {})} /> : null}
        <QrButton />
        <button type="button" className="button button--ghost" onClick={() => void logout()}>
          Esci
        </button>
      </header>
      <nav id={sidebarId} className="sidebar" aria-label="Menu principale">
        <ul>
          {links.map((route) => (
            <li key={route.path}>
              <NavLink to={route.path} className={({ isActive }) => (isActive ? 'sidebar__link sidebar__link--active' : 'sidebar__link')}>
                {route.nav}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {open && !docked ? <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      <main id="main" className="shell__main" tabIndex={-1}>
        <ConnectionBanner />
        <SubscriptionBanner />
        <Outlet />
        <ChatAssistant url={appEnv().chatAssistantScriptUrl} />
      </main>
    </div>
  );
}
