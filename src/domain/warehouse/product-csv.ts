/**
 * CSV import of products and of price updates (pack 'xml prodotti'), and the export in the importer's format.
 * Shares the customers' importer pieces: column mapping (domain/csv/column-mapping), parsing with delimiter and
 * encoding detection (domain/csv/csv, loaded by the screen). Pure.
 *
 * - Match by barcode, then code (then, for a row with neither, by name in the products import).
 * - 'products': a matched product is updated with the mapped fields that differ, the others are created under a
 *   stable id (shop + barcode/code/name), so an interrupted import run again creates nothing twice and finds the
 *   rows already written unchanged.
 * - 'prices': only the price (and listino 2/3 when mapped) of products found; unknown rows are reported.
 * - Each change becomes an operation of the log (action, code, barcode, name, before, after).
 */
import { guessMapping, mappedValue, normalizeHeader, type ColumnMapping, type SourceRow } from '../csv/column-mapping';
import { columnNumberReading, readNumber, type NumberReading } from '../csv/numbers';
import type { ProductLike } from './products';
import { roundHalfUp } from '../money/money';

export type ImportMode = 'products' | 'prices';

export const PRODUCT_CSV_FIELDS = ['name', 'code', 'barcode', 'price', 'vatRate', 'quantity', 'minQty', 'um', 'category', 'purchasePrice', 'listino2', 'listino3'] as const;
export type ProductCsvField = (typeof PRODUCT_CSV_FIELDS)[number];
export type ProductCsvMapping = ColumnMapping<ProductCsvField>;

/** The export's headers, which the importer recognises first. */
export const PRODUCT_CSV_LABELS: Record<ProductCsvField, string> = {
  name: 'Nome',
  code: 'Codice',
  barcode: 'Codice a barre',
  price: 'Prezzo',
  vatRate: 'IVA',
  quantity: 'Quantità',
  minQty: 'Scorta minima',
  um: 'Unità di misura',
  category: 'Categoria',
  purchasePrice: 'Prezzo acquisto',
  listino2: 'Listino 2',
  listino3: 'Listino 3',
};

/** Header spellings, most specific fields first (guessMapping serves them in this order). */
export const PRODUCT_HEADER_SPELLINGS: Record<ProductCsvField, readonly string[]> = {
  barcode: ['Codice a barre', 'barcode', 'bar code', 'ean', 'ean13', 'codice ean', 'gtin', 'cod barre'],
  purchasePrice: ['Prezzo acquisto', 'prezzo di acquisto', 'costo', 'costo acquisto', 'purchase price'],
  listino2: ['Listino 2', 'listino2', 'prezzo listino 2'],
  listino3: ['Listino 3', 'listino3', 'prezzo listino 3'],
  minQty: ['Scorta minima', 'minimo', 'qta minima', 'quantita minima', 'min qty'],
  code: ['Codice', 'cod', 'code', 'codice articolo', 'cod articolo', 'sku', 'riferimento'],
  name: ['Nome', 'descrizione', 'prodotto', 'articolo', 'name', 'descrizione articolo', 'nome prodotto'],
  price: ['Prezzo', 'prezzo vendita', 'prezzo di vendita', 'prezzo al pubblico', 'prezzo ivato', 'price', 'nuovo prezzo'],
  vatRate: ['IVA', 'aliquota', 'aliquota iva', 'iva %', 'vat', 'vatrate'],
  quantity: ['Quantità', 'qta', 'qt', 'giacenza', 'quantity', 'stock', 'qty', 'esistenza'],
  um: ['Unità di misura', 'um', 'u m', 'unita', 'unit'],
  category: ['Categoria', 'categorie', 'category', 'reparto', 'famiglia'],
};

export function guessProductMapping(headers: readonly string[]): ProductCsvMapping {
  const guessed = guessMapping(headers, PRODUCT_HEADER_SPELLINGS);
  const out = {} as ProductCsvMapping;
  for (const f of PRODUCT_CSV_FIELDS) out[f] = guessed[f];
  return out;
}

export function emptyProductMapping(): ProductCsvMapping {
  return Object.fromEntries(PRODUCT_CSV_FIELDS.map((f) => [f, ''])) as ProductCsvMapping;
}

