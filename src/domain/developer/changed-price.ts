/**
 * changedPrice flagging from a CSV log (document 3 §5, §8, §9): which operations of a csv_price_update or
 * csv_import log changed a price, and the values to look the products up by. Prices are read with the one money
 * parser (euro sign and spaces removed, comma as decimal point, rounded to 2 decimals, compared in cents).
 */
import { toCents } from '@/domain/money';
import { countOf } from '@/domain/numbers/format-count';

export const FLAGGABLE_ACTIONS = ['csv_price_update', 'csv_import'] as const;
/** Products are looked up by code, barcode or name (src/data/scrap.ts productLookupQueries); updated in batches of 450 (§9). */
export const FLAG_BATCH = 450;

export const FLAG_MESSAGES = {
  noShop: 'Seleziona un negozio con userId valido.',
  invalidShop: 'Seleziona un negozio valido.',
  invalidLog: 'Log non valido o non supportato (solo csv_price_update o csv_import).',
  noOperations: 'Nessuna operazione disponibile in questo log.',
  noChangedInLog: 'Nessuna price_update con variazione prezzo in questo log.',
  noProductsInLog: 'Nessun prodotto corrispondente trovato da aggiornare per questo log.',
  noChangedInFilters: 'Nessuna operazione price_update con variazione prezzo trovata nei filtri attuali.',
  noProducts: 'Nessun prodotto corrispondente trovato da aggiornare.',
  failed: "Errore durante l'impostazione di changedPrice",
  done: (n: number) => `Operazione completata: changedPrice impostato a true per ${countOf(n, 'prodotto', 'prodotti')}.`,
} as const;

export interface CsvOperation {
  action: string;
  code: string;
  barcode: string;
  name: string;
  before: string;
  after: string;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The operations of a log's details (document 3 §3 'CSV operation'); entries that are not objects are skipped. */
export function readCsvOperations(details: Record<string, unknown>): CsvOperation[] {
  const list = details.operations;
  if (!Array.isArray(list)) return [];
  return list
    .filter((op): op is Record<string, unknown> => typeof op === 'object' && op !== null && !Array.isArray(op))
    .map((op) => ({ action: text(op.action), code: text(op.code), barcode: text(op.barcode), name: text(op.name), before: text(op.before), after: text(op.after) }));
}

/** The price of a CSV cell in cents, or null when it does not parse. */
export function parseCsvPrice(value: string): number | null {
  return value.trim() === '' ? null : toCents(value);
}

/** Changed: both parse and differ, or only one parses (document 3 §5). */
export function isPriceChanged(before: string, after: string): boolean {
  const b = parseCsvPrice(before);
  const a = parseCsvPrice(after);
  if (b === null && a === null) return false;
  if (b === null || a === null) return true;
  return a !== b;
}

export function changedPriceOperations(ops: readonly CsvOperation[]): CsvOperation[] {
  return ops.filter((op) => op.action === 'price_update' && isPriceChanged(op.before, op.after));
}

export function isFlaggableLog(action: string): boolean {
  return (FLAGGABLE_ACTIONS as readonly string[]).includes(action);
}

export interface LookupValues {
  codes: string[];
  barcodes: string[];
  names: string[];
}

/** The distinct non-empty codes, barcodes and names to look products up by. */
export function lookupValues(ops: readonly CsvOperation[]): LookupValues {
  const uniq = (values: string[]) => [...new Set(values.filter((v) => v !== ''))];
  return { codes: uniq(ops.map((o) => o.code)), barcodes: uniq(ops.map((o) => o.barcode)), names: uniq(ops.map((o) => o.name)) };
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
