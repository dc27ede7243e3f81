/**
 * The server's reading of the fiscal-identity registry (FiscalId, src/domain/fiscal-ids/registry.ts): which ids a
 * shop may send invoices as, and which shop a recipient id names. Only the registry counts — never the P.IVA
 * fields of the Shop document, which the owner may type.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { isRegistryId, normalizeFiscalId, readFiscalIdEntry, sellerIdsOf, type FiscalIdEntry } from '@/domain/fiscal-ids/registry';
import { SERVER_COLLECTIONS } from './collections';

/** The registry entries a shop holds or shares (at most a handful). */
export async function registryEntriesOf(db: Firestore, shopId: string): Promise<FiscalIdEntry[]> {
  if (shopId === '') return [];
  const col = db.collection(SERVER_COLLECTIONS.fiscalId);
  const [own, shared] = await Promise.all([col.where('shopId', '==', shopId).limit(10).get(), col.where('sharedWith', 'array-contains', shopId).limit(10).get()]);
  const byId = new Map<string, FiscalIdEntry>();
  for (const d of [...own.docs, ...shared.docs]) byId.set(d.id, readFiscalIdEntry(d.id, d.data()));
  return [...byId.values()];
}

/** The normalised ids (P.IVA, and the registered fiscal code) the shop may use as seller; empty = not verified. */
export async function verifiedSellerIds(db: Firestore, shopId: string): Promise<Set<string>> {
  return sellerIdsOf(await registryEntriesOf(db, shopId), shopId);
}

/**
 * The shops a supplier invoice's recipient ids name. A P.IVA (the registry's id) names exactly its holder: a shop
 * that typed somebody else's P.IVA into its own fields is not in the registry under it, so it can neither divert
 * nor block the delivery. A fiscal code alone (no P.IVA among the ids) is looked up among the registered codes.
 */
export async function shopsForRecipient(db: Firestore, rawIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(rawIds.map(normalizeFiscalId).filter(isRegistryId))];
  const col = db.collection(SERVER_COLLECTIONS.fiscalId);
  const byPIva = await Promise.all(ids.filter((id) => /^\d{11}$/.test(id)).map((id) => col.doc(id).get()));
  const held = byPIva.filter((d) => d.exists).map((d) => readFiscalIdEntry(d.id, d.data() ?? {}).shopId).filter((s) => s !== '');
  if (held.length > 0) return [...new Set(held)];
  const codes = ids.filter((id) => !/^\d{11}$/.test(id));
  if (codes.length === 0) return [];
  const snap = await col.where('codiceFiscale', 'in', codes.slice(0, 10)).limit(5).get();
  return [...new Set(snap.docs.map((d) => readFiscalIdEntry(d.id, d.data()).shopId).filter((s) => s !== ''))];
}
