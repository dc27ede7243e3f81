/**
 * Tolerant readers shared by every converter. Documents written by the POS app over the years hold the same
 * field as a number or as text ('12,50'), a Timestamp or an ISO string, a list or a single value. These helpers
 * read all of them and never throw: an unreadable value becomes `undefined` (or the given default).
 *
 * Pure: no Firebase import. Firestore Timestamps are recognised by shape (`toDate()` or `seconds`).
 */
import { readLooseNumberText } from '@/domain/numbers/parse-number';
import { roundHalfUp } from '@/domain/money/money';
import { SHOP_TIME_ZONE } from '@/domain/time-zone';

export type RawDoc = Record<string, unknown>;

export function isRecord(value: unknown): value is RawDoc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a plain record, or an empty one. */
export function asRecord(value: unknown): RawDoc {
  return isRecord(value) ? value : {};
}

/** True for undefined, null and blank text: "no value" for every legacy variant. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The first of `keys` whose value is not blank (so `pIva: ''` falls through to `vatNumber`). */
export function pick(raw: RawDoc, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = raw[key];
    if (!isBlank(value)) return value;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------- numbers

/**
 * Number text stored by older documents ('12,50', '12.50', '€ 3', '1.234,56', '1,234.56', '22%', "1'234"):
 * the one number parser (domain/numbers) in the value's own reading. Undefined when it is not a number.
 */
function readStoredNumberText(text: string): number | undefined {
  return readLooseNumberText(text.replace(/'/g, '').trim().replace(/^eur/i, '').replace(/eur$/i, ''));
}

/** A finite number from a number or number-like text; otherwise undefined. */
export function toNumber(value: unknown): number | undefined;
/** A finite number from a number or number-like text; otherwise `fallback`. */
export function toNumber(value: unknown, fallback: number): number;
export function toNumber(value: unknown, fallback?: number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string') return readStoredNumberText(value) ?? fallback;
  return fallback;
}

/** Like toNumber, truncated towards zero to an integer. */
export function toInt(value: unknown): number | undefined;
export function toInt(value: unknown, fallback: number): number;
export function toInt(value: unknown, fallback?: number): number | undefined {
  const n = toNumber(value);
  return n === undefined ? fallback : Math.trunc(n);
}

/** Rounds half away from zero to 2 decimals, exact on values like 1.005. */
export function round2(n: number): number {
  return roundHalfUp(n, 2);
}

// ---------------------------------------------------------------------------------------------- dates

const IT_DATE_RE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function fromEpoch(n: number): Date | undefined {
  if (!Number.isFinite(n) || n <= 0) return undefined;
  // Below 1e11 the number cannot be milliseconds of a plausible date (1973): read it as seconds.
  const date = new Date(Math.abs(n) < 1e11 ? n * 1000 : n);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function fromSeconds(seconds: unknown, nanos: unknown): Date | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  const ns = typeof nanos === 'number' && Number.isFinite(nanos) ? nanos : 0;
  return new Date(seconds * 1000 + Math.floor(ns / 1e6));
}

/**
 * A Date from a Firestore Timestamp (client or admin), `{seconds, nanoseconds}`, `{_seconds, _nanoseconds}`,
 * a Date, an ISO string, an Italian 'dd/mm/yyyy' string, or epoch millis (or seconds). 0 means unset.
 */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : new Date(value.getTime());
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return undefined;
    if (/^\d+$/.test(s)) return fromEpoch(Number(s));
    const it = IT_DATE_RE.exec(s);
    if (it) {
      const [, d, m, y, hh, mm, ss] = it;
      const date = new Date(Number(y), Number(m) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0), Number(ss ?? 0));
      return Number.isNaN(date.getTime()) ? undefined : date;
    }
    const ms = Date.parse(s);
    return Number.isNaN(ms) ? undefined : new Date(ms);
  }
  if (isRecord(value)) {
    const maybe = value as { toDate?: unknown };
    if (typeof maybe.toDate === 'function') {
      const d: unknown = (maybe.toDate as () => unknown).call(value);
      if (d instanceof Date && !Number.isNaN(d.getTime())) return d;
    }
    return fromSeconds(value.seconds, value.nanoseconds) ?? fromSeconds(value._seconds, value._nanoseconds);
  }
  return undefined;
}

