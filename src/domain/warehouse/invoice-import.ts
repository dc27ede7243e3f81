/**
 * Import goods from an incoming invoice into the warehouse (document 2 §4.6, §5 'Warehouse import form', §9).
 * Pure: the rows of the modal, their formulas, defaults and rounding, the pack quantity applied to descriptions,
 * the matching with the shop's products and the plan of creations and updates that one batch writes.
 *
 * - Final price = base × (1 + markup%) × (1 + VAT%), rounded to 2 decimals; base prices to 4.
 * - Editing the final price back-computes the base; editing the VAT keeps the final price and recomputes the base
 *   (the base is the final price taken out of markup and VAT). A global markup (default 45%) applies to every row.
 * - Defaults: unit 'PZ', VAT 22, quantity 1. A row with an empty name or a quantity that is not a number > 0 is
 *   skipped. Numbers are at least 0.
 * - A line describing a pack ('CT 24', 'coppia') is loaded as pieces: quantity × pack, base ÷ pack.
 * - A row matching a product already in the warehouse writes the selling price of import-prices.ts (the rule of
 *   the import, or the price typed on the row), never a back-computed cost: its cost is the invoice's.
 */
import * as D from '../money/decimal';
import { centsToEuro, roundHalfUp } from '../money/money';
import { readNumberText } from '../numbers/parse-number';
import { readIncomingJson, InvoiceReadError } from '../fatturapa/reader';
import { packQuantity } from './pack-quantity';
import { pricedUpdate, type ImportPricing, type ListinoConflict, type ListinoField } from './import-prices';

export const DEFAULT_MARKUP = 45;
export const DEFAULT_VAT = 22;
export const DEFAULT_UM = 'PZ';
export const DEFAULT_QUANTITY = 1;
export { PRICE_EPSILON } from './import-prices';

export const WAREHOUSE_IMPORT_MESSAGES = {
  incomplete: "Dati fattura incompleti per l'aggiunta al magazzino.",
  noProducts: 'Nessun prodotto trovato nel payload della fattura.',
  notAuthenticated: 'Utente non autenticato. Impossibile aggiungere al magazzino.',
  importError: (reason: string) => `Errore durante l'importazione: ${reason}`,
  noValidProducts: 'Nessun prodotto valido da importare.',
  imported: (n: number) => `${n} prodotti importati/aggiornati in magazzino!`,
  markedManually: 'Fattura segnata come già importata in magazzino!',
  incompleteOrNotAuthenticated: 'Dati fattura incompleti o utente non autenticato.',
  operationError: (reason: string) => `Errore durante l'operazione: ${reason}`,
  listiniUndecided: 'Alcuni listini sono più alti del nuovo prezzo: scegli se abbassarli o lasciarli come sono.',
} as const;

/** One goods line of the invoice, whatever its source (the payload's lines or the normalised products list). */
export interface SourceLine {
  description: string;
  quantity?: number;
  unitPrice?: number;
  /** The line's total (discounts included), when known. */
  total?: number;
  vatRate?: number;
  um?: string;
  /** CodiceArticolo entries (type, value) or a plain code. */
  codes: readonly { type?: string; value: string }[];
  /** TipoCessionePrestazione (SC, PR, AB, AC), when the invoice gives one. */
  kindCode?: string;
  /** The body (lotto) the line belongs to, 1-based: a discount applies within its own body. */
  bodyIndex?: number;
}

export interface ImportRow {
  key: string;
  name: string;
  code: string;
  barcode: string;
  um: string;
  /** Pieces loaded into stock. */
  quantity: number;
  markup: number;
  /** Purchase price per piece, VAT excluded, 4 decimals. */
  basePrice: number;
  vatRate: number;
  /** Selling price VAT included, 2 decimals: the formula's. */
  finalPrice: number;
  /** The selling price typed on a row matching an existing product: it wins over the import's price rule. */
  manualPrice?: number;
  /** Pieces per invoiced unit found in the description (1 when none). */
  pack: number;
  /** The invoice's quantity before the pack was applied. */
  invoiceQuantity: number;
}

export const round2 = (n: number) => roundHalfUp(n, 2);
export const round4 = (n: number) => roundHalfUp(n, 4);
const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** (100 + percent) / 100, exact. */
const upBy = (percent: number) => D.div(D.add(D.dec(100), D.dec(nonNegative(percent))), D.dec(100), 20);

/** Base × (1 + markup) × (1 + VAT), computed exactly and rounded half-up to the cent once. */
export function finalPriceOf(base: number, markup: number, vatRate: number): number {
  return centsToEuro(D.decimalToCents(D.mul(D.mul(D.dec(nonNegative(base)), upBy(markup)), upBy(vatRate))));
}

