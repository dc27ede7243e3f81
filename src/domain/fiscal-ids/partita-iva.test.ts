import { describe, expect, it } from 'vitest';
import { isValidPartitaIva, normalizePartitaIva, partitaIvaCheckDigit, partitaIvaProblem } from './partita-iva';

describe('partitaIvaCheckDigit', () => {
  it('computes the Luhn-like check digit', () => {
    expect(partitaIvaCheckDigit('0123456789')).toBe(7);
    expect(partitaIvaCheckDigit('1234567890')).toBe(3);
    expect(partitaIvaCheckDigit('0074311015')).toBe(7);
    expect(() => partitaIvaCheckDigit('123')).toThrow(RangeError);
  });
});

describe('partitaIvaProblem', () => {
  it.each(['01234567897', '12345678903', '00743110157', 'IT00743110157', ' 007 4311 0157 ', 'it12345678903'])(
    'accepts %j',
    (v) => {
      expect(partitaIvaProblem(v)).toBeNull();
      expect(isValidPartitaIva(v)).toBe(true);
    },
  );
  it('reports the kind of problem', () => {
    expect(partitaIvaProblem('')).toBe('vuota');
    expect(partitaIvaProblem('   ')).toBe('vuota');
    expect(partitaIvaProblem('0123456789')).toBe('formato');
    expect(partitaIvaProblem('012345678901')).toBe('formato');
    expect(partitaIvaProblem('0123456789A')).toBe('formato');
    expect(partitaIvaProblem('00000000000')).toBe('formato');
    // the official samples use 01234567890, whose check digit is wrong
    expect(partitaIvaProblem('01234567890')).toBe('checksum');
  });
  it('detects every single-digit change of a valid number', () => {
    const valid = '00743110157';
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d <= 9; d++) {
        const digit = String(d);
        if (valid[i] === digit) continue;
        const changed = valid.slice(0, i) + digit + valid.slice(i + 1);
        expect(isValidPartitaIva(changed)).toBe(false);
      }
    }
  });
  it('normalises separators and the IT prefix only for 11 digits', () => {
    expect(normalizePartitaIva('IT 007.431.101-57')).toBe('00743110157');
    expect(normalizePartitaIva('DE123456789')).toBe('DE123456789');
  });
});
