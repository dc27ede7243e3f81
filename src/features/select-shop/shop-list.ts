/**
 * Pure helpers of the accountant's shop choice: which shops to offer and how a card names them. The list
 * merges the shops the User profile links to (with the role held there) and the shops whose `accountants`
 * array lists the user; the same shop from both sources appears once, with the profile's role.
 */
export interface ShopLink {
  shopId: string;
  role: string;
}

export interface ShopChoice<S extends { id: string; name: string }> {
  shop: S;
  role: string;
}

/** Role given to a shop that lists the accountant but is not among the profile's links. */
export const DEFAULT_ACCOUNTANT_ROLE = 'accountant';

/**
 * Profile links first, in the profile's order; then the other listed shops by name. Links whose shop could not
 * be read (missing document, or the shop no longer lists the user) are left out: selecting them would open an
 * empty z-report.
 */
export function mergeAccountantShops<S extends { id: string; name: string }>(
  links: readonly ShopLink[],
  linkedShops: readonly S[],
  listedShops: readonly S[],
): ShopChoice<S>[] {
  const byId = new Map<string, S>();
  for (const shop of [...linkedShops, ...listedShops]) if (!byId.has(shop.id)) byId.set(shop.id, shop);
  const result: ShopChoice<S>[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    const shop = byId.get(link.shopId);
    if (!shop || seen.has(shop.id)) continue;
    seen.add(shop.id);
    result.push({ shop, role: link.role || DEFAULT_ACCOUNTANT_ROLE });
  }
  const rest = [...byId.values()]
    .filter((shop) => !seen.has(shop.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'it', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  for (const shop of rest) result.push({ shop, role: DEFAULT_ACCOUNTANT_ROLE });
  return result;
}

/** Up to two initials for the image placeholder ('Bar Centrale' → 'BC'); '?' when there is no name. */
export function shopInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  const initials = letters.join('').toLocaleUpperCase('it');
  return initials || '?';
}

/** Shown for a field the shop has not filled in. */
export const MISSING_VALUE = '—';

export function orMissing(value: string | undefined): string {
  return value && value.trim() ? value.trim() : MISSING_VALUE;
}

/** The next slide index, wrapping around at both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}
