/**
 * Repeated products (document 3 §2.3 'Prodotti ripetuti', §4, §5, §8, §9): products sharing a non-empty barcode,
 * groups of more than one, and the merges. Pure.
 *
 * - 'Fondi qui (somma quantità)': the chosen product takes the group's summed quantity, the others are deleted.
 * - 'Mantieni solo questo': the chosen product stays as it is, the others are deleted.
 * - Advanced merge, group by group: all quantities zero → keep the highest-priced product; otherwise the first
 *   product (the oldest: createdAt, then id) takes the summed quantity and the price of the product with the
 *   largest quantity; a price difference over 0.001 sets changedPrice. Unsupported groups are skipped.
 */
export const REPEATED_GROUPS_PER_PAGE = 20;
export const ADVANCED_MERGE_PAUSE_MS = 50;
export const PRICE_EPSILON = 0.001;

export const REPEATED_MESSAGES = {
  merged: 'Prodotti fusi con successo!',
  keptOnly: 'Solo il prodotto selezionato è stato mantenuto!',
  nothingToMerge: 'Nessun gruppo di prodotti ripetuti da fondere.',
  advancedDone: (merged: number, skipped: number) => `Fusione avanzata completata! Gruppi fusi: ${merged}, Gruppi saltati: ${skipped}`,
  none: 'Nessun prodotto ripetuto trovato.',
  confirmAdvanced: 'Avviare la fusione avanzata di tutti i prodotti ripetuti? Questa operazione non può essere annullata.',
} as const;

export interface RepeatedProduct {
  id: string;
  name: string;
  barcode: string;
  price: number;
  stock: { qty: number };
  createdAt?: Date;
}

export interface RepeatedGroup<P extends RepeatedProduct> {
  barcode: string;
  /** Oldest first. */
  products: P[];
}

const byAge = (a: RepeatedProduct, b: RepeatedProduct) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Groups of products with the same non-empty barcode and more than one member, sorted by barcode. */
export function repeatedGroups<P extends RepeatedProduct>(products: readonly P[]): RepeatedGroup<P>[] {
  const map = new Map<string, P[]>();
  for (const p of products) {
    const barcode = p.barcode.trim();
    if (!barcode) continue;
    const list = map.get(barcode);
    if (list) list.push(p);
    else map.set(barcode, [p]);
  }
  return [...map.entries()]
    .filter(([, list]) => list.length > 1)
    .map(([barcode, list]) => ({ barcode, products: [...list].sort(byAge) }))
    .sort((a, b) => a.barcode.localeCompare(b.barcode));
}

export interface MergePlan<P extends RepeatedProduct> {
  keep: P;
  /** The kept product's new values (only what changes). */
  patch: { quantity?: number; price?: number; changedPrice?: boolean };
  remove: P[];
}

const sumQty = (products: readonly RepeatedProduct[]) => Math.round(products.reduce((s, p) => s + p.stock.qty, 0) * 10000) / 10000;

/** 'Fondi qui (somma quantità)'. */
export function mergeHere<P extends RepeatedProduct>(group: RepeatedGroup<P>, keepId: string): MergePlan<P> | undefined {
  const keep = group.products.find((p) => p.id === keepId);
  if (!keep) return undefined;
  return { keep, patch: { quantity: sumQty(group.products) }, remove: group.products.filter((p) => p.id !== keepId) };
}

/** 'Mantieni solo questo'. */
export function keepOnly<P extends RepeatedProduct>(group: RepeatedGroup<P>, keepId: string): MergePlan<P> | undefined {
  const keep = group.products.find((p) => p.id === keepId);
  if (!keep) return undefined;
  return { keep, patch: {}, remove: group.products.filter((p) => p.id !== keepId) };
}

/** A group the advanced merge leaves alone: a negative or non-numeric quantity or price (summing would be wrong). */
export function isUnsupportedGroup(group: RepeatedGroup<RepeatedProduct>): boolean {
  return group.products.some((p) => !Number.isFinite(p.stock.qty) || p.stock.qty < 0 || !Number.isFinite(p.price) || p.price < 0);
}

/** The advanced merge of one group; undefined for an unsupported group (skipped). */
export function advancedMerge<P extends RepeatedProduct>(group: RepeatedGroup<P>): MergePlan<P> | undefined {
  if (group.products.length < 2 || isUnsupportedGroup(group)) return undefined;
  if (group.products.every((p) => p.stock.qty === 0)) {
    const keep = group.products.reduce((best, p) => (p.price > best.price ? p : best));
    return { keep, patch: {}, remove: group.products.filter((p) => p !== keep) };
  }
  const keep = group.products[0]!;
  const largest = group.products.reduce((best, p) => (p.stock.qty > best.stock.qty ? p : best));
  const price = largest.price;
  const changed = Math.abs(price - keep.price) > PRICE_EPSILON;
  return {
    keep,
    patch: { quantity: sumQty(group.products), ...(changed ? { price, changedPrice: true } : {}) },
    remove: group.products.slice(1),
  };
}
