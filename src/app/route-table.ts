import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPart, withLoadTimeout } from '@/lib/lazy-part';
import type { RouteRule } from '@/domain/permissions/route-access';

/**
 * Every route of the product as data (document 3 §2.1 + document 1 §2): path, who may open it, the pack it
 * needs, the layout, the sidebar entry. Each screen is its own lazy chunk.
 */
export type Layout = 'shell' | 'plain' | 'public';

/** A screen's lazy component, with the fetch of its chunk, so that the chunk can start before it renders. */
export type Screen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

// Each load fails with a chunk-load error after 120 s (document 3 §7, lib/lazy-part.ts).
const screen = (load: () => Promise<{ default: ComponentType }>): Screen => Object.assign(lazyPart(load), { preload: withLoadTimeout(load) });

export interface AppRoute extends RouteRule {
  path: string;
  title: string;
  layout: Layout;
  component: Screen;
  /** Sidebar label (document 1 §2), in sidebar order. */
  nav?: string;
  /** Levels for which the screen has its own logout button, so the plain layout shows no second one. */
  ownLogoutFor?: readonly string[];
}

const SHOP = { kind: 'levels', levels: ['shop'] } as const;
const SHOP_OR_ACCOUNTANT = { kind: 'levels', levels: ['shop', 'accountant'] } as const;
const ANY = { kind: 'authenticated' } as const;
const PUBLIC = { kind: 'public' } as const;

export const ROUTES: AppRoute[] = [
  { path: '/login', title: 'Accedi', layout: 'public', access: PUBLIC, component: screen(() => import('@/features/auth/login-page')) },
  { path: '/register', title: 'Registrati', layout: 'public', access: PUBLIC, component: screen(() => import('@/features/auth/register-page')) },
  { path: '/reset-password', title: 'Recupera password', layout: 'public', access: PUBLIC, component: screen(() => import('@/features/auth/reset-password-page')) },
  { path: '/privacy-policy', title: 'Informativa privacy', layout: 'public', access: PUBLIC, component: screen(() => import('@/features/cookie-consent/privacy-policy-page')) },
  { path: '/cookie-policy', title: 'Cookie policy', layout: 'public', access: PUBLIC, component: screen(() => import('@/features/cookie-consent/cookie-policy-page')) },

  { path: '/dashboard', title: 'Dashboard', nav: 'Dashboard', layout: 'shell', access: SHOP, component: screen(() => import('@/features/dashboard/dashboard-page')) },
  { path: '/chain-dashboard', title: 'Dashboard Catena', nav: 'Catena', layout: 'shell', access: SHOP, pack: 'Catena', component: screen(() => import('@/features/chain/chain-dashboard-page')) },
  { path: '/sales', title: 'Gestione Vendite', nav: 'Vendite', layout: 'shell', access: SHOP_OR_ACCOUNTANT, component: screen(() => import('@/features/sales/sales-page')) },
  { path: '/invoices', title: 'Gestione Fatture', nav: 'Fatture', layout: 'shell', access: SHOP, pack: 'Fatturazione', component: screen(() => import('@/features/invoices/invoices-page')) },
  { path: '/zreport', title: 'Chiusura cassa', nav: 'Chiusura cassa', layout: 'shell', access: SHOP_OR_ACCOUNTANT, component: screen(() => import('@/features/zreport/zreport-page')) },
  { path: '/month-package', title: 'Pacchetto del mese', nav: 'Pacchetto del mese', layout: 'shell', access: SHOP_OR_ACCOUNTANT, component: screen(() => import('@/features/month-package/month-package-page')) },
  { path: '/warehouse', title: 'Magazzino', nav: 'Magazzino', layout: 'shell', access: SHOP, pack: 'magazzino', component: screen(() => import('@/features/warehouse/warehouse-page')) },
  { path: '/ddt', title: 'DDT', nav: 'DDT', layout: 'shell', access: SHOP, component: screen(() => import('@/features/ddt/ddt-page')) },
  { path: '/customers', title: 'Gestione Clienti', nav: 'Clienti', layout: 'shell', access: SHOP, component: screen(() => import('@/features/customers/customers-page')) },
  { path: '/my-tickets', title: 'I miei ticket', nav: 'I miei ticket', layout: 'shell', access: SHOP, component: screen(() => import('@/features/tickets/my-tickets-page')) },
  { path: '/statistics', title: 'Statistiche Vendite', nav: 'Statistiche', layout: 'shell', access: SHOP, pack: 'Statistiche', component: screen(() => import('@/features/statistics/statistics-page')) },
  { path: '/users', title: 'Utenti', nav: 'Utenti', layout: 'shell', access: SHOP_OR_ACCOUNTANT, component: screen(() => import('@/features/users/users-page')) },
  { path: '/settings', title: 'Impostazioni', nav: 'Impostazioni', layout: 'shell', access: ANY, component: screen(() => import('@/features/settings/settings-page')) },
  { path: '/register-accountant', title: 'Registra commercialista', layout: 'shell', access: SHOP, component: screen(() => import('@/features/users/register-accountant-page')) },

  { path: '/accountant', title: 'Scrivania del commercialista', layout: 'plain', access: { kind: 'levels', levels: ['accountant'] }, component: screen(() => import('@/features/select-shop/accountant-desk-page')) },
  { path: '/select-shop', title: 'Seleziona negozio', layout: 'plain', access: { kind: 'levels', levels: ['accountant'] }, component: screen(() => import('@/features/select-shop/select-shop-page')) },
  { path: '/select-shop-carousel', title: 'Seleziona negozio', layout: 'plain', access: { kind: 'levels', levels: ['accountant'] }, component: screen(() => import('@/features/select-shop/select-shop-carousel-page')) },
  { path: '/select-employee', title: 'Seleziona dipendente', layout: 'plain', access: ANY, component: screen(() => import('@/features/select-employee/select-employee-page')) },

  { path: '/tech-dashboard', title: 'Dashboard tecnico', layout: 'plain', access: { kind: 'levels', levels: ['tech'] }, component: screen(() => import('@/features/tech/tech-dashboard-page')) },
  { path: '/tech-account', title: 'Account tecnico', layout: 'plain', access: { kind: 'levels', levels: ['tech'] }, component: screen(() => import('@/features/tech/tech-account-page')) },
  { path: '/register-shop', title: 'Registra negozio', layout: 'plain', access: { kind: 'levels', levels: ['tech'] }, component: screen(() => import('@/features/tech/register-shop-page')) },
  { path: '/shop-details/:id', title: 'Dettaglio negozio', layout: 'plain', access: { kind: 'levels', levels: ['tech'] }, component: screen(() => import('@/features/tech/shop-details-page')) },
  { path: '/developer', title: 'Developer', layout: 'plain', access: { kind: 'levels', levels: ['admin'] }, component: screen(() => import('@/features/developer/developer-page')) },
  { path: '/ticket', title: 'Ticket di Assistenza', layout: 'plain', access: { kind: 'levels', levels: ['assist', 'tech', 'admin'] }, ownLogoutFor: ['assist'], component: screen(() => import('@/features/tickets/ticket-page')) },
];

export const NAV_ROUTES = ROUTES.filter((route): route is AppRoute & { nav: string } => route.nav !== undefined);
