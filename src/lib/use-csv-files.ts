import { useState } from 'react';
import { headersOf, readCsvFiles, type LoadedCsvFile } from './read-csv-files';

/**
 * The files of a CSV import panel and their column mapping: `choose` reads the chosen files (readCsvFiles) and
 * guesses the mapping from their headers; `clear` empties both. The panel's own steps (reading, import…)
 * stay in its hook.
 */
export function useCsvFiles<M>(emptyMapping: () => M, guessMapping: (headers: readonly string[]) => M) {
  const [files, setFiles] = useState<LoadedCsvFile[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [mapping, setMapping] = useState<M>(emptyMapping);

  async function choose(list: FileList | null): Promise<void> {
    const read = await readCsvFiles(list);
    setFiles(read.files);
    setFileErrors(read.errors);
    setMapping(guessMapping(read.headers));
  }

  function clear(): void {
    setFiles([]);
    setFileErrors([]);
    setMapping(emptyMapping());
  }

  return { files, fileErrors, headers: headersOf(files), mapping, setMapping, choose, clear };
}
