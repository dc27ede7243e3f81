import { useState } from 'react';
import { CUSTOMER_FIELDS } from '@/domain/customers/customer-fields';
import {
  emptyCustomerMapping, guessCustomerMapping, mappingProblem, MAPPING_REQUIRED, NO_FILE, type CustomerMapping, type ImportPlan, type SourceRow,
} from '@/domain/customers/customer-import';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { runCustomerImport } from '../api';

export interface LoadedFile {
  name: string;
  headers: string[];
  rows: SourceRow[];
  encoding: string;
  delimiter: string;
}

export type ImportPhase =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'importing'; done: number; total: number }
  | { step: 'finished'; plan: ImportPlan; written: number }
  | { step: 'failed'; message: string; plan: ImportPlan | undefined; written: number };

/** The import panel's state and steps: read files, guess the mapping, plan, write in chunks of 25, report. */
export function useCustomerImport(shopId: string) {
  const [files, setFiles] = useState<LoadedFile[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [mapping, setMapping] = useState<CustomerMapping>(emptyCustomerMapping());
  const [normalize, setNormalize] = useState(true);
  const [phase, setPhase] = useState<ImportPhase>({ step: 'idle' });
  const [message, setMessage] = useState<string | null>(null);

  const headers = [...new Set(files.flatMap((f) => f.headers))];

  async function chooseFiles(list: FileList | null): Promise<void> {
    setMessage(null);
    setPhase({ step: 'reading' });
    const chosen = list ? [...list] : [];
    // papaparse arrives with the first file, not with the page.
    const { decodeCsvBytes, parseCsv, CsvError } = await import('@/domain/csv/csv');
    const loaded: LoadedFile[] = [];
    const errors: string[] = [];
    for (const file of chosen) {
      try {
        const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
        const parsed = parseCsv(text);
        if (parsed.rows.length === 0) errors.push(`${file.name}: il file non contiene righe di dati.`);
        if (parsed.errors.length > 0) errors.push(`${file.name}: ${parsed.errors.slice(0, 3).join('; ')}`);
        loaded.push({ name: file.name, headers: parsed.headers, encoding, delimiter: parsed.delimiter, rows: parsed.rows.map((row, i) => ({ file: file.name, line: parsed.lineOf[i] ?? i + 2, row })) });
      } catch (error) {
        errors.push(`${file.name}: ${error instanceof CsvError ? error.message : 'il file non è un CSV leggibile.'}`);
      }
    }
    setFiles(loaded);
    setFileErrors(errors);
    setMapping(guessCustomerMapping([...new Set(loaded.flatMap((f) => f.headers))]));
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
            .map((p) => ({ action: 'create', id: p.id, name: p.values.ragioneSociale || `${p.values.name} ${p.values.surname}`.trim(), partitaIva: p.values.partitaIva, codiceFiscale: p.values.codiceFiscale })),
        },
      });
    }
  }

  function reset(): void {
    setFiles([]);
    setFileErrors([]);
    setMapping(emptyCustomerMapping());
    setPhase({ step: 'idle' });
    setMessage(null);
  }

  const mappedFields = CUSTOMER_FIELDS.filter((f) => mapping[f] !== '').length;
  return { files, fileErrors, headers, mapping, setMapping, normalize, setNormalize, phase, message, chooseFiles, runImport, reset, mappedFields };
}
