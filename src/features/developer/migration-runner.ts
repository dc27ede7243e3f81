/**
 * The migration run of the Migrazioni DB tab (document 3 §4, §8, §9), without React so the benchmark drives the
 * very same code: analysis (the whole collection scanned, counts by the rules of §4, the ids to migrate kept),
 * then the run in batches of 50 — dry run (reads, converts, shows what would change, writes nothing) or real
 * (one batch update per 50 documents, conversion and marker together). Each batch's documents are read fresh and
 * decided again just before the write, so a restarted run skips what an interrupted one already migrated.
 */
import { migrationPatch } from '@/data/migration';
import { chunks } from '@/domain/developer/changed-price';
import {
  countDocument, emptyStats, fieldChanges, MIGRATION_BATCH, migrationDecision, progressPercent, shouldLogMigrated,
  type FieldChange, type MigrationCollection, type MigrationStats,
} from '@/domain/migration/migration';
import type { Firestore } from '@/lib/firebase-secondary';
import { readDocuments, scanCollection, writeMigrationBatch } from './api-migration';

export interface MigrationLogLine {
  kind: 'info' | 'ok' | 'error';
  text: string;
}

export interface Analysis {
  collection: MigrationCollection;
  force: boolean;
  stats: MigrationStats;
  ids: string[];
}

export interface PreviewDoc {
  id: string;
  changes: FieldChange[];
}

export interface RunResult {
  dryRun: boolean;
  migrated: number;
  skipped: number;
  failed: number;
  preview: PreviewDoc[];
}

export interface RunCallbacks {
  log: (line: MigrationLogLine) => void;
  progress: (percent: number, batchesDone: number, batchesTotal: number) => void;
}

/** Documents shown field by field after a dry run. */
export const PREVIEW_DOCS = 5;

export async function analyseCollection(store: Firestore, collection: MigrationCollection, force: boolean, onScanned?: (scanned: number) => void): Promise<Analysis> {
  const stats = emptyStats();
  const ids: string[] = [];
  for await (const page of scanCollection(store, collection)) {
    for (const d of page) if (countDocument(stats, collection, d.raw, force) === 'migrate') ids.push(d.id);
    onScanned?.(stats.total);
  }
  return { collection, force, stats, ids };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runMigration(store: Firestore, analysis: Analysis, dryRun: boolean, cb: RunCallbacks): Promise<RunResult> {
  const { collection, force } = analysis;
  const batches = chunks(analysis.ids, MIGRATION_BATCH);
  const result: RunResult = { dryRun, migrated: 0, skipped: 0, failed: 0, preview: [] };
  const label = dryRun ? '[Dry run] ' : '';
  cb.log({ kind: 'info', text: `${label}Avvio su ${collection}: ${String(analysis.ids.length)} documenti da migrare in ${String(batches.length)} batch da ${String(MIGRATION_BATCH)}.` });
  cb.progress(progressPercent(0, batches.length), 0, batches.length);
  const now = new Date();
  for (const [i, ids] of batches.entries()) {
    let fresh;
    try {
      fresh = await readDocuments(store, collection, ids);
    } catch (error) {
      result.failed += ids.length;
      cb.log({ kind: 'error', text: `Errore nella lettura del batch ${String(i + 1)}: ${errorText(error)}` });
      cb.progress(progressPercent(i + 1, batches.length), i + 1, batches.length);
      continue;
    }
    const todo = fresh.filter((d) => migrationDecision(collection, d.raw, force) === 'migrate');
    result.skipped += ids.length - todo.length;
    if (dryRun) {
      for (const d of todo) {
        result.migrated += 1;
        const changes = fieldChanges(d.raw, migrationPatch(collection, d.id, d.raw, now));
        if (result.preview.length < PREVIEW_DOCS) result.preview.push({ id: d.id, changes });
        if (shouldLogMigrated(result.migrated)) {
          cb.log({ kind: 'ok', text: `${label}${String(result.migrated)}. ${collection}/${d.id}: cambierebbero ${changes.map((c) => c.field).join(', ')}` });
        }
      }
    } else {
      const outcome = await writeMigrationBatch(store, collection, todo);
      for (const id of outcome.migrated) {
        result.migrated += 1;
        if (shouldLogMigrated(result.migrated)) cb.log({ kind: 'ok', text: `${String(result.migrated)}. ${collection}/${id} migrato` });
      }
      for (const f of outcome.failed) {
        result.failed += 1;
        cb.log({ kind: 'error', text: `Errore su ${collection}/${f.id}: ${errorText(f.error)}` });
      }
    }
    cb.progress(progressPercent(i + 1, batches.length), i + 1, batches.length);
  }
  const verb = dryRun ? 'da migrare (nessuna scrittura)' : 'migrati';
  cb.log({
    kind: result.failed > 0 ? 'error' : 'info',
    text: `${label}Completato: ${String(result.migrated)} documenti ${verb}, ${String(result.skipped)} saltati perché già migrati, ${String(result.failed)} errori.`,
  });
  return result;
}
