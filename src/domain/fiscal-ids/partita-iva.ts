/**
 * Italian Partita IVA (VAT number): 11 digits, the last one a Luhn-like check digit.
 * The same algorithm validates the 11-digit codice fiscale of companies and other legal entities.
 */

/** Removes spaces, dots, dashes and a leading 'IT' country prefix; uppercases. */
export function normalizePartitaIva(value: string): string {
  const compact = value.replace(/[\s.\-_/]/g, '').toUpperCase();
  return compact.startsWith('IT') && /^IT\d{11}$/.test(compact) ? compact.slice(2) : compact;
}

/** The check digit for the first 10 digits of a Partita IVA. */
export function partitaIvaCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('Servono 10 cifre');
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const digit = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      total += digit;
    } else {
      const doubled = digit * 2;
      total += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return (10 - (total % 10)) % 10;
}

export type PartitaIvaProblem = 'vuota' | 'formato' | 'checksum';

/**
 * Validates an Italian Partita IVA (after normalizePartitaIva). Returns null when valid, otherwise the problem:
 * 'vuota' (empty), 'formato' (not 11 digits, or all zeros), 'checksum' (wrong check digit).
 */
export function partitaIvaProblem(value: string): PartitaIvaProblem | null {
  const v = normalizePartitaIva(value);
  if (v === '') return 'vuota';
  if (!/^\d{11}$/.test(v) || /^0{11}$/.test(v)) return 'formato';
  return partitaIvaCheckDigit(v.slice(0, 10)) === v.charCodeAt(10) - 48 ? null : 'checksum';
}

export function isValidPartitaIva(value: string): boolean {
  return partitaIvaProblem(value) === null;
}
