/**
 * The item lines of a Sale, whatever the stored shape (document 2 §3, document 3 §3):
 * - legacy indexed fields scrapName{i}, scrapPrice{i}, scrapQuantity{i}, scrapIva{i}, scrapCategory{i},
 *   scrapCode{i}, scrapDiscount{i} (with scrapCount, possibly missing or wrong);
 * - the new `lines[]` (productSnapshot, qty, unitPrice, lineDiscount, gross/net/vat, plus legacy scrap fields);
 * - the `items[]` of invoice drafts.
 * Features see one `SaleLine[]`.
 */
import { MIGRATION_DEFAULTS } from '@/domain/migration/migration';
import { lineGross } from '@/domain/sales/sale-amounts';
import { asRecord, compact, pick, round2, toBool, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

export interface SaleLine {
  lineId: string;
  productRef?: string;
  name: string;
  code?: string;
  barcode?: string;
  category?: string;
  /** Quantity; 1 when missing or unreadable. */
  qty: number;
  /** Unit price VAT included, as sold. */
  unitPrice: number;
  vatRate?: number;
  /** FatturaPA Natura of a 0% line (N2.1...), carried by drafts rebuilt from an invoice (credit notes). */
  natura?: string;
  /** Percentage discount on the line (scrapDiscount / lineDiscount); 0 when none. */
  discountPercent: number;
  /** Line total: the stored total, else qty × unitPrice minus the percentage discount, 2 decimals. */
  total: number;
  net?: number;
  vat?: number;
  unitOfMeasure: string;
  changedPrice: boolean;
  loyaltyEligible: boolean;
}

export type SaleLineSource = 'lines' | 'legacy' | 'items' | 'none';

export const DEFAULT_UNIT_OF_MEASURE = MIGRATION_DEFAULTS.unitOfMeasure;

/**
 * Line total = price × quantity minus the percentage discount (document 3 §9), half-up to 2 decimals, computed
 * exactly (the same function the Sale migration uses, so the converter and the migration agree).
 */
export const lineTotal = lineGross;

function positiveQty(value: unknown): number {
  const q = toNumber(value);
  return q === undefined || q <= 0 ? 1 : q;
}

const LEGACY_KEY = /^scrap(Name|Price|Quantity|Iva|Category|Code|Discount|Barcode)(\d+)$/;

/** Indexes of the legacy lines: 0..scrapCount-1, widened to every scrap*{i} field present. */
export function legacyLineIndexes(raw: RawDoc): number[] {
  let count = Math.max(0, Math.trunc(toNumber(raw.scrapCount, 0)));
  for (const key of Object.keys(raw)) {
    const m = LEGACY_KEY.exec(key);
    if (m?.[2] !== undefined) count = Math.max(count, Number(m[2]) + 1);
  }
  const indexes: number[] = [];
  for (let i = 0; i < count; i++) {
    if (raw[`scrapName${i}`] !== undefined || raw[`scrapPrice${i}`] !== undefined) indexes.push(i);
  }
  return indexes;
}

function readLegacyLine(raw: RawDoc, i: number): SaleLine {
  const unitPrice = toNumber(raw[`scrapPrice${i}`], 0);
  const qty = positiveQty(raw[`scrapQuantity${i}`]);
  const discountPercent = toNumber(raw[`scrapDiscount${i}`], 0);
  return {
    lineId: String(i),
    name: toStr(raw[`scrapName${i}`]).trim(),
    code: toOptStr(raw[`scrapCode${i}`]),
    barcode: toOptStr(raw[`scrapBarcode${i}`]),
    category: toOptStr(raw[`scrapCategory${i}`]),
    qty,
    unitPrice,
    vatRate: toNumber(raw[`scrapIva${i}`]),
    discountPercent,
    total: lineTotal(unitPrice, qty, discountPercent),
    unitOfMeasure: DEFAULT_UNIT_OF_MEASURE,
    changedPrice: false,
    loyaltyEligible: MIGRATION_DEFAULTS.loyaltyEligible,
  };
}

function readNewLine(raw: RawDoc, index: number): SaleLine {
  const snap = asRecord(raw.productSnapshot);
  const unitPrice = toNumber(pick(raw, 'unitPrice', 'scrapPrice', 'price'), 0);
  const qty = positiveQty(pick(raw, 'qty', 'scrapQuantity', 'quantity'));
  const discountPercent = toNumber(pick(raw, 'lineDiscount', 'scrapDiscount', 'discount'), 0);
  const total = toNumber(pick(raw, 'total', 'gross'));
  return {
    lineId: toOptStr(raw.lineId) ?? String(index),
    productRef: toOptStr(raw.productRef),
    name: toStr(pick(snap, 'name') ?? pick(raw, 'scrapName', 'name', 'description')).trim(),
    code: toOptStr(pick(snap, 'code') ?? pick(raw, 'scrapCode', 'code')),
    barcode: toOptStr(pick(snap, 'barcode') ?? pick(raw, 'scrapBarcode', 'barcode')),
    category: toOptStr(pick(snap, 'category') ?? pick(raw, 'scrapCategory', 'category')),
    qty,
    unitPrice,
    vatRate: toNumber(pick(snap, 'vatRate', 'iva') ?? pick(raw, 'vatRate', 'scrapIva', 'iva')),
    natura: toOptStr(raw.natura),
    discountPercent,
    total: total === undefined ? lineTotal(unitPrice, qty, discountPercent) : round2(total),
    net: toNumber(raw.net),
    vat: toNumber(raw.vat),
    unitOfMeasure: toOptStr(pick(snap, 'unitOfMeasure') ?? pick(raw, 'unitOfMeasure', 'um')) ?? DEFAULT_UNIT_OF_MEASURE,
    changedPrice: toBool(raw.changedPrice),
    loyaltyEligible: toBool(raw.loyaltyEligible, MIGRATION_DEFAULTS.loyaltyEligible),
  };
}

function readItem(raw: RawDoc, index: number): SaleLine {
  const line = readNewLine(raw, index);
  return { ...line, vatRate: line.vatRate ?? toNumber(pick(raw, 'aliquotaIva', 'aliquota_iva')) };
}

/** One clean list of lines, and which stored shape it came from (lines[] first, then legacy, then items[]). */
export function readSaleLines(raw: RawDoc): { lines: SaleLine[]; lineSource: SaleLineSource } {
  if (Array.isArray(raw.lines) && raw.lines.length > 0) {
    return { lines: (raw.lines as unknown[]).map((l, i) => readNewLine(asRecord(l), i)), lineSource: 'lines' };
  }
  const indexes = legacyLineIndexes(raw);
  if (indexes.length > 0) return { lines: indexes.map((i) => readLegacyLine(raw, i)), lineSource: 'legacy' };
  if (Array.isArray(raw.items) && raw.items.length > 0) {
    return { lines: (raw.items as unknown[]).map((l, i) => readItem(asRecord(l), i)), lineSource: 'items' };
  }
  return { lines: [], lineSource: 'none' };
}

/** Writes the lines back in the shape they were read from (the POS app reads each shape as it wrote it). */
export function writeSaleLines(lines: SaleLine[], source: SaleLineSource): RawDoc {
  if (source === 'legacy') {
    const out: RawDoc = { scrapCount: lines.length };
    lines.forEach((l, i) => {
      Object.assign(out, compact({
        [`scrapName${i}`]: l.name,
        [`scrapPrice${i}`]: l.unitPrice,
        [`scrapQuantity${i}`]: l.qty,
        [`scrapIva${i}`]: l.vatRate,
        [`scrapCategory${i}`]: l.category,
        [`scrapCode${i}`]: l.code,
        [`scrapBarcode${i}`]: l.barcode,
        [`scrapDiscount${i}`]: l.discountPercent === 0 ? undefined : l.discountPercent,
      }));
    });
    return out;
  }
  if (source === 'items') {
    return {
      items: lines.map((l) => compact({ code: l.code, description: l.name, quantity: l.qty, price: l.unitPrice, iva: l.vatRate, natura: l.natura, discount: l.discountPercent || undefined, total: l.total })),
    };
  }
  if (source === 'none' && lines.length === 0) return {};
  return {
    lines: lines.map((l) => compact({
      lineId: l.lineId,
      productRef: l.productRef,
      productSnapshot: { barcode: l.barcode ?? '', code: l.code ?? '', name: l.name, unitOfMeasure: l.unitOfMeasure, vatRate: l.vatRate },
      qty: l.qty,
      unitPrice: l.unitPrice,
      lineDiscount: l.discountPercent,
      natura: l.natura,
      gross: l.total,
      net: l.net,
      vat: l.vat,
      changedPrice: l.changedPrice,
      loyaltyEligible: l.loyaltyEligible,
      scrapName: l.name,
      scrapPrice: l.unitPrice,
      scrapQuantity: l.qty,
      scrapIva: l.vatRate,
      scrapCategory: l.category,
      scrapCode: l.code,
      total: l.total,
    })),
  };
}