const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** A calendar date 'YYYY-MM-DD' (Italian time) from any value toDate reads; text already in that form is kept. */
export function toIsoDate(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2})(?:$|T00:00(?::00(?:\.0+)?)?(?:Z|[+-]\d{2}:?\d{2})?$)/.exec(value.trim());
    if (m?.[1]) return m[1];
  }
  const date = toDate(value);
  return date ? ROME_DAY.format(date) : undefined;
}

// ---------------------------------------------------------------------------------------------- text, flags, lists

/** Text from a string (kept as is) or a finite number; otherwise `fallback`. */
export function toStr(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

/** Trimmed text, or undefined when blank. */
export function toOptStr(value: unknown): string | undefined {
  const s = toStr(value).trim();
  return s === '' ? undefined : s;
}

/**
 * Bytes as a plain Uint8Array: Firestore's `Bytes` of the web SDK (`toUint8Array()`), a Node Buffer or a
 * Uint8Array of firebase-admin. Anything else (text included) is undefined.
 */
export function toBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (isRecord(value) && typeof (value as { toUint8Array?: unknown }).toUint8Array === 'function') {
    const bytes: unknown = (value as { toUint8Array: () => unknown }).toUint8Array();
    return bytes instanceof Uint8Array ? bytes : undefined;
  }
  return undefined;
}

const TRUE_TEXT = new Set(['true', '1', 'si', 'sì', 'yes', 'y', 'on']);
const FALSE_TEXT = new Set(['false', '0', 'no', 'n', 'off', '']);

/** A boolean from true/false, 1/0, or text ('true', 'sì', '0'...). Anything else gives `fallback`. */
export function toBool(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 0 ? false : value === 1 ? true : fallback;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (TRUE_TEXT.has(s)) return true;
    if (FALSE_TEXT.has(s)) return false;
  }
  return fallback;
}

/** A list of non-blank strings from an array (numbers become text) or a single string. */
export function toStringList(value: unknown): string[] {
  const items = Array.isArray(value) ? (value as unknown[]) : [value];
  return items.map((item) => toOptStr(item)).filter((s): s is string => s !== undefined);
}

export const ID_KEYS = ['id', 'uid', 'userId', 'techId', 'technicianId', 'shopId'] as const;

/** An id from text or from an object carrying one of `keys` ({id}, {uid}, {techId}...). */
export function toId(value: unknown, keys: readonly string[] = ID_KEYS): string | undefined {
  if (isRecord(value)) return toOptStr(pick(value, ...keys));
  return toOptStr(value);
}

/** Ids from a list (or single value) of texts and/or objects; duplicates dropped, order kept. */
export function toIdList(value: unknown, keys: readonly string[] = ID_KEYS): string[] {
  if (isBlank(value)) return [];
  const items = Array.isArray(value) ? (value as unknown[]) : [value];
  const ids = items.map((item) => toId(item, keys)).filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

/** The array's records (non-record items dropped); a single record becomes a one-item list. */
export function toRecordList(value: unknown): RawDoc[] {
  if (Array.isArray(value)) return (value as unknown[]).filter(isRecord);
  return isRecord(value) ? [value] : [];
}

// ---------------------------------------------------------------------------------------------- writing

function isPlainObject(value: unknown): value is RawDoc {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Drops `undefined` values, deeply, from plain objects and arrays (Firestore rejects them). Dates, Timestamps
 * and FieldValue sentinels are passed through untouched.
 */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map((v: unknown) => compact(v)) as T;
  if (!isPlainObject(value)) return value;
  const out: RawDoc = {};
  for (const [key, v] of Object.entries(value)) {
    if (v !== undefined) out[key] = compact(v);
  }
  return out as T;
}

/** Money as text with a point and 2 decimals, the form the POS app writes ('12.50'). */
export function moneyText(n: number): string {
  return round2(n).toFixed(2);
}
