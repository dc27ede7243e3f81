import { useState } from 'react';
import { CUSTOMER_FIELDS, customerDisplayName } from '@/domain/customers/customer-fields';
import {
  emptyCustomerMapping, guessCustomerMapping, mappingProblem, MAPPING_REQUIRED, NO_FILE, type ImportPlan,
} from '@/domain/customers/customer-import';
import { italianError } from '@/lib/firebase-errors';
import { useCsvFiles } from '@/lib/use-csv-files';
import { logActivity } from '@/stores/activity-log';
import { runCustomerImport } from '../api';

export type ImportPhase =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'importing'; done: number; total: number }
  | { step: 'finished'; plan: ImportPlan; written: number }
  | { step: 'failed'; message: string; plan: ImportPlan | undefined; written: number };

/** The import panel's state and steps: read files, guess the mapping, plan, write in chunks of 25, report. */
export function useCustomerImport(shopId: string) {
  const { files, fileErrors, headers, mapping, setMapping, choose, clear } = useCsvFiles(emptyCustomerMapping, guessCustomerMapping);
  const [normalize, setNormalize] = useState(true);
  const [phase, setPhase] = useState<ImportPhase>({ step: 'idle' });
  const [message, setMessage] = useState<string | null>(null);

  async function chooseFiles(list: FileList | null): Promise<void> {
    setMessage(null);
    setPhase({ step: 'reading' });
    await choose(list);
    setPhase({ step: 'idle' });
  }

  async function runImport(): Promise<void> {
    setMessage(null);
    if (files.length === 0) {
      setMessage(NO_FILE);
      return;
    }
    if (mappingProblem(mapping) !== null) {
      setMessage(MAPPING_REQUIRED);
      return;
    }
    setPhase({ step: 'importing', done: 0, total: 0 });
    const run = await runCustomerImport(shopId, files.flatMap((f) => f.rows), mapping, { normalize }, (done, total) => setPhase({ step: 'importing', done, total }));
    const written = run.written.size;
    if (run.error === undefined && run.plan) setPhase({ step: 'finished', plan: run.plan, written });
    else setPhase({ step: 'failed', message: `Errore durante l'import: ${italianError(run.error)}`, plan: run.plan, written });
    if (run.plan && written > 0) {
      logActivity({
        action: 'csv_import',
        module: 'customers',
        details: {
          kind: 'customers',
          files: files.map((f) => f.name),
          imported: written,
          skipped: run.plan.skipped.length,
          operations: run.plan.toImport
            .filter((p) => run.written.has(p.id))
            .map((p) => ({ action: 'create', id: p.id, name: customerDisplayName(p.values), partitaIva: p.values.partitaIva, codiceFiscale: p.values.codiceFiscale })),
        },
      });
    }
  }

  function reset(): void {
    clear();
    setPhase({ step: 'idle' });
    setMessage(null);
  }

  const mappedFields = CUSTOMER_FIELDS.filter((f) => mapping[f] !== '').length;
  return { files, fileErrors, headers, mapping, setMapping, normalize, setNormalize, phase, message, chooseFiles, runImport, reset, mappedFields };
}
