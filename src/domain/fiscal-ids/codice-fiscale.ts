/**
 * Italian Codice Fiscale.
 * - People: 16 characters SSSNNNYYMDDZZZZC (surname, name, year, month letter, day (+40 for women), place code,
 *   check letter). In case of omocodia (two people with the same code) the digits at positions 7, 8, 10, 11, 13,
 *   14, 15 (1-based) are replaced, from the right, by the letters L M N P Q R S T U V (for 0–9).
 * - Companies and other legal entities: 11 digits, validated like a Partita IVA.
 */
import { partitaIvaProblem } from './partita-iva';

const ODD_VALUES: Record<string, number> = {
  0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

/** Letters that stand for the digits 0–9 in an omocodic code. */
export const OMOCODIA_LETTERS = 'LMNPQRSTUV';
/** 0-based positions of the characters that are digits in a base code (and may be omocodia letters). */
export const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;
const MONTH_LETTERS = 'ABCDEHLMPRST';

function evenValue(ch: string): number {
  const code = ch.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : code - 65;
}

/** The check letter for the first 15 characters of a personal codice fiscale (uppercase). */
export function codiceFiscaleCheckChar(first15: string): string {
  if (!/^[A-Z0-9]{15}$/.test(first15)) throw new RangeError('Servono 15 caratteri alfanumerici');
  let total = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15.charAt(i);
    // positions are 1-based in the algorithm: odd positions are the even 0-based indexes
    total += i % 2 === 0 ? (ODD_VALUES[ch] ?? 0) : evenValue(ch);
  }
  return String.fromCharCode(65 + (total % 26));
}

export function normalizeCodiceFiscale(value: string): string {
  return value.replace(/[\s.\-_/]/g, '').toUpperCase();
}

/** Replaces omocodia letters with their digits, giving the base code (the check letter is recomputed). */
export function deomocodize(cf: string): string {
  const chars = normalizeCodiceFiscale(cf).split('');
  if (chars.length !== 16) return chars.join('');
  for (const pos of OMOCODIA_POSITIONS) {
    const idx = OMOCODIA_LETTERS.indexOf(chars[pos] ?? '');
    if (idx >= 0) chars[pos] = String(idx);
  }
  return chars.slice(0, 15).join('') + codiceFiscaleCheckChar(chars.slice(0, 15).join(''));
}

export type CodiceFiscaleProblem = 'vuoto' | 'formato' | 'data' | 'checksum';

const PERSON_RE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/**
 * Validates a codice fiscale (16-character personal, with or without omocodia, or 11-digit numeric).
 * Returns null when valid, otherwise 'vuoto', 'formato', 'data' (impossible month or day) or 'checksum'.
 */
export function codiceFiscaleProblem(value: string): CodiceFiscaleProblem | null {
  const cf = normalizeCodiceFiscale(value);
  if (cf === '') return 'vuoto';
  if (/^\d{11}$/.test(cf)) {
    const p = partitaIvaProblem(cf);
    return p === null ? null : p === 'checksum' ? 'checksum' : 'formato';
  }
  if (!PERSON_RE.test(cf)) return 'formato';
  const base = deomocodize(cf);
  if (!MONTH_LETTERS.includes(base.charAt(8))) return 'data';
  const day = Number(base.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return 'data';
  return codiceFiscaleCheckChar(cf.slice(0, 15)) === cf.charAt(15) ? null : 'checksum';
}

export function isValidCodiceFiscale(value: string): boolean {
  return codiceFiscaleProblem(value) === null;
}

/** True for a 16-character personal code (omocodic or not); false for the 11-digit form or invalid text. */
export function isPersonalCodiceFiscale(value: string): boolean {
  return PERSON_RE.test(normalizeCodiceFiscale(value));
}
