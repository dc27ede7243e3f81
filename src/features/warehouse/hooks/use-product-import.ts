import { useState } from 'react';
import {
  emptyProductMapping, guessProductMapping, operationOf, planProductImport, productMappingProblem, type ImportMode, type ProductImportPlan,
} from '@/domain/warehouse/product-csv';
import { italianError } from '@/lib/firebase-errors';
import { useCsvFiles } from '@/lib/use-csv-files';
import { logActivity } from '@/stores/activity-log';
import { loadProducts, runProductImport } from '../api';

export type ProductImportPhase =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'planning' }
  | { step: 'preview'; plan: ProductImportPlan }
  | { step: 'importing'; plan: ProductImportPlan; done: number; total: number }
  | { step: 'finished'; plan: ProductImportPlan; written: number }
  | { step: 'failed'; message: string; plan: ProductImportPlan | undefined; written: number };

export const NO_FILE = 'Seleziona almeno un file CSV';
export const MAPPING_REQUIRED = 'Mappa almeno i campi obbligatori prima di importare';

/**
 * The product import's steps: read the files (CSV module loaded on demand: encoding and delimiter detected),
 * guess the mapping, dry run against the products as the server has them (counts and changes, nothing written),
 * write in batches with a progress bar, report, and one log entry whose operations hold each change.
 */
export function useProductImport(shopId: string, mode: ImportMode) {
  const { files, fileErrors, headers, mapping, setMapping, choose, clear } = useCsvFiles(emptyProductMapping, guessProductMapping);
  const [phase, setPhase] = useState<ProductImportPhase>({ step: 'idle' });
  const [message, setMessage] = useState<string | null>(null);

  async function chooseFiles(list: FileList | null): Promise<void> {
    setMessage(null);
    setPhase({ step: 'reading' });
    await choose(list);
    setPhase({ step: 'idle' });
  }

  function ready(): boolean {
    setMessage(null);
    if (files.length === 0) {
      setMessage(NO_FILE);
      return false;
    }
    if (productMappingProblem(mapping, mode) !== null) {
      setMessage(MAPPING_REQUIRED);
      return false;
    }
    return true;
  }

  /** The dry run: what the import would do now, against the server's products. */
  async function preview(): Promise<ProductImportPlan | undefined> {
    if (!ready()) return undefined;
    setPhase({ step: 'planning' });
    try {
      const products = await loadProducts(shopId, () => undefined);
      const plan = planProductImport(shopId, mode, files.flatMap((f) => f.rows), mapping, products);
      setPhase({ step: 'preview', plan });
      return plan;
    } catch (error) {
      setPhase({ step: 'failed', message: `Errore durante l'import: ${italianError(error)}`, plan: undefined, written: 0 });
      return undefined;
    }
  }

  async function runImport(): Promise<number> {
    // Planned again right before writing: what another tab or the POS changed meanwhile is taken into account.
    const plan = await preview();
    if (!plan) return 0;
    setPhase({ step: 'importing', plan, done: 0, total: plan.writes.length });
    const run = await runProductImport(shopId, plan, (done, total) => setPhase({ step: 'importing', plan, done, total }));
    const written = run.written.size;
    if (run.error === undefined) setPhase({ step: 'finished', plan, written });
    else setPhase({ step: 'failed', message: `Errore durante l'import: ${italianError(run.error)}`, plan, written });
    if (written > 0) {
      const operations = plan.writes.filter((w) => run.written.has(w.id)).map((w) => operationOf(w, mode));
      logActivity({
        action: mode === 'prices' ? 'csv_price_update' : 'csv_import',
        module: 'warehouse',
        details: {
          kind: mode === 'prices' ? 'price_update' : 'products',
          fileNames: files.map((f) => f.name),
          created: operations.filter((o) => o.action === 'product_add').length,
          updated: operations.filter((o) => o.action !== 'product_add').length,
          unchanged: plan.unchanged.length,
          skipped: plan.skipped.length,
          operationsTotal: operations.length,
          operations,
        },
      });
    }
    return written;
  }

  function reset(): void {
    clear();
    setPhase({ step: 'idle' });
    setMessage(null);
  }

  return { files, fileErrors, headers, mapping, setMapping, phase, message, chooseFiles, preview, runImport, reset };
}
