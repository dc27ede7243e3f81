import { describe, expect, it } from 'vitest';
import { hasPack, packDeniedMessage, packMatches } from './packs';
import { decidePostLogin, homeForLevel, POST_LOGIN_ERRORS } from './post-login';
import { decideAccess, type AccessContext } from './route-access';
import { BASE_PLAN_ALERT, isBasePlan, subscriptionState, tierLabel } from './subscription';

const NOW = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

describe('packMatches', () => {
  it('matches equal or containing names, ignoring case and accents', () => {
    expect(packMatches('fatturazione', 'Fatturazione')).toBe(true);
    expect(packMatches('Pacchetto Fatturazione Plus', 'fatturazione')).toBe(true);
    expect(packMatches('Catena', 'Catena')).toBe(true);
    expect(packMatches('magazzino', 'Fatturazione')).toBe(false);
    expect(packMatches('fattura', 'Fatturazione')).toBe(false);
    expect(packMatches('qualsiasi', '')).toBe(false);
  });
  it('grants Statistiche through the analisi pack', () => {
    expect(hasPack(['magazzino', 'analisi'], 'Statistiche')).toBe(true);
    expect(hasPack(['magazzino', 'listini'], 'Statistiche')).toBe(false);
  });
  it('uses the Catena message of document 3 and a generic one otherwise', () => {
    expect(packDeniedMessage('Catena', 'no-pack')).toBe(
      'Funzionalità non disponibile... è necessario il pacchetto "Catena" nel tuo abbonamento. Contatta il supporto per maggiori informazioni.',
    );
    expect(packDeniedMessage('Fatturazione', 'no-pack')).toBe('Accesso negato: il tuo account non include il pacchetto "Fatturazione".');
    expect(packDeniedMessage('Fatturazione', 'no-subscription')).toBe('Accesso negato: il tuo account non include il pacchetto "Fatturazione".');
    // An expired shop owns the pack: it is told the subscription expired, never that the pack is missing.
    expect(packDeniedMessage('Fatturazione', 'blocked')).toBe(`Accesso negato: l'abbonamento di questo negozio è scaduto e il pacchetto "Fatturazione" è disattivato. Contatta il supporto per rinnovarlo.`);
    expect(packDeniedMessage('Catena', 'blocked')).not.toContain('non include');
    expect(packDeniedMessage('Fatturazione', 'blocked')).not.toContain('non include');
  });
});

describe('subscriptionState', () => {
  it('is active without warning far from the expiry', () => {
    expect(subscriptionState(days(30), NOW)).toMatchObject({ expired: false, warning: false, daysLeft: 30, blocked: false });
  });
  it('warns from 7 days down to 0', () => {
    expect(subscriptionState(days(8), NOW).warning).toBe(false);
    expect(subscriptionState(days(7), NOW)).toMatchObject({ warning: true, daysLeft: 7 });
    expect(subscriptionState(days(5), NOW)).toMatchObject({ warning: true, daysLeft: 5 });
    expect(subscriptionState(new Date(NOW.getTime() + 3_600_000), NOW)).toMatchObject({ warning: true, daysLeft: 0, expired: false });
    // counted in calendar days: a few seconds short of 5 × 24 h is still 5 days
    expect(subscriptionState(new Date(days(5).getTime() - 5000), NOW)).toMatchObject({ daysLeft: 5 });
  });
  it('counts the 15-day grace after expiry, then blocks', () => {
    expect(subscriptionState(days(-5), NOW)).toMatchObject({ expired: true, inGrace: true, graceDaysLeft: 10, blocked: false });
    expect(subscriptionState(new Date(NOW.getTime() - 1000), NOW)).toMatchObject({ inGrace: true, graceDaysLeft: 15 });
    expect(subscriptionState(days(-15), NOW)).toMatchObject({ expired: true, inGrace: false, blocked: true });
    expect(subscriptionState(days(-40), NOW)).toMatchObject({ blocked: true, graceDaysLeft: undefined });
  });
  it('treats a missing expiry as not expired', () => {
    expect(subscriptionState(undefined, NOW)).toMatchObject({ expired: false, blocked: false, warning: false });
  });
});

describe('tierLabel', () => {
  it('prefers tier, then slug, then name, then price, then packs', () => {
    expect(tierLabel({ tier: 'premium', price: 10 })).toBe('Premium');
    expect(tierLabel({ slug: 'plus-mensile' })).toBe('Plus');
    expect(tierLabel({ name: 'Piano Standard' })).toBe('Standard');
    expect(tierLabel({ price: 45 })).toBe('Premium');
    expect(tierLabel({ price: 34 })).toBe('Plus');
    expect(tierLabel({ price: 33.99 })).toBe('Standard');
    expect(tierLabel({ price: 24.99 })).toBe('Custom');
    expect(tierLabel({ price: 25 })).toBe('Standard');
    expect(tierLabel({ price: 0 })).toBe('Free');
    expect(tierLabel({ price: 12, packPrices: [20, 15] })).toBe('Plus');
    expect(tierLabel({ name: 'Su misura', price: 12 })).toBe('Custom');
  });
  it('recognises the Base plan and has the exact alert', () => {
    expect(isBasePlan({ name: 'Base' })).toBe(true);
    expect(isBasePlan({ name: 'Base Plus' })).toBe(false);
    expect(isBasePlan({ slug: 'base' })).toBe(true);
    expect(BASE_PLAN_ALERT).toBe(
      'Accesso non consentito: il tuo abbonamento è sul piano "Base" che non permette l\'accesso all\'area backoffice. Contatta il supporto o esegui l\'upgrade per sbloccare l\'accesso.',
    );
  });
});