export const PRODUCT_MAPPING_INCOMPLETE: Record<ImportMode, string> = {
  products: 'Mapping incompleto - Devi mappare almeno Nome e Prezzo (e Codice a barre o Codice per aggiornare i prodotti esistenti)',
  prices: 'Mapping incompleto - Devi mappare almeno Codice a barre o Codice e Prezzo',
};

export function productMappingProblem(mapping: ProductCsvMapping, mode: ImportMode): string | null {
  const hasKey = mapping.barcode !== '' || mapping.code !== '';
  const hasPrice = mapping.price !== '' || (mode === 'prices' && (mapping.listino2 !== '' || mapping.listino3 !== ''));
  if (mode === 'products' ? mapping.name === '' || mapping.price === '' : !hasKey || !hasPrice) return PRODUCT_MAPPING_INCOMPLETE[mode];
  return null;
}

/** The part of a stored product the import reads (data/scrap's Scrap fits): the list's fields, unit and cost. */
export interface CsvProduct extends Omit<ProductLike, 'changedPrice'> {
  um: string;
  purchasePrice?: number;
}

/** The values a row sets; undefined = not in the file (left as stored). */
export interface ProductChange {
  name?: string;
  code?: string;
  barcode?: string;
  price?: number;
  vatRate?: number;
  quantity?: number;
  minQty?: number;
  um?: string;
  category?: string;
  purchasePrice?: number;
  listino2?: number;
  listino3?: number;
}

export type ProductSkipReason = 'no-name' | 'bad-number' | 'no-price' | 'not-found' | 'duplicate' | 'no-key';

export const PRODUCT_SKIP_LABELS: Record<ProductSkipReason, string> = {
  'no-name': 'Senza nome (prodotto nuovo)',
  'no-price': 'Senza prezzo (prodotto nuovo)',
  'bad-number': 'Numero non valido',
  'no-key': 'Senza codice a barre né codice',
  'not-found': 'Nessun prodotto con questo codice a barre o codice',
  duplicate: 'Ripetuto nel file (vale la prima riga)',
};

export interface PlannedProductWrite {
  kind: 'create' | 'update';
  /** Stable id for a creation; the product's id for an update. */
  id: string;
  source: SourceRow;
  change: ProductChange;
  before?: CsvProduct;
  /** Names of the fields that change (updates). */
  fields: string[];
}

export interface ProductSkip {
  source: SourceRow;
  reason: ProductSkipReason;
  detail?: string;
}

export interface ProductImportPlan {
  mode: ImportMode;
  writes: PlannedProductWrite[];
  /** Rows matching a product whose values are already the file's (what a repeated import finds). */
  unchanged: SourceRow[];
  skipped: ProductSkip[];
  /** How each mapped number column was read. */
  readings: NumberReadings;
}

