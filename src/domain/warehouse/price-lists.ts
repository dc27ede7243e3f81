/**
 * Price lists (pack 'listini'): the selling price and listino 2 / listino 3 per product, and a bulk percentage
 * change on a filtered selection with a preview of old and new prices before anything is written. Pure.
 */
import { centsToEuro, roundHalfUp, toCents } from '../money/money';

export type PriceTarget = 'price' | 'listino2' | 'listino3';
/** 'same': the target's own current value; 'price': computed from the selling price (e.g. listino 2 = prezzo −10%). */
export type PriceSource = 'same' | 'price';

export const PRICE_TARGET_LABELS: Record<PriceTarget, string> = { price: 'Prezzo di vendita', listino2: 'Listino 2', listino3: 'Listino 3' };

export interface PricedProduct {
  id: string;
  name: string;
  code: string;
  barcode: string;
  price: number;
  listino2?: number;
  listino3?: number;
}

export interface PriceChangeRow {
  id: string;
  name: string;
  code: string;
  barcode: string;
  before: number | undefined;
  after: number;
}

/** How a changed price ends: as computed, to the nearest ten cents (12,36 → 12,40), or up to the next ,x9 (12,36 → 12,39). */
export type PriceRounding = 'none' | 'x0' | 'x9';

export const PRICE_ROUNDING_LABELS: Record<PriceRounding, string> = {
  none: 'Nessun arrotondamento (al centesimo)',
  x0: 'Ai 10 centesimi (12,36 → 12,40)',
  x9: 'Finale ,x9 (12,36 → 12,39)',
};

/** A price rounded as the shop chose, in exact cents. */
export function roundPrice(value: number, rounding: PriceRounding): number {
  const cents = toCents(value) ?? 0;
  if (rounding === 'x0') return centsToEuro(Math.round(cents / 10) * 10);
  if (rounding === 'x9') return centsToEuro(Math.ceil((cents + 1) / 10) * 10 - 1);
  return centsToEuro(cents);
}

export interface BulkPriceChange {
  target: PriceTarget;
  source: PriceSource;
  /** −100 < percent; +10 raises by 10%, −5 lowers by 5%. */
  percent: number;
  /** How each new price ends (none when absent). */
  rounding?: PriceRounding;
}

export function bulkChangeProblem(change: BulkPriceChange): string | null {
  if (!Number.isFinite(change.percent)) return 'Inserisci una percentuale numerica.';
  if (change.percent <= -100) return 'La percentuale deve essere maggiore di −100%.';
  // 0% with a rounding is a change of its own: the prices rounded where they are.
  if (change.percent === 0 && (change.rounding ?? 'none') === 'none' && (change.source === 'same' || change.target === 'price')) return 'Inserisci una percentuale diversa da 0.';
  return null;
}

/**
 * The preview: each selected product's old and new value (2 decimals, half-up, then rounded as chosen). Products without a value to
 * start from are left out; so are those whose value would not change.
 */
export function previewBulkChange(products: readonly PricedProduct[], change: BulkPriceChange): PriceChangeRow[] {
  const source = change.target === 'price' ? 'same' : change.source;
  const out: PriceChangeRow[] = [];
  for (const p of products) {
    const from = source === 'price' ? p.price : p[change.target];
    if (from === undefined || !Number.isFinite(from)) continue;
    const after = Math.max(0, roundPrice(roundHalfUp(from * (1 + change.percent / 100), 2), change.rounding ?? 'none'));
    const before = p[change.target];
    if (before !== undefined && Math.abs(before - after) <= 0.001) continue;
    out.push({ id: p.id, name: p.name, code: p.code, barcode: p.barcode, before, after });
  }
  return out;
}
