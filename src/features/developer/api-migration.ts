/**
 * Firestore calls of the Migrazioni DB tab (document 3 §2.6, §4, §7): the whole Sale or Scrap collection is read
 * for the analysis ("whole collections for migration analysis"), in pages of 1000 ordered by document id so memory
 * stays bounded on 50,000 documents (this screen must download documents: the rules of §4 look at the stored types
 * of fields, which no aggregation query can count). The documents to migrate are then read again 50 at a time,
 * just before their batch is written, and decided again on that fresh copy, so a document migrated meanwhile (by a
 * run interrupted after its commit, or another tab) is skipped and never migrated twice.
 * Each batch update writes the conversion and the marker together (see data/migration.ts); the rules let only an
 * admin write them. Every call takes the Firestore instance to use: the tab passes the in-memory one of
 * lib/firebase-secondary.ts (`withBulkFirestore`), so the scanned collection does not go through the persistent cache.
 */
import {
  collection, documentId, getDocFromServer, serverTimestamp, writeBatch, doc, updateDoc, type Firestore,
} from 'firebase/firestore';
import { migrationPatch } from '@/data/migration';
import type { RawDoc } from '@/data/normalize';
import { queryPages } from '@/lib/firebase-pages';
import { discountBatches, lacksDiscount } from '@/domain/migration/discount-backfill';
import { confirmedWrite, errorCode } from '@/lib/firebase-errors';
import { MIGRATION_SCAN_PAGE, type MigrationCollection } from '@/domain/migration/migration';

export interface StoredDoc {
  id: string;
  raw: RawDoc;
}

/** Every document of the collection, a page at a time (ordered by id: lib/firebase-pages.ts). */
export async function* scanCollection(store: Firestore, name: MigrationCollection, pageSize = MIGRATION_SCAN_PAGE): AsyncGenerator<StoredDoc[]> {
  for await (const docs of queryPages(collection(store, name), documentId(), pageSize)) yield docs.map((d) => ({ id: d.id, raw: d.data() }));
}

/**
 * Reads the given documents (up to 50) fresh from the server, one get per id in parallel: the same billed reads as
 * 'in' queries on the id, but a lookup by key on every backend (the emulator answered each 'in' query on the id by
 * scanning the whole collection, which made a run of 2,000 documents take minutes). A document deleted meanwhile is
 * left out.
 */
export async function readDocuments(store: Firestore, name: MigrationCollection, ids: readonly string[]): Promise<StoredDoc[]> {
  const snapshots = await Promise.all(ids.map((id) => getDocFromServer(doc(store, name, id))));
  return snapshots.filter((snapshot) => snapshot.exists()).map((d) => ({ id: d.id, raw: d.data() }));
}

/** The update written for one document; migratedAt is the server's time. */
export function patchFor(name: MigrationCollection, stored: StoredDoc): RawDoc {
  return migrationPatch(name, stored.id, stored.raw, serverTimestamp());
}

export interface BatchOutcome {
  migrated: string[];
  failed: { id: string; error: unknown }[];
}

/**
 * One batch update (all or nothing). When the batch is refused, each document is retried alone so the error is
 * known per document (document 3 §8) and the others are still migrated.
 */
export async function writeMigrationBatch(store: Firestore, name: MigrationCollection, docs: readonly StoredDoc[]): Promise<BatchOutcome> {
  const batch = writeBatch(store);
  for (const d of docs) batch.update(doc(store, name, d.id), patchFor(name, d));
  try {
    await confirmedWrite(batch.commit());
    return { migrated: docs.map((d) => d.id), failed: [] };
  } catch (error) {
    // Unconfirmed (offline): the batch is still queued and retrying each document alone would only wait again.
    if (errorCode(error) === 'write-unconfirmed') throw error;
    const outcome: BatchOutcome = { migrated: [], failed: [] };
    for (const d of docs) {
      try {
        await confirmedWrite(updateDoc(doc(store, name, d.id), patchFor(name, d)));
        outcome.migrated.push(d.id);
      } catch (error) {
        outcome.failed.push({ id: d.id, error });
      }
    }
    return outcome;
  }
}

/**
 * The empty discount backfill (document 3 §7): every Scrap scanned a page at a time, those stored without `discount`
 * written `discount: ''` in batches of 100 (all or nothing each); a product that got a discount meanwhile is not
 * overwritten, since each batch re-reads its documents just before writing. Reports progress after each batch.
 */
export async function backfillEmptyDiscounts(
  store: Firestore,
  onProgress: (progress: { scanned: number; found: number; written: number }) => void,
): Promise<{ scanned: number; found: number; written: number }> {
  const missing: string[] = [];
  let scanned = 0;
  for await (const page of scanCollection(store, 'Scrap')) {
    scanned += page.length;
    for (const d of page) if (lacksDiscount(d.raw)) missing.push(d.id);
    onProgress({ scanned, found: missing.length, written: 0 });
  }
  let written = 0;
  for (const ids of discountBatches(missing)) {
    const fresh = (await readDocuments(store, 'Scrap', ids)).filter((d) => lacksDiscount(d.raw));
    if (fresh.length > 0) {
      const batch = writeBatch(store);
      for (const d of fresh) batch.update(doc(store, 'Scrap', d.id), { discount: '' });
      // Confirmed like the migration's batches: unconfirmed (offline) the run stops with the Italian message instead
      // of spinning. The in-memory instance is deleted with it, so the batch may or may not have landed: a repeat
      // re-reads each batch and writes '' only where a product still has no discount, so it is safe to run again.
      await confirmedWrite(batch.commit());
    }
    written += fresh.length;
    onProgress({ scanned, found: missing.length, written });
  }
  return { scanned, found: missing.length, written };
}
