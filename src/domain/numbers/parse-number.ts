/**
 * The one reader of numbers typed by people or read from files (forms, modals, imports, CSV columns, the
 * technician's tabs, text amounts stored by older documents). Everything else builds on it; `Number(text)` and
 * `parseFloat(text)` on user text are refused by the lint (eslint.config.js).
 *
 * Rules of the Italian reading ('decimal-comma', the default):
 * - the comma is the decimal mark: '12,5', '0,125', ',5';
 * - dots between groups of exactly three digits separate thousands: '1.005' → 1005, '1.000' → 1000,
 *   '1.234,56' → 1234,56, '12.345.678' → 12345678 (the first group has 1-3 digits and does not start with 0);
 * - with no comma, a single dot followed by one or two digits is a decimal mark: '12.50' → 12,5, '0.5' → 0,5
 *   (what a keyboard's numeric pad types); any other dot ('1.2345', '0.125', '1.23.4') is ambiguous and refused;
 * - '€', '%' and spaces (also no-break spaces) may appear anywhere; one leading '+' or '-' is allowed, the minus
 *   only where the field allows negative values;
 * - exponents ('1e3'), hex ('0x10'), 'Infinity', 'NaN', letters, two decimal marks ('1,2,3', '1,234.56') and
 *   empty text are refused with an Italian message that names the field.
 * The 'decimal-point' reading (a CSV column written the English way, '1,234.56') swaps the two marks: the dot is
 * the decimal mark and commas group exactly three digits. A CSV column picks its reading once from all its values
 * (columnNumberReading), so '1.234' is 1234 in an Italian column and 1,234 in an English one.
 *
 * The value is exact (a Decimal): money is then rounded half-up to the cent (parseCentsText), never through a
 * binary float.
 */
import { decimalToCents, toNumber, type Decimal } from '../money/decimal';

export type NumberReading = 'decimal-comma' | 'decimal-point';

export interface NumberFieldOptions {
  /** The field's label as the screen shows it ('Prezzo', 'Quantità'), used in the messages. */
  field: string;
  /** Whether a leading '-' is accepted (default false: quantities, prices, counters). */
  allowNegative?: boolean;
  /** Whether only whole numbers are accepted (counters, colli). */
  integer?: boolean;
  /** Default 'decimal-comma' (Italian). */
  reading?: NumberReading;
  /**
   * A CSV cell follows its column's reading strictly: no single-dot decimal in an Italian column ('12.50' there is
   * reported as against its column, not guessed). Forms leave it false.
   */
  strict?: boolean;
}

export type ParsedNumber = { ok: true; value: number; decimal: Decimal } | { ok: false; error: string };

export const NUMBER_MESSAGES = {
  empty: (field: string) => `${field}: inserisci un numero.`,
  invalid: (field: string, text: string) => `${field}: «${text}» non è un numero valido (es. 1.234,56).`,
  twoDecimalMarks: (field: string, text: string) => `${field}: «${text}» ha due separatori decimali.`,
  ambiguousDot: (field: string, text: string) =>
    `${field}: «${text}» è ambiguo: usa la virgola per i decimali (es. 1,25) e il punto solo per le migliaia (es. 1.250).`,
  negative: (field: string) => `${field}: non può essere negativo.`,
  integer: (field: string) => `${field}: deve essere un numero intero.`,
} as const;

const IGNORED = /[\s\u00a0\u202f€%]/g;
const DIGITS = /^\d*$/;

function groupedThousands(mark: string): RegExp {
  return new RegExp(`^[1-9]\\d{0,2}(\\${mark}\\d{3})+$`);
}
const GROUPED = { '.': groupedThousands('.'), ',': groupedThousands(',') } as const;

