/**
 * PackGrant (ours alone, the POS app does not know it): the index the security rules read to enforce the
 * packs, one document per gated pack (`fatturazione`, `catena`, `statistiche`) = { packIds }. Derived from the Pack
 * catalogue by src/domain/permissions/pack-grants.ts; the app writes it only in the batch that saves a Pack, so the
 * database grants exactly what the app grants.
 */
import { serverTimestamp, type WriteBatch } from 'firebase/firestore';
import type { GatedPackKey } from '@/domain/permissions/pack-grants';
import { COLLECTIONS } from './collections';
import { makeConverter, typedDoc } from './converter';
import { compact, toDate, toStringList, type RawDoc } from './normalize';

export interface PackGrantEntry {
  /** The gated pack, lower case as the rules name it. */
  id: string;
  /** The ids of the Pack documents that grant it. */
  packIds: string[];
  updatedAt?: Date;
}

export function normalizePackGrant(id: string, raw: RawDoc): PackGrantEntry {
  return { id, packIds: toStringList(raw.packIds), updatedAt: toDate(raw.updatedAt) };
}

export function toFirestorePackGrant(entry: PackGrantEntry): RawDoc {
  return compact({ packIds: entry.packIds, updatedAt: entry.updatedAt });
}

export const packGrantConverter = makeConverter('PackGrant', normalizePackGrant, toFirestorePackGrant);
export const packGrantDoc = (id: string) => typedDoc(COLLECTIONS.packGrant, id, packGrantConverter);

/** In a batch: every gated pack's entry rewritten from `grants` (packGrantDocs of the whole catalogue), stamped by the server. */
export function setPackGrants(batch: WriteBatch, grants: Readonly<Record<GatedPackKey, { packIds: string[] }>>): void {
  for (const [pack, grant] of Object.entries(grants)) batch.set(packGrantDoc(pack).withConverter(null), { ...grant, updatedAt: serverTimestamp() });
}
