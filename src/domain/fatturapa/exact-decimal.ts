/**
 * Exact decimal arithmetic for the SdI checks: a value is `units / 10^scale` with bigint units.
 * Only what the checks need: parse, add, subtract, multiply, divide by 100, compare, round half-up, format.
 */

export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const POW10: bigint[] = [];
function pow10(n: number): bigint {
  let p = POW10[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    POW10[n] = p;
  }
  return p;
}

export const ZERO: Dec = { units: 0n, scale: 0 };

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Parses an xs:decimal lexical form ('-12.50', '5', '.5'); undefined when it is not one. */
export function parseDec(text: string | undefined): Dec | undefined {
  if (text === undefined) return undefined;
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return undefined;
  const units = BigInt(`${m[1] === '-' ? '-' : ''}${int || '0'}${frac}`);
  return { units, scale: frac.length };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  if (a.scale > b.scale) return [a.units, b.units * pow10(a.scale - b.scale), a.scale];
  return [a.units * pow10(b.scale - a.scale), b.units, b.scale];
}

export function add(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function mul(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a / 100, exact. */
export function percentOf(a: Dec): Dec {
  return { units: a.units, scale: a.scale + 2 };
}

export function neg(a: Dec): Dec {
  return { units: -a.units, scale: a.scale };
}

export function abs(a: Dec): Dec {
  return a.units < 0n ? neg(a) : a;
}

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(a: Dec): boolean {
  return a.units === 0n;
}

/** Rounds to `decimals` places, half away from zero (half-up on magnitudes, as SdI's rule for Imposta). */
export function round(a: Dec, decimals: number): Dec {
  if (a.scale <= decimals) return { units: a.units * pow10(decimals - a.scale), scale: decimals };
  const div = pow10(a.scale - decimals);
  const negative = a.units < 0n;
  const mag = negative ? -a.units : a.units;
  let q = mag / div;
  if ((mag % div) * 2n >= div) q += 1n;
  return { units: negative ? -q : q, scale: decimals };
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

/** Plain decimal string with exactly the scale of `a` ('-0.50'). */
export function toPlainString(a: Dec): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const int = digits.slice(0, digits.length - a.scale);
  const frac = a.scale > 0 ? `.${digits.slice(digits.length - a.scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

/**
 * Italian formatting: '.' groups thousands, ',' separates decimals. At least `minDecimals` decimals; extra
 * decimals up to `maxDecimals` are kept only when not zero; beyond `maxDecimals` the value is rounded half-up.
 * formatIt(25) → '25,00'; formatIt(1234.5) → '1.234,50'; formatIt(3.333333, 2, 8) → '3,333333'.
 */
export function formatIt(a: Dec, minDecimals = 2, maxDecimals = minDecimals): string {
  let r = a.scale > maxDecimals ? round(a, maxDecimals) : a;
  if (r.scale < minDecimals) r = round(r, minDecimals);
  const plain = toPlainString(r);
  const negative = plain.startsWith('-');
  const [int = '0', rawFrac = ''] = (negative ? plain.slice(1) : plain).split('.');
  let frac = rawFrac;
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const isZeroValue = /^0*$/.test(int + frac);
  return `${negative && !isZeroValue ? '-' : ''}${grouped}${frac !== '' ? `,${frac}` : ''}`;
}

/** A VAT rate for messages: '22.00' → '22', '5.50' → '5,5', '0.22' → '0,22'. */
export function formatRate(a: Dec): string {
  return formatIt(a, 0, 2);
}