export function basePriceOf(final: number, markup: number, vatRate: number): number {
  return round4(nonNegative(final) / ((1 + nonNegative(markup) / 100) * (1 + nonNegative(vatRate) / 100)));
}

const EAN = /^\d{8}$|^\d{12,14}$/;

/** A barcode: a code typed EAN/GTIN/UPC, or 8, 12, 13 or 14 digits. */
function isBarcode(code: { type?: string; value: string }): boolean {
  return /EAN|GTIN|UPC|BARCODE/i.test(code.type ?? '') || EAN.test(code.value.trim());
}

/** The modal's rows for an invoice's lines, with the defaults and the global markup. */
export function rowsFromLines(lines: readonly SourceLine[], markup = DEFAULT_MARKUP): ImportRow[] {
  return lines.map((line, i) => {
    const name = line.description.replace(/\s+/g, ' ').trim();
    const invoiceQuantity = line.quantity !== undefined && Number.isFinite(line.quantity) && line.quantity > 0 ? line.quantity : DEFAULT_QUANTITY;
    const pack = packQuantity(name);
    // The effective unit cost: the line total over its quantity (discounts included, a free good at 0), else the
    // unit price.
    const unitCost = line.total !== undefined && Number.isFinite(line.total) && line.total >= 0 ? line.total / invoiceQuantity : (line.unitPrice ?? 0);
    const basePrice = round4(nonNegative(unitCost) / pack);
    const vatRate = line.vatRate !== undefined && Number.isFinite(line.vatRate) && line.vatRate >= 0 ? line.vatRate : DEFAULT_VAT;
    const barcode = line.codes.find(isBarcode)?.value.trim() ?? '';
    const code = line.codes.find((c) => !isBarcode(c))?.value.trim() ?? '';
    return {
      key: `row-${i}`,
      name,
      code,
      barcode,
      um: pack > 1 ? DEFAULT_UM : line.um?.trim() || DEFAULT_UM,
      quantity: round4(invoiceQuantity * pack),
      markup,
      basePrice,
      vatRate,
      finalPrice: finalPriceOf(basePrice, markup, vatRate),
      pack,
      invoiceQuantity,
    };
  });
}

export type EditableField = 'name' | 'markup' | 'quantity' | 'basePrice' | 'vatRate' | 'finalPrice' | 'manualPrice';

/** The row without its hand-typed price: the formula (and the import's rule) decide again. */
function formulaPriced(row: ImportRow): ImportRow {
  const out = { ...row };
  delete out.manualPrice;
  return out;
}

/**
 * Applies one edit with the recomputation the spec gives; numbers below 0 (or not numbers) become 0. A new markup
 * or base asks for the formula's price again, so it drops a hand-typed price; an emptied hand-typed price goes back
 * to the rule rather than selling at 0.
 */
export function editRow(row: ImportRow, field: EditableField, value: string | number): ImportRow {
  if (field === 'name') return { ...row, name: String(value) };
  const n = typeof value === 'number' ? value : (readNumberText(String(value)) ?? Number.NaN);
  const v = nonNegative(n);
  switch (field) {
    case 'quantity':
      // Kept as typed (NaN included): an invalid quantity skips the row instead of becoming 0 silently.
      return { ...row, quantity: Number.isFinite(n) ? n : NaN };
    case 'markup':
      return { ...formulaPriced(row), markup: v, finalPrice: finalPriceOf(row.basePrice, v, row.vatRate) };
    case 'basePrice': {
      const base = round4(v);
      return { ...formulaPriced(row), basePrice: base, finalPrice: finalPriceOf(base, row.markup, row.vatRate) };
    }
    case 'manualPrice':
      return Number.isFinite(n) ? { ...row, manualPrice: round2(v) } : formulaPriced(row);
    case 'vatRate':
      return { ...row, vatRate: v, basePrice: basePriceOf(row.finalPrice, row.markup, v) };
    case 'finalPrice': {
      const final = round2(v);
      return { ...row, finalPrice: final, basePrice: basePriceOf(final, row.markup, row.vatRate) };
    }
  }
}

/** The global markup applied to every row (final prices recomputed from the bases). */
export function applyMarkup(rows: readonly ImportRow[], markup: number): ImportRow[] {
  return rows.map((row) => editRow(row, 'markup', markup));
}

export function isValidRow(row: ImportRow): boolean {
  return row.name.trim() !== '' && Number.isFinite(row.quantity) && row.quantity > 0;
}

/**
 * Reads the lines of an incoming invoice's JSON payload (every body); a payload that is not one throws. Which of
 * them are goods is invoice-line-kind.ts's rule (sortInvoiceLines).
 */
