/**
 * The fiscal-identity registry: `FiscalId/{id}`, one document per shop's P.IVA, so that the identity
 * the server trusts (the provider proxy deciding 'this is the shop's own P.IVA', the webhook deciding which shop a
 * supplier invoice is for) is a verified fact and not a field the owner types.
 *
 * - The id is the P.IVA normalised (normalizeFiscalId: no spaces, no 'IT' prefix, upper case): the rules make it
 *   unique by construction — a document id exists once.
 * - `shopId` is the shop that holds it: the one supplier invoices addressed to this P.IVA go to.
 * - `codiceFiscale` is the shop's fiscal code when it differs from the P.IVA (a sole trader's personal CF), set with
 *   the registration or by an admin: the proxy accepts it as the seller's CodiceFiscale.
 * - `sharedWith` lists other shops of the same company that an admin allowed to send invoices under this P.IVA
 *   (two shops, one company): an admin decision recorded here, never an accident.
 * Written with the shop's registration, by a technician's or an admin's change that moves it (old entry deleted,
 * new created and the shop's fields changed in one batch), never by the owner once the provider is configured.
 * Pure: shared by the app (src/data/fiscal-id.ts) and the functions (functions/src/fiscal-registry.ts).
 */

export interface FiscalIdEntry {
  /** The normalised P.IVA (the document id). */
  id: string;
  shopId: string;
  codiceFiscale?: string;
  sharedWith: string[];
  createdBy?: string;
}

/** A fiscal id as the registry and the provider want it: no spaces, upper case, no 'IT' before 11 digits. */
export function normalizeFiscalId(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^IT\d{11}$/.test(compact) ? compact.slice(2) : compact;
}

/** A registry id is an 11-digit P.IVA or a 16-character fiscal code: anything else names no shop. */
export function isRegistryId(id: string): boolean {
  return /^\d{11}$/.test(id) || /^[A-Z0-9]{16}$/.test(id);
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function readFiscalIdEntry(id: string, raw: Record<string, unknown>): FiscalIdEntry {
  const cf = normalizeFiscalId(raw.codiceFiscale);
  return {
    id,
    shopId: str(raw.shopId),
    ...(cf !== '' ? { codiceFiscale: cf } : {}),
    sharedWith: Array.isArray(raw.sharedWith) ? (raw.sharedWith as unknown[]).filter((v): v is string => typeof v === 'string' && v !== '') : [],
    ...(str(raw.createdBy) !== '' ? { createdBy: str(raw.createdBy) } : {}),
  };
}

/** The ids a shop may use as seller in an invoice (IdCodice, CodiceFiscale), from the entries that name it. */
export function sellerIdsOf(entries: readonly FiscalIdEntry[], shopId: string): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.shopId !== shopId && !entry.sharedWith.includes(shopId)) continue;
    ids.add(entry.id);
    if (entry.codiceFiscale) ids.add(entry.codiceFiscale);
  }
  return ids;
}

/** The Italian message when a P.IVA is already someone else's (registration, technician's change). */
export function fiscalIdTakenMessage(pIva: string): string {
  return `La partita IVA ${pIva} è già registrata per un altro negozio: se i due negozi sono della stessa azienda, chiedi all'amministratore di condividerla.`;
}

/** A shop's P.IVA as typed: 11 digits once normalised, or nothing. */
export const SHOP_PIVA_FORMAT = 'La partita IVA deve essere di 11 cifre.';

/** The shop's P.IVA normalised, or undefined when it is neither empty nor 11 digits (SHOP_PIVA_FORMAT). */
export function readShopPartitaIva(typed: string): string | undefined {
  const id = normalizeFiscalId(typed);
  return id === '' || /^\d{11}$/.test(id) ? id : undefined;
}

export interface BackfillShop {
  id: string;
  /** The P.IVA as the shop document spells it (settings.pIva, else pIva / vatNumber / partitaIva). */
  pIva: string;
}

export interface BackfillPlan {
  /** Entries to create: a valid P.IVA that one shop alone carries and the registry does not hold yet. */
  create: { id: string; shopId: string }[];
  /** A P.IVA carried by several shops, or held in the registry by another shop: an admin decides (sharedWith). */
  conflicts: { id: string; shopIds: string[]; holder?: string }[];
  /** Shops whose P.IVA is missing or not 11 digits: their technician sets it from /shop-details. */
  unreadable: string[];
}

/**
 * The one-off registry backfill for shops registered before the registry existed (scripts/backfill-fiscal-ids.ts):
 * nothing is guessed — a P.IVA two shops carry is not given to either.
 */
export function planFiscalIdBackfill(shops: readonly BackfillShop[], held: ReadonlyMap<string, string>): BackfillPlan {
  const byId = new Map<string, string[]>();
  const unreadable: string[] = [];
  for (const shop of shops) {
    const id = readShopPartitaIva(shop.pIva);
    if (!id) {
      unreadable.push(shop.id);
      continue;
    }
    byId.set(id, [...(byId.get(id) ?? []), shop.id]);
  }
  const create: BackfillPlan['create'] = [];
  const conflicts: BackfillPlan['conflicts'] = [];
  for (const [id, shopIds] of [...byId.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const holder = held.get(id);
    if (holder !== undefined) {
      const others = shopIds.filter((s) => s !== holder);
      if (others.length > 0) conflicts.push({ id, shopIds: others, holder });
    } else if (shopIds.length === 1) {
      create.push({ id, shopId: shopIds[0]! });
    } else {
      conflicts.push({ id, shopIds });
    }
  }
  return { create, conflicts, unreadable };
}
