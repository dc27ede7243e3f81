/**
 * Exact decimal arithmetic on BigInt-scaled integers (value = units / 10^scale).
 *
 * Used where integer cents are not enough: FatturaPA unit prices carry up to 8 decimals and quantities up to 8,
 * and the SdI arithmetic checks (00421/00422/00423) must be reproduced without binary floating-point error.
 * Rounding is half-up, away from zero on negatives (the SdI's "round half up": third decimal >= 5 rounds up).
 */

export interface Decimal {
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

export const ZERO: Decimal = { units: 0n, scale: 0 };

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a plain decimal string ('12', '-0.5', '1e-7', '.25'). Returns null when it is not one. */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return null;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? '';
  if (intPart === '' && fracPart === '') return null;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  let units = BigInt((intPart || '0') + fracPart);
  let scale = fracPart.length - exp;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  if (m[1] === '-') units = -units;
  return { units, scale };
}

/**
 * Converts a number (its shortest round-trip decimal form, so 0.1 is exactly 0.1), a decimal string or a bigint.
 * Throws on NaN, Infinity or a malformed string.
 */
export function dec(value: number | string | bigint | Decimal): Decimal {
  if (typeof value === 'object') return value;
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Numero non valido: ${String(value)}`);
  }
  const d = parseDecimal(String(value));
  if (d === null) throw new RangeError(`Numero non valido: ${String(value)}`);
  return d;
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  if (a.scale > b.scale) return [a.units, b.units * pow10(a.scale - b.scale), a.scale];
  return [a.units * pow10(b.scale - a.scale), b.units, b.scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function neg(a: Decimal): Decimal {
  return { units: -a.units, scale: a.scale };
}

export function abs(a: Decimal): Decimal {
  return a.units < 0n ? neg(a) : a;
}

/** -1, 0 or 1. */
export function cmp(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(a: Decimal): boolean {
  return a.units === 0n;
}

/** Integer division of n by d (d > 0) rounded half-up away from zero. */
function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const an = negative ? -n : n;
  const q = (an * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** Rounds half-up (away from zero) to `scale` decimals. Never adds precision it does not have. */
export function round(a: Decimal, scale: number): Decimal {
  if (a.scale <= scale) return a;
  return { units: divRoundHalfUp(a.units, pow10(a.scale - scale)), scale };
}

/** Rescales to exactly `scale` decimals (rounding half-up when reducing). */
export function rescale(a: Decimal, scale: number): Decimal {
  if (a.scale === scale) return a;
  if (a.scale < scale) return { units: a.units * pow10(scale - a.scale), scale };
  return round(a, scale);
}

/** a / b rounded half-up to `scale` decimals. Throws on division by zero. */
export function div(a: Decimal, b: Decimal, scale: number): Decimal {
  if (b.units === 0n) throw new RangeError('Divisione per zero');
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); result units = that * 10^scale
  let n = a.units * pow10(scale + b.scale);
  let d = b.units * pow10(a.scale);
  if (d < 0n) {
    d = -d;
    n = -n;
  }
  return { units: divRoundHalfUp(n, d), scale };
}

/**
 * Fixed-point text with '.' as separator, rounded half-up to `maxDecimals` and with trailing zeros trimmed down
 * to `minDecimals` (e.g. toFixed(dec('8.1967213115'), 2, 8) = '8.19672131', toFixed(dec('10'), 2, 8) = '10.00').
 */
export function toFixed(a: Decimal, minDecimals: number, maxDecimals: number = minDecimals): string {
  let r = rescale(round(a, maxDecimals), Math.max(a.scale <= maxDecimals ? a.scale : maxDecimals, minDecimals));
  // trim trailing zeros beyond minDecimals
  while (r.scale > minDecimals && r.units % 10n === 0n) {
    r = { units: r.units / 10n, scale: r.scale - 1 };
  }
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(r.scale + 1, '0');
  const intPart = digits.slice(0, digits.length - r.scale);
  const frac = digits.slice(digits.length - r.scale);
  const body = r.scale > 0 ? `${intPart}.${frac}` : intPart;
  return negative && r.units !== 0n ? `-${body}` : body;
}

export function toNumber(a: Decimal): number {
  return Number(toFixed(a, 0, Math.max(a.scale, 0)));
}

/** Integer cents of a decimal, rounded half-up. */
export function decimalToCents(a: Decimal): number {
  return Number(rescale(a, 2).units);
}

export function fromCents(cents: number): Decimal {
  if (!Number.isInteger(cents)) throw new RangeError(`Centesimi non interi: ${String(cents)}`);
  return { units: BigInt(cents), scale: 2 };
}

export function sum(values: readonly Decimal[]): Decimal {
  let acc = ZERO;
  for (const v of values) acc = add(acc, v);
  return acc;
}
