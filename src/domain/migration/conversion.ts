/**
 * Legacy → current conversion of a Sale (document 3 §3, §9), pure. The input is the Sale as the one converter
 * (src/data/sale) reads it, whatever its stored shape: this module never reads a stored legacy document itself, so
 * there is one reading of a legacy sale in the whole code base. (The stock default of a Scrap: warehouse/stock-defaults.ts.)
 */
import { lineAmounts, saleTotals, taxBreakdown, type LineAmounts, type TaxRow } from '@/domain/sales/sale-amounts';
import { MIGRATION_DEFAULTS } from './migration';

/** The fields of a converter-read sale line the conversion uses (data/sale-lines' SaleLine satisfies it). */
export interface ConvertibleLine {
  lineId: string;
  productRef?: string;
  name: string;
  code?: string;
  barcode?: string;
  category?: string;
  qty: number;
  unitPrice: number;
  vatRate?: number;
  discountPercent: number;
  total: number;
  net?: number;
  vat?: number;
  unitOfMeasure: string;
  changedPrice: boolean;
  loyaltyEligible: boolean;
}

export interface ConvertibleSale {
  price: number;
  method: string;
  lines: ConvertibleLine[];
  discounts?: number;
  surcharges?: number;
  fidelityPointsEarned?: number;
  payment?: { method: string; currency: string; breakdown: { method: string; amount: number }[] };
}

export interface ConvertedSale {
  lines: ConvertibleLine[];
  payment: { method: string; currency: string; breakdown: { method: string; amount: number }[] };
  totals: LineAmounts;
  taxBreakdown: TaxRow[];
  price: number;
  discounts?: number;
  surcharges?: number;
  fidelityPointsEarned?: number;
}

/**
 * The current structure of a sale: every line with its gross (the line total), net and vat; the tax breakdown by
 * rate and the totals after discounts and surcharges; the payment (method, or 'Contanti'; EUR; one breakdown row
 * of the price). A sale without lines has totals from its price at 0 % and no breakdown rows.
 * Deterministic: converting a converted sale gives the same fields.
 */
export function convertSale(sale: ConvertibleSale): ConvertedSale {
  const lines = sale.lines.map((l) => {
    const a = lineAmounts(l.total, l.vatRate);
    return {
      ...l,
      total: a.gross,
      net: a.net,
      vat: a.vat,
      unitOfMeasure: l.unitOfMeasure || MIGRATION_DEFAULTS.unitOfMeasure,
    };
  });
  const rows = taxBreakdown(lines.map((l) => ({ gross: l.total, vatRate: l.vatRate })), sale.discounts ?? 0, sale.surcharges ?? 0);
  const totals = rows.length > 0 ? saleTotals(rows) : lineAmounts(sale.price, 0);
  const method = sale.method.trim() || sale.payment?.method || MIGRATION_DEFAULTS.paymentMethod;
  const payment = sale.payment && sale.payment.breakdown.length > 0
    ? { method: sale.payment.method || method, currency: sale.payment.currency || MIGRATION_DEFAULTS.currency, breakdown: sale.payment.breakdown }
    : { method, currency: MIGRATION_DEFAULTS.currency, breakdown: [{ method, amount: lineAmounts(sale.price, 0).gross }] };
  return {
    lines,
    payment,
    totals,
    taxBreakdown: rows,
    price: lineAmounts(sale.price, 0).gross,
    discounts: sale.discounts,
    surcharges: sale.surcharges,
    fidelityPointsEarned: sale.fidelityPointsEarned,
  };
}

