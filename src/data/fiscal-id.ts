/**
 * FiscalId: the fiscal-identity registry, one document per shop's P.IVA (the pure reading and the
 * rules of the id are in src/domain/fiscal-ids/registry.ts, shared with the functions). The app writes it only in
 * the batches that also write the shop's P.IVA (registration, technician's change), so the two never disagree.
 */
import { arrayRemove, arrayUnion, doc, serverTimestamp, setDoc, updateDoc, type WriteBatch } from 'firebase/firestore';
import { readFiscalIdEntry, type FiscalIdEntry } from '@/domain/fiscal-ids/registry';
import { db } from '@/lib/firebase';
import { COLLECTIONS } from './collections';
import { makeConverter, typedDoc } from './converter';
import { compact, type RawDoc } from './normalize';

export type { FiscalIdEntry };

export function toFirestoreFiscalId(entry: FiscalIdEntry): RawDoc {
  return compact({ shopId: entry.shopId, codiceFiscale: entry.codiceFiscale, sharedWith: entry.sharedWith.length > 0 ? entry.sharedWith : undefined, createdBy: entry.createdBy });
}

export const fiscalIdConverter = makeConverter('FiscalId', readFiscalIdEntry, toFirestoreFiscalId);
export const fiscalIdDoc = (id: string) => typedDoc(COLLECTIONS.fiscalId, id, fiscalIdConverter);

// Written in stored names, each write changing only the fields it names: the reference without the converter.
const rawEntry = (id: string) => doc(db(), COLLECTIONS.fiscalId, id);
const claimFields = (shopId: string, writerUid: string) => ({ shopId, createdBy: writerUid, createdAt: serverTimestamp() });

/** In a batch: the shop now holds `id` (created with the writer's uid and the server's clock). */
export function claimFiscalId(batch: WriteBatch, id: string, shopId: string, writerUid: string): void {
  batch.set(rawEntry(id), claimFields(shopId, writerUid));
}

/** An admin records `id` for a shop that nobody held it for (outside the batches that move a shop's P.IVA). */
export function recordFiscalId(id: string, shopId: string, writerUid: string): Promise<void> {
  return setDoc(rawEntry(id), claimFields(shopId, writerUid));
}

/** Another shop of the same company may send invoices under `id` (its supplier invoices still go to the holder). */
export function shareFiscalId(id: string, shopId: string): Promise<void> {
  return updateDoc(rawEntry(id), { sharedWith: arrayUnion(shopId), updatedAt: serverTimestamp() });
}

export function unshareFiscalId(id: string, shopId: string): Promise<void> {
  return updateDoc(rawEntry(id), { sharedWith: arrayRemove(shopId), updatedAt: serverTimestamp() });
}

/** `id` given to `shopId`: the previous holder loses it, and any sharing with the new holder ends. */
export function assignFiscalId(id: string, shopId: string): Promise<void> {
  return updateDoc(rawEntry(id), { shopId, sharedWith: arrayRemove(shopId), updatedAt: serverTimestamp() });
}

/** In a batch: the shop lets go of `id` (its P.IVA moved to another value). */
export function releaseFiscalId(batch: WriteBatch, id: string): void {
  batch.delete(rawEntry(id));
}
