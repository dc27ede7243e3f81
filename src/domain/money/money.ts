/**
 * Money in integer euro cents: parsing (tolerant of Italian and JS text forms), half-up rounding at 2 decimals,
 * formatting in the Italian locale.
 */
import { dec, parseDecimal, rescale, toFixed } from './decimal';

/** An integer number of euro cents. */
export type Cents = number;

const euroFormatter = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/**
 * Normalises amount text to a plain decimal string: accepts '12.5', '12,50', '1.234,56', '1,234.56', '€ 3,00',
 * '-7'. When both separators appear, the last one is the decimal separator; a lone ',' is decimal; several
 * identical separators are thousands separators. Returns null for anything else.
 */
export function normalizeAmountText(text: string): string | null {
  let t = text.replace(/[\s\u00a0\u202f€]/g, '').replace(/^EUR/i, '').replace(/EUR$/i, '');
  if (t === '') return null;
  const commas = t.split(',').length - 1;
  const dots = t.split('.').length - 1;
  let decimalSep: string | null = null;
  let thousandsSep: string | null = null;
  if (commas > 0 && dots > 0) {
    decimalSep = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
    thousandsSep = decimalSep === ',' ? '.' : ',';
  } else if (commas > 0) {
    if (commas === 1) decimalSep = ',';
    else thousandsSep = ',';
  } else if (dots > 1) {
    thousandsSep = '.';
  } else if (dots === 1) {
    decimalSep = '.';
  }
  if (decimalSep !== null && t.split(decimalSep).length > 2) return null;
  const [intPart = '', fracPart] = decimalSep === null ? [t] : t.split(decimalSep);
  let intDigits = intPart;
  if (thousandsSep !== null) {
    const grouped = new RegExp(`^[+-]?\\d{1,3}(\\${thousandsSep}\\d{3})+$`);
    if (!grouped.test(intPart)) return null;
    intDigits = intPart.split(thousandsSep).join('');
  }
  t = fracPart === undefined ? intDigits : `${intDigits}.${fracPart}`;
  return parseDecimal(t) === null ? null : t;
}

/** Parses amount text (see normalizeAmountText) into cents rounded half-up; null when not a number. */
export function parseCents(text: string): Cents | null {
  const normalized = normalizeAmountText(text);
  if (normalized === null) return null;
  const d = parseDecimal(normalized);
  return d === null ? null : Number(rescale(d, 2).units);
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
