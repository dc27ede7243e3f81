/**
 * The package checks itself: the invoice files it holds, read again by the app's FatturaPA reader,
 * give the VAT summary of its invoice sections; the totals written in riepilogo-iva.csv and indice.csv, and the sums
 * of the two VAT registers' rows (with one protocol per document), must equal those sums to the cent. Used by the
 * tests (unit and e2e) on the unzipped package.
 */
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '@/domain/csv/csv';
import { readInvoiceFile } from '@/domain/fatturapa/invoice-file';
import { readIncomingJson } from '@/domain/fatturapa/reader';
import { toCents } from '@/domain/money';
import { FILES, FOLDERS, INDEX_TOTAL_LABEL, SUMMARY_TOTAL, type Direction } from './build';
import { CORRISPETTIVI_TYPE } from './registers';
import { VAT_SECTION_LABEL, VatSummaryBuilder, type VatSummary } from './vat-summary';

const decoder = new TextDecoder();

/** The direction of an invoice file that counts in the totals (rejected ones, in scartate/, do not). */
function countedDirection(path: string): Direction | undefined {
  if (!/\.(xml|xml\.p7m|json)$/.test(path) || path.startsWith(FOLDERS.scartate)) return undefined;
  if (path.startsWith(FOLDERS.emesse) && !path.slice(FOLDERS.emesse.length).includes('/')) return 'emesse';
  if (path.startsWith(FOLDERS.ricevute) && !path.slice(FOLDERS.ricevute.length).includes('/')) return 'ricevute';
  return undefined;
}

/** The VAT summary of the invoice files of an unzipped package, and how many documents (bodies) each direction has. */
function readInvoiceFiles(files: Readonly<Record<string, Uint8Array>>): { summary: VatSummary; documents: Record<Direction, number> } {
  const vat = new VatSummaryBuilder();
  const documents = { emesse: 0, ricevute: 0 };
  for (const [path, bytes] of Object.entries(files)) {
    const direction = countedDirection(path);
    if (!direction) continue;
    // An XML file is read in the encoding it declares (a received invoice is kept byte for byte as it came).
    const views = path.endsWith('.json') ? readIncomingJson(decoder.decode(bytes)) : readInvoiceFile(bytes, path).views;
    views.forEach((v, i) => vat.addInvoice(direction, `${path}#${i}`, v.documentType, v.vatSummary));
    documents[direction] += views.length;
  }
  return { summary: vat.result(), documents };
}

/** The VAT summary of the invoice files of an unzipped package. */
export function summaryFromFiles(files: Readonly<Record<string, Uint8Array>>): VatSummary {
  return readInvoiceFiles(files).summary;
}

const csvCents = (text: string | undefined) => toCents(parseCsvNumber(text ?? '', 'decimal-comma') ?? 0) ?? 0;

function rowsOf(files: Readonly<Record<string, Uint8Array>>, path: string): Record<string, string>[] {
  const bytes = files[path];
  if (!bytes) throw new Error(`${path} manca nel pacchetto`);
  return parseCsv(decodeCsvBytes(bytes).text).rows;
}

/** The differences between the written totals and the files' sums; an empty list means the package reconciles. */
export function reconciliationProblems(files: Readonly<Record<string, Uint8Array>>): string[] {
  const { summary: fromFiles, documents } = readInvoiceFiles(files);
  const problems: string[] = [];
  const summaryRows = rowsOf(files, FILES.riepilogoCsv);
  const indexRows = rowsOf(files, FILES.indice);
  for (const direction of ['emesse', 'ricevute'] as const) {
    const expected = fromFiles.totals[direction];
    const written = summaryRows.find((r) => r['Sezione'] === VAT_SECTION_LABEL[direction] && r['Aliquota o natura'] === SUMMARY_TOTAL);
    const indexed = indexRows.find((r) => r['Tipo'] === INDEX_TOTAL_LABEL[direction]);
    for (const [name, row, taxable, tax] of [
      [FILES.riepilogoCsv, written, 'Imponibile', 'Imposta'],
      [FILES.indice, indexed, 'Imponibile', 'IVA'],
    ] as const) {
      if (!row) {
        problems.push(`${name}: manca il totale ${direction}`);
        continue;
      }
      if (csvCents(row[taxable]) !== expected.taxableCents) problems.push(`${name} ${direction}: imponibile ${row[taxable]} ≠ ${expected.taxableCents / 100}`);
      if (csvCents(row[tax]) !== expected.taxCents) problems.push(`${name} ${direction}: imposta ${row[tax]} ≠ ${expected.taxCents / 100}`);
    }
    problems.push(...registerProblems(files, direction, expected, documents[direction]));
  }
  return problems;
}

const REGISTER_OF: Record<Direction, string> = { emesse: FILES.registroVendite, ricevute: FILES.registroAcquisti };

/** A register's invoice rows (the corrispettivi apart) summed, and its protocols counted, against the invoice files. */
function registerProblems(files: Readonly<Record<string, Uint8Array>>, direction: Direction, expected: { taxableCents: number; taxCents: number }, documents: number): string[] {
  const name = REGISTER_OF[direction];
  if (!files[name]) return [`${name} manca nel pacchetto`];
  const rows = rowsOf(files, name).filter((r) => r['Tipo documento'] !== CORRISPETTIVI_TYPE);
  const taxable = rows.reduce((s, r) => s + csvCents(r['Imponibile']), 0);
  const tax = rows.reduce((s, r) => s + csvCents(r['Imposta']), 0);
  const protocols = new Set(rows.map((r) => r['Protocollo'] ?? '')).size;
  const problems: string[] = [];
  if (taxable !== expected.taxableCents) problems.push(`${name}: imponibile ${taxable / 100} ≠ ${expected.taxableCents / 100}`);
  if (tax !== expected.taxCents) problems.push(`${name}: imposta ${tax / 100} ≠ ${expected.taxCents / 100}`);
  if (protocols !== documents) problems.push(`${name}: ${protocols} protocolli per ${documents} documenti nei file`);
  return problems;
}
