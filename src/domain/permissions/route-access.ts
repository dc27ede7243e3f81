import { decidePack } from './pack-access';
import { packDeniedMessage } from './packs';
import { homeForLevel } from './post-login';

/** Who may open a route (document 3 §2.1): public, any signed-in user, or a list of levels. */
export type RouteAccess = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'levels'; levels: readonly string[] };

export interface RouteRule {
  access: RouteAccess;
  /** Pack required, matched by equal-or-contains. */
  pack?: string;
}

export interface AccessContext {
  signedIn: boolean;
  level: string | undefined;
  permissions: { status: 'idle' | 'loading' | 'loaded' | 'error'; packNames: readonly string[]; blocked: boolean };
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'wait-permissions' }
  | { kind: 'deny-pack'; to: '/dashboard'; message: string };

/** The one guard of document 3 §2.1, as a pure decision. Permissions are denied until loaded. */
export function decideAccess(rule: RouteRule, ctx: AccessContext): AccessDecision {
  if (rule.access.kind === 'public') return { kind: 'allow' };
  if (!ctx.signedIn) return { kind: 'redirect', to: '/login' };
  if (rule.access.kind === 'levels' && (ctx.level === undefined || !rule.access.levels.includes(ctx.level))) {
    return { kind: 'redirect', to: homeForLevel(ctx.level) };
  }
  if (!rule.pack) return { kind: 'allow' };
  if (ctx.permissions.status === 'idle' || ctx.permissions.status === 'loading') return { kind: 'wait-permissions' };
  // The decision the server applies too (pack-access.ts); permissions that failed to load grant nothing.
  const grant = ctx.permissions.status === 'loaded' ? { packNames: ctx.permissions.packNames, blocked: ctx.permissions.blocked } : undefined;
  const access = decidePack(grant, rule.pack);
  if (access.allowed) return { kind: 'allow' };
  return { kind: 'deny-pack', to: '/dashboard', message: packDeniedMessage(rule.pack, access.reason) };
}
