import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading, ScreenLoading } from '@/components/ui/spinner';
import { PERMISSION_ERRORS } from '@/domain/permissions/permission-errors';
import { decideAccess } from '@/domain/permissions/route-access';
import type { SupportRequest } from '@/domain/tickets/support-request';
import { useNotice } from '@/stores/notice';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import type { AppRoute } from './route-table';

function DenyPack({ message, to, request }: { message: string; to: string; request: SupportRequest | undefined }) {
  const navigate = useNavigate();
  const show = useNotice((s) => s.show);
  const kind = request?.kind;
  const pack = request?.kind === 'pacchetto' ? request.pack : undefined;
  useEffect(() => {
    show(message);
    void navigate(to, { replace: true });
    if (!kind) return;
    // The request's texts come with it (the sign-in screen's code stays within its budget); the message never waits.
    void import('@/domain/tickets/support-request').then(({ supportRequestLabel, supportRequestPath }) => {
      const asked: SupportRequest = kind === 'rinnovo' ? { kind } : { kind, pack: pack ?? '' };
      if (useNotice.getState().message === message) show(message, { label: supportRequestLabel(asked), to: supportRequestPath(asked) });
    });
  }, [message, to, navigate, show, kind, pack]);
  return null;
}

/** Permissions that could not be read (network, server): the reason and a retry, never 'pack missing'. */
function PermissionsUnreadable({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card" role="alert">
        <p>{message}</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Riprova
        </button>
      </div>
    </section>
  );
}

const RETRYABLE: readonly string[] = [PERMISSION_ERRORS.readFailed, PERMISSION_ERRORS.packs];

/** Applies document 3 §2.1 to one route: authentication, level, then the route's pack. */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const waiting = (label?: string) => (route.layout === 'shell' ? <ScreenLoading title={route.title} label={label} /> : <PageLoading label={label} />);
  const location = useLocation();
  const { authStatus, profileStatus, profile, activeShopId, uid } = useSession();
  const permissions = usePermissions();
  const loadPermissions = permissions.load;
  const needsPermissions = route.pack !== undefined && activeShopId !== undefined;

  useEffect(() => {
    if (needsPermissions && permissions.status === 'idle') void loadPermissions(activeShopId);
  }, [needsPermissions, permissions.status, activeShopId, loadPermissions]);

  if (route.access.kind === 'public') return <>{children}</>;
  if (authStatus === 'unknown') return waiting();
  if (authStatus === 'signedIn' && (profileStatus === 'idle' || profileStatus === 'loading')) return waiting();

  const level = profile?.level ?? undefined;
  if (authStatus === 'signedIn' && level === 'accountant' && route.layout === 'shell' && !activeShopId) {
    return <Navigate to="/select-shop-carousel" replace />;
  }
  const permissionsForShop = permissions.shopId === activeShopId ? permissions.status : 'idle';
  const decision = decideAccess(route, {
    signedIn: authStatus === 'signedIn',
    level,
    permissions: {
      status: route.pack && !activeShopId ? 'error' : permissionsForShop,
      packNames: permissions.packNames,
      blocked: permissions.subscription?.blocked ?? false,
    },
  });
  switch (decision.kind) {
    case 'allow':
      return <>{children}</>;
    case 'wait-permissions':
      return waiting('Verifica dei permessi…');
    case 'redirect':
      return <Navigate to={decision.to} replace state={{ from: location.pathname }} />;
    case 'deny-pack':
      if (permissionsForShop === 'error') {
        // The permissions' own code did not arrive: the route's error screen (app/route-error.tsx) with its reload.
        if (permissions.chunkError) throw permissions.chunkError;
        if (permissions.error && RETRYABLE.includes(permissions.error)) {
          return <PermissionsUnreadable title={route.title} message={permissions.error} onRetry={() => void loadPermissions(activeShopId, { force: true })} />;
        }
      }
      // The shop's owner is offered the request that answers the refusal (renewal, or the pack); others only read it.
      return (
        <DenyPack
          message={decision.message}
          to={decision.to}
          request={level === 'shop' && activeShopId === uid && route.pack ? (permissions.subscription?.blocked ? { kind: 'rinnovo' } : { kind: 'pacchetto', pack: route.pack }) : undefined}
        />
      );
  }
}
