/**
 * The chain dashboard (document 1 §6, document 3 §2.8, §4, §6, §8, §9): access messages, the section delay, what a
 * member shares, and the figures' arithmetic. Pure.
 */
import { roundHalfUp } from '@/domain/money';
import { REVENUE_FAMILIES } from '@/domain/sales/payment-family';
import type { RevenueFigures } from '@/domain/sales/revenue-aggregates';

export const CHAIN_ACCESS_MESSAGES = {
  notAuthenticated: 'Utente non autenticato',
  shopNotFound: 'Negozio non trovato',
  notMaster: 'Solo i capogruppo possono accedere a questa dashboard',
} as const;

/** §9: a section opens after this pause. */
export const CHAIN_SECTION_DELAY_MS = 300;
export const CHAIN_BATCH_SIZE = 10;
export const RECENT_SALES_PER_SHOP = 20;
export const RECENT_SALES_PAGE_SIZE = 10;

export const CHAIN_SECTIONS = [
  { id: 'stats', title: 'Statistiche vendite', hint: 'Totali per negozio e per metodo di pagamento' },
  { id: 'low-stock', title: 'Scorte basse', hint: 'Prodotti sotto la scorta minima nei negozi' },
  { id: 'warehouse', title: 'Magazzino globale', hint: 'Giacenza di un prodotto in ogni negozio' },
  { id: 'recent', title: 'Vendite recenti', hint: 'Le ultime vendite della catena' },
  { id: 'compare', title: 'Confronto negozi', hint: 'Tabella e grafico dei negozi' },
  { id: 'members', title: 'Gestione membri', hint: 'Negozi del gruppo' },
] as const;
export type ChainSectionId = (typeof CHAIN_SECTIONS)[number]['id'];

export interface ChainSettingsLike {
  chainSettings?: { allowMemberDataAccess: boolean; shareInventory: boolean };
}

/** A member's detailed data is shown when it shares it: its own setting, else the master's (default true, §9). */
export function sharesData(member: ChainSettingsLike, master: ChainSettingsLike): boolean {
  return member.chainSettings?.allowMemberDataAccess ?? master.chainSettings?.allowMemberDataAccess ?? true;
}

/** The global warehouse shows a member's stock when it shares its data and its inventory (default false, §9). */
export function sharesInventory(member: ChainSettingsLike, master: ChainSettingsLike): boolean {
  return sharesData(member, master) && (member.chainSettings?.shareInventory ?? master.chainSettings?.shareInventory ?? false);
}

export function chunk<T>(items: readonly T[], size = CHAIN_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const PAYMENT_METHODS = REVENUE_FAMILIES;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_LABELS: Record<PaymentMethod, string> = { contanti: 'Contanti', bancomat: 'Bancomat', fatture: 'Fatture' };

export interface MethodFigure {
  total: number;
  count: number;
}

export interface ShopSalesFigures {
  shopId: string;
  byMethod: Record<PaymentMethod, MethodFigure>;
  total: number;
  count: number;
}

/** One shop's figures from its revenue (data/sale-revenue.ts: the one payment-family rule, in cents). */
export function shopFigures(shopId: string, revenue: RevenueFigures): ShopSalesFigures {
  const byMethod = {} as Record<PaymentMethod, MethodFigure>;
  for (const m of PAYMENT_METHODS) byMethod[m] = { total: revenue.byFamily[m].cents / 100, count: revenue.byFamily[m].count };
  return { shopId, byMethod, total: revenue.totalCents / 100, count: revenue.count };
}

/** The chain's totals per method and overall. */
export function chainTotals(shops: readonly ShopSalesFigures[]): { byMethod: Record<PaymentMethod, MethodFigure>; total: number; count: number } {
  const byMethod = {} as Record<PaymentMethod, MethodFigure>;
  for (const m of PAYMENT_METHODS) {
    byMethod[m] = { total: roundHalfUp(shops.reduce((s, f) => s + f.byMethod[m].total, 0)), count: shops.reduce((s, f) => s + f.byMethod[m].count, 0) };
  }
  return { byMethod, total: roundHalfUp(shops.reduce((s, f) => s + f.total, 0)), count: shops.reduce((s, f) => s + f.count, 0) };
}

/** Tracked products at or under their minimum (the warehouse's rule). */
export function isLowStock(stock: { qty: number; minQty: number; track: boolean }): boolean {
  return stock.track && stock.qty <= stock.minQty;
}

/** Share of the best shop, for the comparison bars (0..100). */
export function barPercent(value: number, max: number): number {
  return max <= 0 ? 0 : Math.round((Math.max(0, value) / max) * 100);
}
