/**
 * The selling price an invoice import writes on a product already in the warehouse, and what happens to its
 * listini. Pure.
 *
 * - The purchase cost always follows the invoice; the selling price follows one rule chosen for the whole import
 *   (default: a lower computed price never replaces a higher current one, so a cheaper supplier does not cut the
 *   shelf price unnoticed). A price typed by hand on the row wins over the rule.
 * - A product without a price (0) has nothing to keep: it takes the computed price under every rule.
 * - When the import changes a product's price to below its listino 2 or 3, those listini are in conflict: they are
 *   lowered to the new price only when the shop chose so for the import, left as they are when it chose that, and
 *   the import is not written while the shop has not chosen.
 */
import { formatEuro } from '../money';
import { PRICE_TARGET_LABELS } from './price-lists';

/** A price difference above this marks the product's price as changed. */
export const PRICE_EPSILON = 0.001;

export type MatchedPriceRule = 'keep-higher' | 'computed' | 'keep-current';

/** The rules as the import offers them, the default first. */
export const MATCHED_PRICE_RULES: readonly { value: MatchedPriceRule; label: string }[] = [
  { value: 'keep-higher', label: 'Mantieni il prezzo attuale se il nuovo è più basso' },
  { value: 'computed', label: 'Usa sempre il prezzo calcolato' },
  { value: 'keep-current', label: 'Mantieni sempre il prezzo attuale' },
];
export const DEFAULT_MATCHED_PRICE_RULE: MatchedPriceRule = 'keep-higher';

export type ListinoChoice = 'lower' | 'keep';
export const LISTINO_CHOICES: readonly { value: ListinoChoice; label: string }[] = [
  { value: 'lower', label: 'Abbassa i listini al nuovo prezzo' },
  { value: 'keep', label: 'Lascia i listini come sono' },
];

/** The shop's choices for one import; `listini` stays undefined until the shop picks one. */
export interface ImportPricing {
  rule: MatchedPriceRule;
  listini: ListinoChoice | undefined;
}

export type ListinoField = 'listino2' | 'listino3';
const LISTINO_FIELDS: readonly ListinoField[] = ['listino2', 'listino3'];

export interface CurrentPrices {
  price: number;
  listino2?: number;
  listino3?: number;
}

export interface ListinoConflict {
  field: ListinoField;
  /** The listino's current value, above the new selling price. */
  value: number;
}

export interface PricedUpdate {
  /** The selling price written. */
  price: number;
  changedPrice: boolean;
  conflicts: ListinoConflict[];
  /** The listini written: only those lowered, at the new price. */
  listini: Partial<Record<ListinoField, number>>;
}

const hasPrice = (n: number) => Number.isFinite(n) && n > 0;

/** The selling price of a matched product under the rule, from its current price and the invoice's computed one. */
export function ruledPrice(rule: MatchedPriceRule, current: number, computed: number): number {
  if (rule === 'computed' || !hasPrice(current)) return computed;
  if (rule === 'keep-current') return current;
  return Math.max(current, computed);
}

/** The listini that would stand above the product's selling price once the import changes it to `price`. */
export function listinoConflicts(product: CurrentPrices, price: number): ListinoConflict[] {
  if (Math.abs(product.price - price) <= PRICE_EPSILON) return [];
  return LISTINO_FIELDS.flatMap((field) => {
    const value = product[field];
    return value !== undefined && Number.isFinite(value) && value - price > PRICE_EPSILON ? [{ field, value }] : [];
  });
}

export function listinoConflictText(conflict: ListinoConflict): string {
  return `${PRICE_TARGET_LABELS[conflict.field]} (${formatEuro(conflict.value)}) più alto del nuovo prezzo`;
}

/** What the import writes on a matched product: the price (typed by hand, else the rule's) and the listini. */
export function pricedUpdate(product: CurrentPrices, computed: number, manual: number | undefined, pricing: ImportPricing): PricedUpdate {
  const price = manual ?? ruledPrice(pricing.rule, product.price, computed);
  const conflicts = listinoConflicts(product, price);
  const listini: Partial<Record<ListinoField, number>> = {};
  if (pricing.listini === 'lower') for (const c of conflicts) listini[c.field] = price;
  return { price, changedPrice: Math.abs(product.price - price) > PRICE_EPSILON, conflicts, listini };
}

/** True when a listino is in conflict and the shop has not said what to do with it. */
export function listiniUndecided(conflicts: readonly ListinoConflict[], choice: ListinoChoice | undefined): boolean {
  return choice === undefined && conflicts.length > 0;
}
