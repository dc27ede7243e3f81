/**
 * Money in integer euro cents: parsing (through the one number parser, domain/numbers), half-up rounding at 2 decimals,
 * formatting in the Italian locale.
 */
import { columnNumberReading, parseCentsText } from '../numbers/parse-number';
import { dec, decimalToCents, div, mul, rescale, sub, toFixed } from './decimal';

/** An integer number of euro cents. */
export type Cents = number;

// 'always': Italian's own rule leaves four-digit amounts ungrouped ('9070,18 €'); an Italian accountant writes 9.070,18.
const euroFormatter = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });

/**
 * Amount text whose writer is unknown (an older document, a file cell) to cents rounded half-up: the one number
 * parser (domain/numbers) in the value's own reading, so '12,50', '12.50', '1.234,56', '1,234.56', '€ 3,00' and
 * 'EUR 7' read and '1e3', 'NaN' or '1,2,3' do not. Null when not a number. Text typed in a form goes through
 * parseCentsText with the field's name instead, for its message.
 */
export function parseCents(text: string): Cents | null {
  const t = text.trim().replace(/^EUR/i, '').replace(/EUR$/i, '');
  const parsed = parseCentsText(t, { field: 'Importo', allowNegative: true, reading: columnNumberReading([t]) });
  return parsed.ok ? parsed.cents : null;
}

/**
 * Euro amount (number, or text as stored by older documents) to cents, rounded half-up on its decimal form:
 * toCents(1.005) = 101, toCents(-1.005) = -101, toCents('2,675') = 268. Returns null for non-numbers.
 */
export function toCents(value: number | string | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Number(rescale(dec(value), 2).units);
  }
  return parseCents(value);
}

/**
 * A line's amount in cents: quantity × unit price, less a percentage discount, computed exactly and rounded
 * half-up to the cent once (0,125 × 8 = 1,00; 19,99 × 0,5 = 10,00). The one line total of DDTs, forms and PDFs.
 */
export function lineAmountCents(quantity: number, unitPrice: number, discountPercent = 0): Cents {
  if (!Number.isFinite(quantity) || !Number.isFinite(unitPrice) || !Number.isFinite(discountPercent)) return 0;
  const gross = mul(dec(quantity), dec(unitPrice));
  const discounted = discountPercent === 0 ? gross : div(mul(gross, sub(dec(100), dec(discountPercent))), dec(100), gross.scale + 4);
  return decimalToCents(discounted);
}

/** Rounds an euro amount half-up to `decimals` places, on its decimal form (roundHalfUp(1.005) = 1.01). */
export function roundHalfUp(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  return Number(toFixed(dec(value), decimals));
}

/** Cents to an euro number (for display or legacy fields only; compute in cents). */
export function centsToEuro(cents: Cents): number {
  return cents / 100;
}

/** Cents as '12.50' (the FatturaPA and JSON form). */
export function centsToDecimalString(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Centesimi non interi: ${String(cents)}`);
  return toFixed({ units: BigInt(cents), scale: 2 }, 2);
}

/** Cents formatted for people in the Italian locale, e.g. '12.345,50 €' (with a no-break space). */
export function formatEuroCents(cents: Cents): string {
  return euroFormatter.format(cents / 100);
}

/** An euro amount formatted in the Italian locale, rounded half-up to cents first. */
export function formatEuro(value: number): string {
  const cents = toCents(value);
  return cents === null ? '' : formatEuroCents(cents);
}