export function linesFromPayload(payload: string): SourceLine[] {
  const views = readIncomingJson(payload);
  return views.flatMap((view) =>
    view.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.total,
      vatRate: line.vatRate,
      um: line.unitOfMeasure,
      codes: line.articleCodes.map((c) => ({ type: c.type, value: c.value })),
      ...(line.serviceType ? { kindCode: line.serviceType } : {}),
      bodyIndex: view.bodyIndex,
    })),
  );
}

export { InvoiceReadError };

/** The part of a product the matching and the plan need (data/scrap's Scrap fits). */
export interface ExistingProduct {
  id: string;
  name: string;
  code: string;
  barcode: string;
  price: number;
  listino2?: number;
  listino3?: number;
  quantity: number;
  stock: { qty: number; minQty: number; track: boolean };
}

const norm = (s: string) => s.trim().toLowerCase();

/** Matching an existing product: by barcode, then by code (also a code equal to a barcode), then by name. */
export function matchProduct<P extends ExistingProduct>(row: ImportRow, products: readonly P[]): P | undefined {
  const barcode = norm(row.barcode);
  const code = norm(row.code);
  const name = norm(row.name);
  return (
    (barcode ? products.find((p) => norm(p.barcode) === barcode) : undefined) ??
    (code ? products.find((p) => norm(p.code) === code) : undefined) ??
    (code ? products.find((p) => norm(p.barcode) === code) : undefined) ??
    (name ? products.find((p) => norm(p.name) === name) : undefined)
  );
}

/** The values the lookup queries must find (chunks of 30 per field). */
export function lookupValues(rows: readonly ImportRow[]): { codes: string[]; barcodes: string[]; names: string[] } {
  const uniq = (values: string[]) => [...new Set(values.filter((v) => v !== ''))];
  const valid = rows.filter(isValidRow);
  return {
    codes: uniq(valid.flatMap((r) => [r.code.trim()])),
    barcodes: uniq(valid.flatMap((r) => [r.barcode.trim(), r.code.trim()])),
    names: uniq(valid.map((r) => r.name.trim())),
  };
}

export interface PlannedCreate {
  kind: 'create';
  row: ImportRow;
}
export interface PlannedUpdate<P extends ExistingProduct = ExistingProduct> {
  kind: 'update';
  row: ImportRow;
  product: P;
  /** Stock after the load. */
  quantity: number;
  /** The selling price written (import-prices.ts). */
  price: number;
  changedPrice: boolean;
  /** The listini above the new price. */
  listinoConflicts: ListinoConflict[];
  /** The listini written: those the shop chose to lower. */
  listini: Partial<Record<ListinoField, number>>;
}
export type PlannedWrite<P extends ExistingProduct = ExistingProduct> = PlannedCreate | PlannedUpdate<P>;

/**
 * Valid rows → creations and updates. Two rows matching the same product update it once with both quantities
 * (the last row's prices win); two new rows with the same barcode/code/name become one product. An update's
 * selling price and listini follow the pricing, against the products as given (the write passes them fresh).
 */
export function planImport<P extends ExistingProduct>(rows: readonly ImportRow[], products: readonly P[], pricing: ImportPricing): PlannedWrite<P>[] {
  const out: PlannedWrite<P>[] = [];
  const updates = new Map<string, PlannedUpdate<P>>();
  const created: ImportRow[] = [];
  for (const row of rows.filter(isValidRow)) {
    const product = matchProduct(row, products);
    if (product) {
      const prev = updates.get(product.id);
      const base = prev ? prev.quantity : product.stock.qty;
      const priced = pricedUpdate(product, row.finalPrice, row.manualPrice, pricing);
      const planned: PlannedUpdate<P> = {
        kind: 'update',
        row,
        product,
        quantity: round4(base + row.quantity),
        price: priced.price,
        changedPrice: priced.changedPrice,
        listinoConflicts: priced.conflicts,
        listini: priced.listini,
      };
      if (prev) out[out.indexOf(prev)] = planned;
      else out.push(planned);
      updates.set(product.id, planned);
      continue;
    }
    const twin = matchProduct(row, created.map((r) => ({ id: r.key, name: r.name, code: r.code, barcode: r.barcode, price: r.finalPrice, quantity: r.quantity, stock: { qty: r.quantity, minQty: 0, track: true } })));
    if (twin) {
      const index = out.findIndex((w) => w.kind === 'create' && w.row.key === twin.id);
      const first = out[index];
      if (first?.kind === 'create') {
        const merged = { ...row, key: first.row.key, quantity: round4(first.row.quantity + row.quantity) };
        out[index] = { kind: 'create', row: merged };
        created[created.findIndex((r) => r.key === first.row.key)] = merged;
      }
      continue;
    }
    out.push({ kind: 'create', row });
    created.push(row);
  }
  return out;
}
