/**
 * The two big live lists of a shop — the catalogue (/warehouse, Scrap) and the customer directory (/customers,
 * Customer) — as the app reads them and as the list bundle carries them: how many id ranges, the cuts, and the name of
 * each range's named query in a bundle. Shared by the app and functions/ (functions/src/list-bundle.ts).
 */
import { importedProductId } from '@/domain/warehouse/product-csv';
import { idRangeBounds, idRanges, importedIdBounds, type IdRange } from '@/domain/ids/id-ranges';

export const SHOP_LISTS = ['products', 'customers'] as const;
export type ShopList = (typeof SHOP_LISTS)[number];

export const isShopList = (value: unknown): value is ShopList => typeof value === 'string' && (SHOP_LISTS as readonly string[]).includes(value);

/**
 * How many auto-id ranges each list is read in: 20,000 products or 10,000 customers with auto-ids are about 2,500 a
 * range, well under the Firestore emulator's 10,000 messages per burst (lib/firebase-ranges.ts).
 */
export const LIST_RANGES: Record<ShopList, number> = { products: 8, customers: 4 };

/**
 * The cuts of the list's ranges. The products a CSV import created (`csv-{shopId}-{16 hex}`, importedProductId) sort
 * together: without their own cuts a big import would be one range; with them, four even ones.
 */
export function shopListBounds(list: ShopList, shopId: string): string[] {
  if (list === 'customers') return idRangeBounds(LIST_RANGES.customers);
  const prefix = importedProductId(shopId, { name: '' }).slice(0, -16);
  return idRangeBounds(LIST_RANGES.products, importedIdBounds(prefix));
}

export interface NamedRange extends IdRange {
  /** The named query of this range in the list's bundle. */
  name: string;
}

/**
 * The list's ranges with their named-query names. The name carries the list, the shop and the range's cuts: a bundle
 * built for other cuts (a later change of LIST_RANGES) is never taken for these ranges.
 */
export function shopListRanges(list: ShopList, shopId: string): NamedRange[] {
  return idRanges(shopListBounds(list, shopId)).map((r) => ({ ...r, name: `${list}:${shopId}:${r.from ?? ''}..${r.to ?? ''}` }));
}

/** The mark of the whole list in the browser's cache (lib/cache-owner.ts): 'products:<shop>', 'customers:<shop>'. */
export const wholeListName = (list: ShopList, shopId: string): string => `${list}:${shopId}`;
