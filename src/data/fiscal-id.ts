/**
 * FiscalId: the fiscal-identity registry, one document per shop's P.IVA (the pure reading and the
 * rules of the id are in src/domain/fiscal-ids/registry.ts, shared with the functions). The app writes it only in
 * the batches that also write the shop's P.IVA (registration, technician's change), so the two never disagree.
 */
import { doc, serverTimestamp, type WriteBatch } from 'firebase/firestore';
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

/** In a batch: the shop now holds `id` (created with the writer's uid and the server's clock). */
export function claimFiscalId(batch: WriteBatch, id: string, shopId: string, writerUid: string): void {
  batch.set(doc(db(), COLLECTIONS.fiscalId, id), { shopId, createdBy: writerUid, createdAt: serverTimestamp() });
}

/** In a batch: the shop lets go of `id` (its P.IVA moved to another value). */
export function releaseFiscalId(batch: WriteBatch, id: string): void {
  batch.delete(doc(db(), COLLECTIONS.fiscalId, id));
}
