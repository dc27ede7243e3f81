import { isUserLevel, type UserLevel } from './levels';

/** Post-login routing, exactly the table of document 1 §4. */
export type PostLoginDecision =
  | { kind: 'go'; to: string; activeShop?: { shopId: string; role: string } }
  | { kind: 'error'; message: string; hint?: string };

export const POST_LOGIN_ERRORS = {
  noUser: 'Dati utente non trovati.',
  noShop: 'Nessun negozio associato a questo account.',
  unknownLevel: 'Livello utente non riconosciuto.',
} as const;

/** Said below the spec's error: a registered shop account has nothing to open until its technician finishes. */
export const AWAITING_TECHNICIAN_HINT =
  'Il tuo negozio è in attesa che il tecnico completi la registrazione. Riceverai l\'accesso appena il tecnico avrà attivato il negozio; per sollecitarlo contatta il tecnico che ti ha fornito il Registratore.';

export interface PostLoginInput {
  user: { level: string; shops: readonly { shopId: string; role: string }[] } | undefined;
  /** For level shop: the shop's backofficeRoles setting; undefined when the shop is missing or the query failed. */
  backofficeRoles: boolean | undefined;
}

export function decidePostLogin({ user, backofficeRoles }: PostLoginInput): PostLoginDecision {
  if (!user) return { kind: 'error', message: POST_LOGIN_ERRORS.noUser };
  const level: string = user.level;
  if (!isUserLevel(level)) return { kind: 'error', message: POST_LOGIN_ERRORS.unknownLevel };
  switch (level satisfies UserLevel) {
    case 'accountant': {
      const [first, second] = user.shops;
      if (!first) return { kind: 'error', message: POST_LOGIN_ERRORS.noShop };
      if (second) return { kind: 'go', to: '/select-shop-carousel' };
      return { kind: 'go', to: '/zreport', activeShop: first };
    }
    case 'shop':
      return { kind: 'go', to: backofficeRoles === true ? '/select-employee' : '/dashboard' };
    case 'tech':
      return { kind: 'go', to: '/tech-dashboard' };
    case 'admin':
      return { kind: 'go', to: '/developer' };
    case 'assist':
      return { kind: 'go', to: '/ticket' };
    case 'shopRegister':
      return { kind: 'error', message: POST_LOGIN_ERRORS.unknownLevel, hint: AWAITING_TECHNICIAN_HINT };
  }
}

/** Where a signed-in user of this level belongs when a route does not admit them (document 3 §2.1). */
export function homeForLevel(level: string | undefined): string {
  switch (level) {
    case 'shop':
      return '/dashboard';
    case 'tech':
      return '/tech-dashboard';
    case 'admin':
      return '/developer';
    // Beyond the spec's list: accountants and support go to their own home rather than to /login.
    case 'accountant':
      return '/zreport';
    case 'assist':
      return '/ticket';
    default:
      return '/login';
  }
}