/** The decimal text ('1234.56') of `body` (no sign), or the reason it is not a number. */
function plainDecimal(body: string, reading: NumberReading, strict: boolean): { text: string } | { reason: 'invalid' | 'twoDecimalMarks' | 'ambiguousDot' } {
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return { reason: 'invalid' };
  const [decimalMark, groupMark] = reading === 'decimal-comma' ? [',', '.'] as const : ['.', ','] as const;
  const parts = body.split(decimalMark);
  if (parts.length > 2) return { reason: 'twoDecimalMarks' };
  const [whole = '', fraction] = parts;
  if (fraction !== undefined && !DIGITS.test(fraction)) return { reason: 'twoDecimalMarks' };
  if (fraction === '') return { reason: 'invalid' };
  let wholeDigits = whole;
  if (whole.includes(groupMark)) {
    if (GROUPED[groupMark].test(whole)) wholeDigits = whole.split(groupMark).join('');
    else if (!strict && reading === 'decimal-comma' && fraction === undefined && /^\d*\.\d{1,2}$/.test(whole)) return { text: whole.startsWith('.') ? `0${whole}` : whole };
    else return { reason: !strict && reading === 'decimal-comma' && fraction === undefined ? 'ambiguousDot' : 'invalid' };
  }
  if (!DIGITS.test(wholeDigits)) return { reason: 'invalid' };
  return { text: `${wholeDigits || '0'}${fraction === undefined ? '' : `.${fraction}`}` };
}

/** Reads `text` by the rules above; the error names `options.field`. */
export function parseNumberText(text: string, options: NumberFieldOptions): ParsedNumber {
  const { field, allowNegative = false, integer = false, reading = 'decimal-comma', strict = false } = options;
  const shown = text.trim();
  const compact = text.replace(IGNORED, '');
  if (compact === '') return { ok: false, error: NUMBER_MESSAGES.empty(field) };
  const sign = compact[0] === '-' || compact[0] === '+' ? compact[0] : '';
  const read = plainDecimal(compact.slice(sign.length), reading, strict);
  if ('reason' in read) return { ok: false, error: NUMBER_MESSAGES[read.reason](field, shown) };
  const [wholeText = '0', fractionText = ''] = read.text.split('.');
  let units = BigInt(wholeText + fractionText);
  if (sign === '-' && units !== 0n) {
    if (!allowNegative) return { ok: false, error: NUMBER_MESSAGES.negative(field) };
    units = -units;
  }
  const decimal: Decimal = { units, scale: fractionText.length };
  if (integer && /[^0]/.test(fractionText)) return { ok: false, error: NUMBER_MESSAGES.integer(field) };
  return { ok: true, value: toNumber(decimal), decimal };
}

export type ParsedCents = { ok: true; cents: number } | { ok: false; error: string };

/** An amount in euro typed by a person, as integer cents rounded half-up ('1,005' → 101). */
export function parseCentsText(text: string, options: NumberFieldOptions): ParsedCents {
  const parsed = parseNumberText(text, options);
  return parsed.ok ? { ok: true, cents: decimalToCents(parsed.decimal) } : parsed;
}

/**
 * Like parseNumberText for a field that may be left empty: blank text is `undefined` (ok), anything else must be a
 * number.
 */
export function parseOptionalNumberText(text: string, options: NumberFieldOptions): { ok: true; value: number | undefined } | { ok: false; error: string } {
  if (text.replace(IGNORED, '') === '') return { ok: true, value: undefined };
  return parseNumberText(text, options);
}

/**
 * The number, or undefined when the text is not one (for callers that show their own message). `strict` for a CSV
 * cell read in its column's reading.
 */
export function readNumberText(text: string, reading: NumberReading = 'decimal-comma', strict = false): number | undefined {
  const parsed = parseNumberText(text, { field: 'Numero', allowNegative: true, reading, strict });
  return parsed.ok ? parsed.value : undefined;
}

/**
 * The reading of a column (or of one value whose writer is unknown) from its values: a comma after the last dot
 * anywhere means the Italian reading; a dot that cannot be a thousands separator ('12.5', '0.99', '1,234.56') means
 * decimal point; a column of '1.234'-like values only, or of whole numbers, is read the Italian way.
 */
export function columnNumberReading(values: Iterable<string>): NumberReading {
  let dotDecimal = false;
  for (const raw of values) {
    const t = raw.replace(IGNORED, '').replace(/^[-+]/, '');
    const comma = t.lastIndexOf(',');
    const dot = t.lastIndexOf('.');
    if (comma >= 0 && comma > dot) return 'decimal-comma';
    if (dot >= 0 && dot > comma && (comma >= 0 || !GROUPED['.'].test(t))) dotDecimal = true;
  }
  return dotDecimal ? 'decimal-point' : 'decimal-comma';
}

/**
 * A number stored as text by an older document or read from a file whose writer is unknown: its own reading
 * (columnNumberReading of the single value), so '12,50', '12.50', '1.234,56' and '1,234.56' all read.
 */
export function readLooseNumberText(text: string): number | undefined {
  return readNumberText(text, columnNumberReading([text]));
}
