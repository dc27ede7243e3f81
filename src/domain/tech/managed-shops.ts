/**
 * The technician's view of shops (document 1 §2, §6; document 3 §6): a shop is managed ('Gestito da te') when the
 * technician owns it, is listed in `technicians` (the converter reads plain ids and legacy objects alike), or is
 * its `assignedTech`. Managed shops come first, the others apart; both sorted by name.
 */
export interface TechShopLike {
  id: string;
  userId: string;
  name: string;
  technicians: readonly string[];
  assignedTech?: string | undefined;
}

export const MANAGED_LABEL = 'Gestito da te';
export const NO_SHOPS = 'Nessun negozio registrato trovato.';

export function isManagedBy(shop: TechShopLike, techUid: string): boolean {
  return shop.userId === techUid || shop.id === techUid || shop.technicians.includes(techUid) || shop.assignedTech === techUid;
}

export function splitTechShops<T extends TechShopLike>(shops: readonly T[], techUid: string): { managed: T[]; others: T[] } {
  const unique = [...new Map(shops.map((s) => [s.id, s])).values()];
  const byName = (a: T, b: T) => (a.name || a.id).localeCompare(b.name || b.id, 'it');
  return {
    managed: unique.filter((s) => isManagedBy(s, techUid)).sort(byName),
    others: unique.filter((s) => !isManagedBy(s, techUid)).sort(byName),
  };
}
