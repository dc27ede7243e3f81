/**
 * Decimal helpers for the SdI checks and their messages, on top of the exact BigInt decimals of domain/money:
 * tolerant parsing of XML text, exact percentages, canonical keys and Italian formatting.
 */
import { parseDecimal, rescale, round, toFixed, type Decimal } from '../money/decimal';

export { abs, add, cmp, isZero, mul, neg, round, sub, ZERO } from '../money/decimal';
export type Dec = Decimal;

/** Parses an xs:decimal from XML text (no exponent); undefined when absent or not one (the XSD reports that). */
export function parseDec(text: string | undefined): Dec | undefined {
  if (text === undefined || /[eE]/.test(text)) return undefined;
  return parseDecimal(text) ?? undefined;
}

/** a / 100, exact. */
export function percentOf(a: Dec): Dec {
  return { units: a.units, scale: a.scale + 2 };
}

/** Canonical key: trailing zeros removed, so 22, 22.0 and 22.00 share one key. */
export function decKey(a: Dec): string {
  let { units, scale } = a;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return `${units}e-${scale}`;
}

/** Plain decimal text with exactly the scale of `a` ('-0.50'). */
export function toPlainString(a: Dec): string {
  return toFixed(a, a.scale);
}

/**
 * Italian formatting: '.' groups thousands, ',' separates decimals. At least `minDecimals` decimals; extra
 * decimals up to `maxDecimals` are kept only when not zero; beyond `maxDecimals` the value is rounded half-up.
 * formatIt(25) → '25,00'; formatIt(1234.5) → '1.234,50'; formatIt(3.333333, 2, 8) → '3,333333'.
 */
export function formatIt(a: Dec, minDecimals = 2, maxDecimals = minDecimals): string {
  const plain = toFixed(rescale(round(a, maxDecimals), Math.max(minDecimals, Math.min(a.scale, maxDecimals))), minDecimals, maxDecimals);
  const negative = plain.startsWith('-');
  const [int = '0', frac = ''] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${frac !== '' ? `,${frac}` : ''}`;
}

/** A VAT rate for messages: '22.00' → '22', '5.50' → '5,5', '0.22' → '0,22'. */
export function formatRate(a: Dec): string {
  return formatIt(a, 0, 2);
}
