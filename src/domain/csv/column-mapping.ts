/**
 * Column mapping of a CSV import: which file column feeds which field. Shared by every importer (customers,
 * products, price updates); each importer gives its fields and the header spellings it recognises.
 * Pure: no papaparse here, so screens can guess a mapping before loading the parser.
 */

/** field → the header (as written in the file) that feeds it; '' = not mapped. */
export type ColumnMapping<F extends string> = Record<F, string>;

/** 'Città/Comune ' → 'citta comune': lowercase, accents and punctuation dropped, spaces collapsed. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Guesses the mapping from the headers: a header matches a field when its normalised text equals one of the
 * field's spellings. Each header feeds at most one field, and fields are served in the order given, so list
 * the more specific fields first.
 */
export function guessMapping<F extends string>(headers: readonly string[], spellings: Readonly<Record<F, readonly string[]>>): ColumnMapping<F> {
  const used = new Set<string>();
  const mapping = {} as ColumnMapping<F>;
  for (const field of Object.keys(spellings) as F[]) {
    const wanted = new Set(spellings[field].map(normalizeHeader));
    const header = headers.find((h) => !used.has(h) && wanted.has(normalizeHeader(h)));
    mapping[field] = header ?? '';
    if (header !== undefined) used.add(header);
  }
  return mapping;
}

/** The value of a field in a row through the mapping ('' when unmapped or missing), trimmed. */
export function mappedValue<F extends string>(row: Readonly<Record<string, string>>, mapping: ColumnMapping<F>, field: F): string {
  const header = mapping[field];
  return header ? (row[header] ?? '').trim() : '';
}

/** A data row of an imported file, with where it came from (every importer's input). */
export interface SourceRow {
  file: string;
  /** 1-based line of the row in its file (the header is line 1). */
  line: number;
  row: Readonly<Record<string, string>>;
}