describe('decidePostLogin (document 1 §4)', () => {
  const user = (level: string, shops: { shopId: string; role: string }[] = []) => ({ level, shops });
  it('routes every level as the table says', () => {
    expect(decidePostLogin({ user: user('accountant', [{ shopId: 'a', role: 'accountant' }, { shopId: 'b', role: 'accountant' }]), backofficeRoles: undefined })).toEqual({ kind: 'go', to: '/select-shop-carousel' });
    expect(decidePostLogin({ user: user('accountant', [{ shopId: 'a', role: 'accountant' }]), backofficeRoles: undefined })).toEqual({ kind: 'go', to: '/zreport', activeShop: { shopId: 'a', role: 'accountant' } });
    expect(decidePostLogin({ user: user('accountant'), backofficeRoles: undefined })).toEqual({ kind: 'error', message: 'Nessun negozio associato a questo account.' });
    expect(decidePostLogin({ user: user('shop'), backofficeRoles: true })).toEqual({ kind: 'go', to: '/select-employee' });
    expect(decidePostLogin({ user: user('shop'), backofficeRoles: false })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(decidePostLogin({ user: user('shop'), backofficeRoles: undefined })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(decidePostLogin({ user: user('tech'), backofficeRoles: undefined })).toEqual({ kind: 'go', to: '/tech-dashboard' });
    expect(decidePostLogin({ user: user('admin'), backofficeRoles: undefined })).toEqual({ kind: 'go', to: '/developer' });
    expect(decidePostLogin({ user: user('assist'), backofficeRoles: undefined })).toEqual({ kind: 'go', to: '/ticket' });
    expect(decidePostLogin({ user: user('boss'), backofficeRoles: undefined })).toEqual({ kind: 'error', message: 'Livello utente non riconosciuto.' });
    expect(decidePostLogin({ user: undefined, backofficeRoles: undefined })).toEqual({ kind: 'error', message: POST_LOGIN_ERRORS.noUser });
  });
  it('keeps the spec error for a registered shop and says it waits for its technician', () => {
    const decision = decidePostLogin({ user: user('shopRegister'), backofficeRoles: undefined });
    expect(decision).toMatchObject({ kind: 'error', message: 'Livello utente non riconosciuto.' });
    expect(decision.kind === 'error' && decision.hint).toMatch(/in attesa che il tecnico completi la registrazione/);
    expect(decidePostLogin({ user: user('boss'), backofficeRoles: undefined })).not.toHaveProperty('hint');
  });
});

describe('decideAccess (document 3 §2.1)', () => {
  const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
    signedIn: true,
    level: 'shop',
    permissions: { status: 'loaded', packNames: ['fatturazione', 'Catena'], blocked: false },
    ...over,
  });
  const shopRoute = { access: { kind: 'levels', levels: ['shop'] } } as const;
  it('lets anyone open public routes and sends the unauthenticated to /login', () => {
    expect(decideAccess({ access: { kind: 'public' } }, ctx({ signedIn: false }))).toEqual({ kind: 'allow' });
    expect(decideAccess(shopRoute, ctx({ signedIn: false }))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess({ access: { kind: 'authenticated' } }, ctx({ signedIn: false }))).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('redirects a level mismatch to the level home', () => {
    expect(decideAccess(shopRoute, ctx({ level: 'tech' }))).toEqual({ kind: 'redirect', to: '/tech-dashboard' });
    expect(decideAccess(shopRoute, ctx({ level: 'admin' }))).toEqual({ kind: 'redirect', to: '/developer' });
    expect(decideAccess({ access: { kind: 'levels', levels: ['tech'] } }, ctx())).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideAccess(shopRoute, ctx({ level: 'shopRegister' }))).toEqual({ kind: 'redirect', to: '/login' });
    expect(homeForLevel(undefined)).toBe('/login');
  });
  it('waits for permissions, then gates the pack', () => {
    const invoices = { ...shopRoute, pack: 'Fatturazione' };
    expect(decideAccess(invoices, ctx({ permissions: { status: 'loading', packNames: [], blocked: false } }))).toEqual({ kind: 'wait-permissions' });
    expect(decideAccess(invoices, ctx({ permissions: { status: 'idle', packNames: [], blocked: false } }))).toEqual({ kind: 'wait-permissions' });
    expect(decideAccess(invoices, ctx())).toEqual({ kind: 'allow' });
    expect(decideAccess({ ...shopRoute, pack: 'Statistiche' }, ctx())).toMatchObject({ kind: 'deny-pack', to: '/dashboard' });
    expect(decideAccess(invoices, ctx({ permissions: { status: 'error', packNames: ['fatturazione'], blocked: false } }))).toMatchObject({ kind: 'deny-pack' });
  });
  it('denies every pack when the subscription is blocked', () => {
    const decision = decideAccess({ ...shopRoute, pack: 'Fatturazione' }, ctx({ permissions: { status: 'loaded', packNames: ['fatturazione'], blocked: true } }));
    expect(decision).toMatchObject({ kind: 'deny-pack', to: '/dashboard' });
  });
});
