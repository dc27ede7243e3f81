import { useState } from 'react';
import { CUSTOMER_FIELDS } from '@/domain/customers/customer-fields';
import {
  chunks, emptyCustomerMapping, guessCustomerMapping, mappingProblem, MAPPING_REQUIRED, NO_FILE, planCustomerImport, type CustomerMapping,
  type ImportPlan, type SourceRow,
} from '@/domain/customers/customer-import';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { loadCustomersFromServer, writeImportChunk } from '../api';

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

/** Chunks written at the same time: the batches are independent, and four in flight keep the emulator and a real project busy. */
const PARALLEL_CHUNKS = 4;

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
    let plan: ImportPlan | undefined;
    let written = 0;
    const writtenIds = new Set<string>();
    try {
      setPhase({ step: 'importing', done: 0, total: 0 });
      const existing = await loadCustomersFromServer(shopId);
      plan = planCustomerImport(shopId, files.flatMap((f) => f.rows), mapping, { normalize }, existing);
      const pending = chunks(plan.toImport);
      setPhase({ step: 'importing', done: 0, total: plan.toImport.length });
      for (let i = 0; i < pending.length; i += PARALLEL_CHUNKS) {
        const wave = pending.slice(i, i + PARALLEL_CHUNKS);
        const results = await Promise.allSettled(wave.map((chunk) => writeImportChunk(shopId, chunk)));
        results.forEach((r, k) => {
          if (r.status !== 'fulfilled') return;
          for (const planned of wave[k] ?? []) writtenIds.add(planned.id);
        });
        written = writtenIds.size;
        setPhase({ step: 'importing', done: written, total: plan.toImport.length });
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
      }
      setPhase({ step: 'finished', plan, written });
    } catch (error) {
      setPhase({ step: 'failed', message: `Errore durante l'import: ${italianError(error)}`, plan, written });
    } finally {
      if (plan && written > 0) {
        logActivity({
          action: 'csv_import',
          module: 'customers',
          details: {
            kind: 'customers',
            files: files.map((f) => f.name),
            imported: written,
            skipped: plan.skipped.length,
            operations: plan.toImport.filter((p) => writtenIds.has(p.id)).map((p) => ({ action: 'create', id: p.id, name: p.values.ragioneSociale || `${p.values.name} ${p.values.surname}`.trim(), partitaIva: p.values.partitaIva, codiceFiscale: p.values.codiceFiscale })),
          },
        });
      }
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
