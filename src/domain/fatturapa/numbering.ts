/**
 * Invoice numbers (document 2 §4.4, §4.5, §5, §9):
 * - invoice:     {first 5 chars of the user id, zero padded}-{year}-{n}      e.g. 'AbC12-2026-7'
 * - reissue:     '-R1', '-R2', … appended to the number                      e.g. 'AbC12-2026-7-R1'
 * - credit note: {first 5 chars of the user id}-{year}-NC-{n}                e.g. 'AbC12-2026-NC-3'
 */

const NUMBER_PREFIX_LENGTH = 5;
const REVISION_SUFFIX = /-R(\d+)$/;

/** The first 5 characters of the user id, left-padded with '0' when the id is shorter. */
export function userNumberPrefix(userId: string): string {
  return userId.trim().slice(0, NUMBER_PREFIX_LENGTH).padStart(NUMBER_PREFIX_LENGTH, '0');
}

export function formatInvoiceNumber(userId: string, year: number, n: number): string {
  return `${userNumberPrefix(userId)}-${String(year)}-${String(n)}`;
}

export function formatCreditNoteNumber(userId: string, year: number, n: number): string {
  return `${userNumberPrefix(userId)}-${String(year)}-NC-${String(n)}`;
}

/** Appends '-R1', or increments an existing '-R{n}' suffix ('X-R1' → 'X-R2'). */
export function nextRevisionNumber(number: string): string {
  const trimmed = number.trim();
  const m = REVISION_SUFFIX.exec(trimmed);
  if (!m) return `${trimmed}-R1`;
  return `${trimmed.slice(0, m.index)}-R${String(Number(m[1]) + 1)}`;
}

/** The number without its '-R{n}' suffix (the base number outgoing invoices are grouped by). */
export function baseInvoiceNumber(number: string): string {
  return number.trim().replace(REVISION_SUFFIX, '');
}

/** The revision of a number: 0 for none, n for '-R{n}'. */
export function revisionOf(number: string): number {
  const m = REVISION_SUFFIX.exec(number.trim());
  return m ? Number(m[1]) : 0;
}

/** True when the value is only digits (a raw progressive to be formatted), e.g. '12' or 12. */
export function isPurelyNumeric(value: string | number): boolean {
  return typeof value === 'number' ? Number.isSafeInteger(value) && value >= 0 : /^\s*\d+\s*$/.test(value);
}

/**
 * A progressive stored as a number or as text ('12', ' 12 ', '12.0', 12) → 12. Null for anything that is not a
 * non-negative whole number.
 */
export function parseProgressive(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d+)(?:[.,]0+)?\s*$/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/** The progressive inside a formatted number: 'AbC12-2026-7-R1' → 7, 'AbC12-2026-NC-3' → 3; null if none. */
export function progressiveOfNumber(number: string): number | null {
  const m = /-(\d+)$/.exec(baseInvoiceNumber(number));
  return m ? parseProgressive(m[1]) : null;
}

/** A raw number from a draft: a purely numeric progressive is formatted, anything else is kept (trimmed). */
export function resolveInvoiceNumber(raw: string | number, userId: string, year: number): string {
  if (isPurelyNumeric(raw)) return formatInvoiceNumber(userId, year, Number(String(raw).trim()));
  return String(raw).trim();
}

function numberKey(number: string): string {
  return baseInvoiceNumber(number).toUpperCase();
}

export interface FreeNumber {
  /** The formatted number to use. */
  number: string;
  /** The progressive it was formatted from (store progressive + 1 as the next base). */
  progressive: number;
}

/**
 * The first free number starting at `base`: formats base, base+1, … until the result is not among `used`
 * (numbers of the user's drafts and sent invoices). Comparison ignores '-R{n}' suffixes and letter case, so a
 * reissued 'X-7-R1' keeps 7 taken. Throws after `maxAttempts` (a corrupt `used` list, not a real case).
 */
export function firstFreeNumber(
  base: number,
  used: Iterable<string>,
  format: (n: number) => string,
  maxAttempts = 1_000_000,
): FreeNumber {
  if (!Number.isSafeInteger(base) || base < 0) throw new RangeError(`Progressivo non valido: ${String(base)}`);
  const taken = new Set<string>();
  for (const u of used) if (typeof u === 'string' && u.trim() !== '') taken.add(numberKey(u));
  for (let n = base, i = 0; i < maxAttempts; n++, i++) {
    const number = format(n);
    if (!taken.has(numberKey(number))) return { number, progressive: n };
  }
  throw new RangeError('Nessun numero libero trovato');
}

/**
 * A number the user typed (not purely numeric: 'FT/2026/007', 'A-12') that another invoice already has, moved up
 * until free (document 2 §5: 'incremented until free'): its last run of digits grows by one, keeping its width
 * ('007' → '008'); a number without digits gets '-2', '-3', …. `isTaken` says whether a candidate is used.
 */
export function incrementedUntilFree(number: string, isTaken: (candidate: string) => boolean, maxAttempts = 1_000_000): string {
  const match = /^(.*?)(\d+)(\D*)$/.exec(number);
  for (let i = 1; i <= maxAttempts; i++) {
    let candidate: string;
    if (match) {
      const [, head = '', digits = '', tail = ''] = match;
      candidate = `${head}${String(BigInt(digits) + BigInt(i)).padStart(digits.length, '0')}${tail}`;
    } else candidate = `${number}-${String(i + 1)}`;
    if (!isTaken(candidate)) return candidate;
  }
  throw new RangeError('Nessun numero libero trovato');
}

/** A number taken from the shop's invoice counter: the counter to store after it comes with it. */
export interface TakenInvoiceNumber extends FreeNumber {
  /** settings.invoiceNumber after this number: progressive + 1, as text (how the POS app and the rules keep it). */
  nextCounter: string;
}

/**
 * The shop's next invoice number on `date`: the first free one (see firstFreeNumber) from `counter`, the shop's
 * settings.invoiceNumber, formatted with the user id and the date's year.
 */
export function nextInvoiceNumber(counter: number, used: Iterable<string>, userId: string, date: Date): TakenInvoiceNumber {
  const free = firstFreeNumber(counter, used, (n) => formatInvoiceNumber(userId, date.getFullYear(), n));
  return { ...free, nextCounter: String(free.progressive + 1) };
}

/**
 * ProgressivoInvio (String10, also usable as the 1–5 character progressive of the SdI file name), derived
 * deterministically from the invoice number: FNV-1a 32-bit hash, modulo 36^5, in 5 base-36 characters.
 */
export function progressivoInvioFromNumber(number: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < number.length; i++) {
    hash ^= number.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % 36 ** 5).toString(36).toUpperCase().padStart(5, '0');
}