const NUMBER_FIELDS = ['price', 'vatRate', 'quantity', 'minQty', 'purchasePrice', 'listino2', 'listino3'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
const MONEY = new Set<NumberField>(['price', 'purchasePrice', 'listino2', 'listino3']);

export type NumberReadings = Partial<Record<NumberField, NumberReading>>;

/** How each mapped number column of the files is read (shown in the preview before the import writes). */
export function productNumberReadings(rows: readonly SourceRow[], mapping: ProductCsvMapping): NumberReadings {
  const readings: NumberReadings = {};
  for (const f of NUMBER_FIELDS) {
    if (mapping[f] === '') continue;
    readings[f] = columnNumberReading(rows.map((r) => mappedValue(r.row, mapping, f)));
  }
  return readings;
}

/** A row → its values (only the mapped, non-empty cells), or the first field whose number is unreadable. */
export function rowToChange(
  row: Readonly<Record<string, string>>,
  mapping: ProductCsvMapping,
  mode: ImportMode,
  readings: NumberReadings = {},
): { change: ProductChange; badField?: ProductCsvField } {
  const change: ProductChange = {};
  const text = (f: ProductCsvField) => mappedValue(row, mapping, f);
  const fields: ProductCsvField[] = mode === 'prices' ? ['code', 'barcode', 'name', 'price', 'listino2', 'listino3'] : [...PRODUCT_CSV_FIELDS];
  for (const f of fields) {
    const value = text(f);
    if (value === '') continue;
    if ((NUMBER_FIELDS as readonly string[]).includes(f)) {
      const reading = readings[f as NumberField] ?? columnNumberReading([value]);
      const n = readNumber(value, reading);
      if (n === undefined || n < 0) return { change, badField: f };
      change[f as NumberField] = MONEY.has(f as NumberField) ? roundHalfUp(n) : n;
    } else {
      (change as Record<string, string>)[f] = value.replace(/\s+/g, ' ');
    }
  }
  return { change };
}

const low = (s: string) => s.trim().toLowerCase();

/**
 * Stable id of a product created by an import: `csv-{shopId}-{FNV-1a 64 bits of the shop and the row's first key}`.
 * The whole shop id is in it because the rules accept such an id only from that shop (no squatting).
 */
export function importedProductId(shopId: string, change: ProductChange): string {
  const key = change.barcode ? `b:${change.barcode}` : change.code ? `c:${low(change.code)}` : `n:${low(change.name ?? '')}`;
  let h = 0xcbf29ce484222325n;
  for (const ch of `${shopId}|${key}`) {
    h ^= BigInt(ch.codePointAt(0) ?? 0);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `csv-${shopId}-${h.toString(16).padStart(16, '0')}`;
}

function differs(before: CsvProduct, change: ProductChange): string[] {
  const out: string[] = [];
  const cmpNum = (a: number | undefined, b: number | undefined) => a === undefined || b === undefined ? a !== b : Math.abs(a - b) > 0.001;
  if (change.name !== undefined && change.name !== before.name) out.push('name');
  if (change.code !== undefined && change.code !== before.code) out.push('code');
  if (change.barcode !== undefined && change.barcode !== before.barcode) out.push('barcode');
  if (change.price !== undefined && cmpNum(change.price, before.price)) out.push('price');
  if (change.vatRate !== undefined && cmpNum(change.vatRate, before.vatRate)) out.push('vatRate');
  if (change.quantity !== undefined && cmpNum(change.quantity, before.stock.qty)) out.push('quantity');
  if (change.minQty !== undefined && cmpNum(change.minQty, before.stock.minQty)) out.push('minQty');
  if (change.um !== undefined && change.um !== before.um) out.push('um');
  if (change.category !== undefined && change.category !== (before.category ?? '')) out.push('category');
  if (change.purchasePrice !== undefined && cmpNum(change.purchasePrice, before.purchasePrice)) out.push('purchasePrice');
  if (change.listino2 !== undefined && cmpNum(change.listino2, before.listino2)) out.push('listino2');
  if (change.listino3 !== undefined && cmpNum(change.listino3, before.listino3)) out.push('listino3');
  return out;
}

/** Indexes of the shop's products by barcode, code and name (lowercase); the first product wins a shared key. */
export function indexProducts<P extends CsvProduct>(products: readonly P[]) {
  const byBarcode = new Map<string, P>();
  const byCode = new Map<string, P>();
  const byName = new Map<string, P>();
  for (const p of products) {
    if (p.barcode && !byBarcode.has(p.barcode.trim())) byBarcode.set(p.barcode.trim(), p);
    if (p.code && !byCode.has(low(p.code))) byCode.set(low(p.code), p);
    if (p.name && !byName.has(low(p.name))) byName.set(low(p.name), p);
  }
  return { byBarcode, byCode, byName };
}

/** Decides, row by row, what the import creates, updates, leaves unchanged or skips (and why). */
export function planProductImport<P extends CsvProduct>(shopId: string, mode: ImportMode, rows: readonly SourceRow[], mapping: ProductCsvMapping, products: readonly P[]): ProductImportPlan {
  const index = indexProducts(products);
  const readings = productNumberReadings(rows, mapping);
  const plan: ProductImportPlan = { mode, writes: [], unchanged: [], skipped: [], readings };
  const seen = new Map<string, SourceRow>();
  for (const source of rows) {
    const { change, badField } = rowToChange(source.row, mapping, mode, readings);
    if (badField) {
      plan.skipped.push({ source, reason: 'bad-number', detail: `${PRODUCT_CSV_LABELS[badField]}: «${mappedValue(source.row, mapping, badField)}»` });
      continue;
    }
    const barcode = change.barcode?.trim() ?? '';
    const code = change.code ? low(change.code) : '';
    if (mode === 'prices' && !barcode && !code) {
      plan.skipped.push({ source, reason: 'no-key' });
      continue;
    }
    const key = barcode ? `b:${barcode}` : code ? `c:${code}` : `n:${low(change.name ?? '')}`;
    const first = seen.get(key);
    if (first) {
      plan.skipped.push({ source, reason: 'duplicate', detail: `${first.file}, riga ${first.line}` });
      continue;
    }
    seen.set(key, source);
    const match =
      (barcode ? index.byBarcode.get(barcode) : undefined) ??
      (code ? index.byCode.get(code) : undefined) ??
      (mode === 'products' && !barcode && !code && change.name ? index.byName.get(low(change.name)) : undefined);
    if (match) {
      // A price update writes prices only: the code and barcode found the product, they are not changed.
      const written: ProductChange = mode === 'prices' ? { price: change.price, listino2: change.listino2, listino3: change.listino3 } : change;
      const fields = differs(match, written);
      if (fields.length === 0) plan.unchanged.push(source);
      else plan.writes.push({ kind: 'update', id: match.id, source, change: written, before: match, fields });
      continue;
    }
    if (mode === 'prices') {
      plan.skipped.push({ source, reason: 'not-found' });
      continue;
    }
    if (!change.name) {
      plan.skipped.push({ source, reason: 'no-name' });
      continue;
    }
    if (change.price === undefined) {
      plan.skipped.push({ source, reason: 'no-price' });
      continue;
    }
    plan.writes.push({ kind: 'create', id: importedProductId(shopId, change), source, change, fields: Object.keys(change) });
  }
  return plan;
}

export interface PlanCounts {
  rows: number;
  create: number;
  update: number;
  priceChanges: number;
  unchanged: number;
  skipped: number;
}

export function planCounts(plan: ProductImportPlan): PlanCounts {
  return {
    rows: plan.writes.length + plan.unchanged.length + plan.skipped.length,
    create: plan.writes.filter((w) => w.kind === 'create').length,
    update: plan.writes.filter((w) => w.kind === 'update').length,
    priceChanges: plan.writes.filter((w) => w.kind === 'update' && w.fields.includes('price')).length,
    unchanged: plan.unchanged.length,
    skipped: plan.skipped.length,
  };
}

/** The log's operation of a write (document 3 §3 'CSV operation'): action, code, barcode, name, before, after. */
export function operationOf(w: PlannedProductWrite, mode: ImportMode) {
  const name = w.change.name ?? w.before?.name ?? '';
  const code = w.change.code ?? w.before?.code ?? '';
  const barcode = w.change.barcode ?? w.before?.barcode ?? '';
  if (mode === 'prices') return { action: 'price_update', code, barcode, name, before: w.before?.price ?? null, after: w.change.price ?? w.before?.price ?? null, fields: w.fields };
  if (w.kind === 'create') return { action: 'product_add', code, barcode, name, before: null, after: w.change.price ?? null };
  return { action: w.fields.includes('price') ? 'price_update' : 'product_update', code, barcode, name, before: w.before?.price ?? null, after: w.change.price ?? w.before?.price ?? null, fields: w.fields };
}

/** The skipped rows grouped by reason for the report. */
export function productSkipsByReason(skipped: readonly ProductSkip[]): { reason: ProductSkipReason; label: string; lines: string[] }[] {
  const order: ProductSkipReason[] = ['no-key', 'not-found', 'no-name', 'no-price', 'bad-number', 'duplicate'];
  return order
    .map((reason) => ({ reason, label: PRODUCT_SKIP_LABELS[reason], lines: skipped.filter((s) => s.reason === reason).map((s) => `${s.source.file}: ${s.source.line}${s.detail ? ` (${s.detail})` : ''}`) }))
    .filter((g) => g.lines.length > 0);
}

/** The products in the importer's own format (headers = PRODUCT_CSV_LABELS), numbers as numbers for the CSV module. */
export function productsTable(products: readonly CsvProduct[]): { headers: string[]; rows: (string | number)[][] } {
  const headers = PRODUCT_CSV_FIELDS.map((f) => PRODUCT_CSV_LABELS[f]);
  const opt = (n: number | undefined) => (n === undefined ? '' : n);
  const rows = products.map((p) => [p.name, p.code, p.barcode, p.price, opt(p.vatRate), p.stock.qty, p.stock.minQty, p.um, p.category ?? '', opt(p.purchasePrice), opt(p.listino2), opt(p.listino3)]);
  return { headers, rows };
}

export { normalizeHeader };
