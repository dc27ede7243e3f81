/**
 * The stock of a product stored without a stock object (document 3 §3, §9), pure: the Scrap converter reads it so
 * (src/data/scrap.ts), and the migration writes it so. A module of its own so that reading a product does not load
 * the sale migration (domain/migration/conversion.ts).
 */
export interface StockDefaults {
  qty: number;
  minQty: number;
  track: boolean;
}

/** Missing stock becomes qty equal to the old quantity, minQty 0, track false (§9). */
export function defaultStock(quantity: number): StockDefaults {
  return { qty: quantity, minQty: 0, track: false };
}
