/**
 * The products' empty discount (document 3 §7 Writes, Scrap: "add an empty-text discount to products lacking it,
 * batches of 100"): a product stored without a `discount` field gets `discount: ''` (the POS app and the old
 * screens read the field as text; empty means no discount). Any stored value, even an odd one, is left alone.
 */
export const DISCOUNT_BATCH = 100;

export function lacksDiscount(raw: Readonly<Record<string, unknown>>): boolean {
  return !Object.prototype.hasOwnProperty.call(raw, 'discount') || raw.discount === undefined;
}

/** The ids in batches of DISCOUNT_BATCH, in their order. */
export function discountBatches(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += DISCOUNT_BATCH) out.push(ids.slice(i, i + DISCOUNT_BATCH));
  return out;
}
