/**
 * The amounts of a sale (document 3 §9), computed with the exact decimal module, never with floating-point
 * running totals. One implementation shared by the Sale converter (src/data/sale-lines, the line total it shows)
 * and the Sale migration (the totals and tax breakdown it writes), so both read a legacy sale the same way.
 *
 * - Line total (gross) = price × quantity minus the percentage discount, rounded half-up to 2 decimals.
 * - Net = gross / (1 + vat rate), rounded to 2 decimals; vat = gross − net (so net + vat is the gross exactly).
 * - Totals = gross minus discounts plus surcharges. The adjustment is shared among the VAT rates in proportion to
 *   their gross (in cents, the last rate takes the remainder), and each rate's net and vat are taken from its
 *   adjusted gross, so totals.gross = totals.net + totals.vat = Σ taxBreakdown.gross.
 * Vat rates are percentages (22 = 22 %), as the POS stores them.
 */
import { add, dec, decimalToCents, div, fromCents, mul, sub, toNumber, type Decimal } from '@/domain/money';

export interface LineAmounts {
  gross: number;
  net: number;
  vat: number;
}

export interface TaxRow extends LineAmounts {
  vatRate: number;
}

const ONE = dec(1);
const HUNDRED = dec(100);

function d(n: number): Decimal {
  return dec(Number.isFinite(n) ? n : 0);
}

/** Line total = unit price × quantity minus the percentage discount, half-up to 2 decimals (euro). */
export function lineGross(unitPrice: number, qty: number, discountPercent: number): number {
  const factor = sub(ONE, div(d(discountPercent), HUNDRED, 10));
  return centsOf(mul(mul(d(unitPrice), d(qty)), factor)) / 100;
}

function centsOf(a: Decimal): number {
  return decimalToCents(a);
}

/** Net cents of a gross amount in cents at a VAT percentage: gross / (1 + rate/100), half-up to the cent. */
export function netCents(grossCents: number, vatRate: number): number {
  const divisor = add(ONE, div(d(vatRate), HUNDRED, 10));
  if (divisor.units === 0n) return grossCents;
  return centsOf(div(fromCents(grossCents), divisor, 2));
}

/** Gross, net and vat of one line (vat rate missing → 0 %). */
export function lineAmounts(gross: number, vatRate: number | undefined): LineAmounts {
  const g = centsOf(d(gross));
  const n = netCents(g, vatRate ?? 0);
  return { gross: g / 100, net: n / 100, vat: (g - n) / 100 };
}

export interface AmountLine {
  /** The line's gross (its total), euro. */
  gross: number;
  vatRate?: number;
}

/**
 * The tax breakdown by VAT rate, after the sale's discounts and surcharges (euro amounts). Rows in ascending rate
 * order; a line without a rate counts at 0 %.
 */
export function taxBreakdown(lines: readonly AmountLine[], discounts = 0, surcharges = 0): TaxRow[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = line.vatRate ?? 0;
    byRate.set(rate, (byRate.get(rate) ?? 0) + centsOf(d(line.gross)));
  }
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  if (rates.length === 0) return [];
  const adjustment = centsOf(d(surcharges)) - centsOf(d(discounts));
  const base = rates.reduce((s, r) => s + (byRate.get(r) ?? 0), 0);
  let left = adjustment;
  return rates.map((rate, i) => {
    const gross = byRate.get(rate) ?? 0;
    const last = i === rates.length - 1;
    const share = last ? left : base === 0 ? 0 : Math.round((adjustment * gross) / base);
    left -= share;
    const g = gross + share;
    const n = netCents(g, rate);
    return { vatRate: rate, gross: g / 100, net: n / 100, vat: (g - n) / 100 };
  });
}

/** Totals of a sale from its tax breakdown (sums in cents). */
export function saleTotals(rows: readonly TaxRow[]): LineAmounts {
  const sum = (k: keyof LineAmounts) => rows.reduce((s, r) => s + centsOf(d(r[k])), 0) / 100;
  return { gross: sum('gross'), net: sum('net'), vat: sum('vat') };
}

/** Euro amount half-up to 2 decimals on its decimal form (for values a migration writes as numbers). */
export function euro2(n: number): number {
  return toNumber(fromCents(centsOf(d(n))));
}
