/**
 * Reads the CSV files a user chose for an import (customers, products, price updates): bytes → text (encoding
 * detected) → rows (delimiter detected), one file after the other, with an Italian message per unreadable or
 * empty file. The CSV module (papaparse) is loaded here on demand, with the first file, never with the page.
 */
import type { SourceRow } from '@/domain/csv/column-mapping';
import { columnCountProblem, csvBytesProblem, csvSizeProblem, unknownEncodingProblem } from '@/domain/csv/file-screening';

/** A file read for an import: its header, its data rows (with file name and line) and what was detected. */
export interface LoadedCsvFile {
  name: string;
  headers: string[];
  rows: SourceRow[];
  encoding: string;
  delimiter: string;
}

/** What a chosen file must offer (a browser File does; its size lets a huge file be refused before reading it). */
export interface CsvFileSource {
  name: string;
  size?: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ReadCsvFilesResult {
  /** The readable files, in the order chosen (also those with no data rows or with parse errors). */
  files: LoadedCsvFile[];
  /** One message per problem, prefixed by the file's name. */
  errors: string[];
  /** Every header of every file, once, in order of appearance. */
  headers: string[];
}

/** The headers of several files, each once, in order of appearance. */
export function headersOf(files: readonly Pick<LoadedCsvFile, 'headers'>[]): string[] {
  return [...new Set(files.flatMap((f) => f.headers))];
}

export async function readCsvFiles(list: Iterable<CsvFileSource> | ArrayLike<CsvFileSource> | null): Promise<ReadCsvFilesResult> {
  const chosen = list ? Array.from(list) : [];
  // papaparse arrives with the first file, not with the page.
  const { decodeCsvBytes, parseCsv, CsvError } = await import('@/domain/csv/csv');
  const files: LoadedCsvFile[] = [];
  const errors: string[] = [];
  for (const file of chosen) {
    try {
      // Hostile or mistaken files are refused whole, before any row is read (nothing is ever half-imported).
      const tooBig = file.size === undefined ? undefined : csvSizeProblem(file.size);
      if (tooBig) {
        errors.push(`${file.name}: ${tooBig}`);
        continue;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { text, encoding } = decodeCsvBytes(bytes);
      const problem = csvBytesProblem(bytes) ?? (encoding === 'windows-1252' ? unknownEncodingProblem(text) : undefined);
      if (problem) {
        errors.push(`${file.name}: ${problem}`);
        continue;
      }
      const parsed = parseCsv(text);
      const columns = columnCountProblem(parsed.headers.length);
      if (columns) {
        errors.push(`${file.name}: ${columns}`);
        continue;
      }
      if (parsed.rows.length === 0) errors.push(`${file.name}: il file non contiene righe di dati.`);
      if (parsed.errors.length > 0) errors.push(`${file.name}: ${parsed.errors.slice(0, 3).join('; ')}`);
      files.push({
        name: file.name,
        headers: parsed.headers,
        encoding,
        delimiter: parsed.delimiter,
        rows: parsed.rows.map((row, i) => ({ file: file.name, line: parsed.lineOf[i] ?? i + 2, row })),
      });
    } catch (error) {
      errors.push(`${file.name}: ${error instanceof CsvError ? error.message : 'il file non è un CSV leggibile.'}`);
    }
  }
  return { files, errors, headers: headersOf(files) };
}
