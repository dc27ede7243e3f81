import { describe, expect, it } from 'vitest';
import {
  OMOCODIA_LETTERS,
  OMOCODIA_POSITIONS,
  codiceFiscaleCheckChar,
  codiceFiscaleProblem,
  deomocodize,
  isPersonalCodiceFiscale,
  isValidCodiceFiscale,
} from './codice-fiscale';

/** Makes an omocodic variant by replacing the last `count` replaceable digits, with a recomputed check letter. */
function omocodic(cf: string, count: number): string {
  const chars = cf.split('');
  const positions = [...OMOCODIA_POSITIONS].reverse().slice(0, count);
  for (const p of positions) chars[p] = OMOCODIA_LETTERS.charAt(Number(chars[p]));
  const first15 = chars.slice(0, 15).join('');
  return first15 + codiceFiscaleCheckChar(first15);
}

describe('codiceFiscaleCheckChar', () => {
  it('matches published examples', () => {
    expect(codiceFiscaleCheckChar('MRTMTT25D09F205')).toBe('Z'); // Agenzia delle Entrate example
    expect(codiceFiscaleCheckChar('RSSMRA80A01H501')).toBe('U');
    expect(codiceFiscaleCheckChar('RSSMRA85T10A562')).toBe('S');
    expect(() => codiceFiscaleCheckChar('RSS')).toThrow(RangeError);
  });
});

describe('codiceFiscaleProblem', () => {
  it.each(['MRTMTT25D09F205Z', 'RSSMRA80A01H501U', 'rssmra85t10a562s', ' RSS MRA 85T10 A562S '])('accepts %j', (cf) => {
    expect(codiceFiscaleProblem(cf)).toBeNull();
    expect(isValidCodiceFiscale(cf)).toBe(true);
  });
  it('accepts a woman (day + 40)', () => {
    const base = 'BNCGVN75L41F205';
    expect(codiceFiscaleProblem(base + codiceFiscaleCheckChar(base))).toBeNull();
  });
  it('accepts every level of omocodia (1 to 7 substitutions) and maps it back', () => {
    for (let n = 1; n <= 7; n++) {
      const variant = omocodic('RSSMRA80A01H501U', n);
      expect(variant).not.toBe('RSSMRA80A01H501U');
      expect(codiceFiscaleProblem(variant)).toBeNull();
      expect(deomocodize(variant)).toBe('RSSMRA80A01H501U');
    }
    expect(omocodic('RSSMRA80A01H501U', 1)).toBe('RSSMRA80A01H50MM');
  });
  it('reports a wrong check letter', () => {
    expect(codiceFiscaleProblem('RSSMRA80A01H501X')).toBe('checksum');
    expect(codiceFiscaleProblem('RSSMRA80A01H50MU')).toBe('checksum');
  });
  it('detects every single-character change of the check letter', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTVWXYZ') {
      expect(isValidCodiceFiscale(`RSSMRA80A01H501${letter}`)).toBe(letter === 'U');
    }
  });
  it('reports impossible months and days', () => {
    const withCheck = (first15: string): string => first15 + codiceFiscaleCheckChar(first15);
    expect(codiceFiscaleProblem(withCheck('RSSMRA80F01H501'))).toBe('data'); // F is not a month letter
    expect(codiceFiscaleProblem(withCheck('RSSMRA80A32H501'))).toBe('data');
    expect(codiceFiscaleProblem(withCheck('RSSMRA80A00H501'))).toBe('data');
    expect(codiceFiscaleProblem(withCheck('RSSMRA80A72H501'))).toBe('data');
  });
  it('reports malformed text', () => {
    expect(codiceFiscaleProblem('')).toBe('vuoto');
    expect(codiceFiscaleProblem('RSSMRA80A01H501')).toBe('formato');
    expect(codiceFiscaleProblem('RSSMRA80A01H5011')).toBe('formato');
    expect(codiceFiscaleProblem('R1SMRA80A01H501U')).toBe('formato');
    expect(codiceFiscaleProblem('RSSMRA8WA01H501U')).toBe('formato'); // W is not an omocodia letter
  });
  it('validates the 11-digit form of legal entities like a Partita IVA', () => {
    expect(codiceFiscaleProblem('00743110157')).toBeNull();
    expect(codiceFiscaleProblem('00743110158')).toBe('checksum');
    expect(isPersonalCodiceFiscale('00743110157')).toBe(false);
    expect(isPersonalCodiceFiscale('RSSMRA80A01H50MM')).toBe(true);
  });
});
