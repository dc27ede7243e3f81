/**
 * The one CSV module (DESIGN.md §9) over papaparse, for every export and import.
 * - Export: semicolon separator, UTF-8 with BOM, decimal comma, dates dd/MM/yyyy, so Excel in Italy opens the
 *   file as columns; numbers are written without thousands separators so they read back unchanged.
 * - Import: encoding (UTF-8 with or without BOM, else Windows-1252) and delimiter (semicolon, comma, tab)
 *   detected; quoted fields with newlines, blank lines, trailing empty columns, headers in any case.
 * papaparse is a heavy library: screens load this module with `import()` when the user exports or imports.
 */
import Papa from 'papaparse';
import { columnNumberReading, readNumber, type NumberReading } from './numbers';
import { decodeWindows1252 } from './windows-1252';

export { columnNumberReading, NUMBER_READING_LABELS, type NumberReading } from './numbers';

export const CSV_DELIMITER = ';';
const BOM = '\uFEFF';

export type CsvCell = string | number | Date | boolean | null | undefined;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** dd/MM/yyyy, as Italian spreadsheets read it. */
export function csvDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A number with a decimal comma and no thousands separator ('1234,5'): Excel in Italy reads it as a number. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

// A text cell starting like this is a formula to Excel and LibreOffice (OWASP: CSV injection). Apostrophes before it
// count too, so that a text that really starts with "'=" survives the round trip.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d[\d.,]*$/;

/**
 * A text cell as it is safe to write: one apostrophe in front of what a spreadsheet would run as a formula
 * ('=HYPERLINK(…)', '+SUM(…)', '@cmd', '-2+3'); a plain number written as text ('-12,50') stays a number.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The original text of a cell that `neutralizeFormula` wrote: export → import is lossless. */
export function restoreFormula(text: string): string {
  return FORMULA_START.test(text) && text.startsWith("'") && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : csvDate(cell);
  if (typeof cell === 'number') return csvNumber(cell);
  if (typeof cell === 'boolean') return cell ? 'sì' : 'no';
  return neutralizeFormula(cell);
}

/** The text of a CSV file (BOM included) with a header row. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const body = Papa.unparse({ fields: [...headers], data: rows.map((r) => r.map(cellText)) }, { delimiter: CSV_DELIMITER, newline: '\r\n', quotes: false });
  return `${BOM}${body}\r\n`;
}

/**
 * Bytes → text: UTF-16 when the file starts with its BOM (Excel's 'Testo Unicode'), UTF-8 (BOM or not) when the
 * bytes are valid UTF-8, else Windows-1252 (Excel's 'CSV' on Windows).
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'utf-16' | 'windows-1252' } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text, encoding: 'utf-16' };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text, encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** The delimiter of the first non-blank line, counting only separators outside quotes. */
export function detectDelimiter(text: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  let seen = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted && ch in counts) counts[ch as keyof typeof counts] += 1;
    if (!quoted && ch.trim() !== '') seen = true;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).sort((a, b) => counts[b] - counts[a])[0] ?? ';';
  return counts[best] > 0 ? best : ';';
}

export interface ParsedCsv {
  headers: string[];
  /** Data rows as objects keyed by header (as written), trailing empty columns dropped. */
  rows: Record<string, string>[];
  /** 1-based row number of each row, the header being row 1 (a quoted field spanning lines is one row). */
  lineOf: number[];
  delimiter: string;
  errors: string[];
}

export class CsvError extends Error {}

// Excel writes (and reads) a first line 'sep=;' naming the separator: it is not the header row.
const EXCEL_SEPARATOR_LINE = /^"?sep=(.)"?[ \t]*(?:\r\n|\n|\r|$)/i;

/** Parses CSV text with a header row; blank lines are skipped; a file with no header gives a CsvError in Italian. */
export function parseCsv(input: string): ParsedCsv {
  let text = input.startsWith(BOM) ? input.slice(1) : input;
  const separatorLine = EXCEL_SEPARATOR_LINE.exec(text);
  if (separatorLine) text = text.slice(separatorLine[0].length);
  const named = separatorLine?.[1];
  const delimiter = named === ';' || named === ',' || named === '\t' || named === '|' ? named : detectDelimiter(text);
  const lineOffset = separatorLine ? 1 : 0;
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  const table = result.data.map((r) => {
    const row = [...r];
    while (row.length > 0 && (row[row.length - 1] ?? '').trim() === '') row.pop();
    return row;
  });
  const headerRow = table[0];
  if (!headerRow || headerRow.length === 0) throw new CsvError('Il file CSV è vuoto o non ha una riga di intestazione.');
  const headers = headerRow.map((h) => h.trim());
  const errors = result.errors.map((e) => `Riga ${(e.row ?? 0) + 1 + lineOffset}: ${e.message}`);
  const rows: Record<string, string>[] = [];
  const lineOf: number[] = [];
  for (let i = 1; i < table.length; i++) {
    const values = table[i] ?? [];
    if (values.every((v) => v.trim() === '')) continue;
    rows.push(Object.fromEntries(headers.map((h, c) => [h, restoreFormula((values[c] ?? '').trim())])));
    lineOf.push(i + 1 + lineOffset);
  }
  return { headers, rows, lineOf, delimiter, errors };
}

/**
 * A number of a CSV cell: read with its column's reading when known (see numbers.ts), else with the reading the
 * cell alone suggests — '1.234' is then 1234, as in an Italian file.
 */
export function parseCsvNumber(text: string, reading: NumberReading = columnNumberReading([text])): number | undefined {
  return readNumber(text, reading);
}

/** dd/MM/yyyy (or d/M/yyyy, also with '-' or '.') → local date; undefined when not a real date. */
export function parseCsvDate(text: string): Date | undefined {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getDate() === d && date.getMonth() === mo - 1 ? date : undefined;
}
