import { describe, expect, it } from 'vitest';
import { guessMapping, mappedValue, normalizeHeader } from './column-mapping';

describe('column mapping', () => {
  it('normalises headers: case, accents, punctuation', () => {
    expect(normalizeHeader(' Città/Comune ')).toBe('citta comune');
    expect(normalizeHeader('P.IVA')).toBe('p iva');
    expect(normalizeHeader('E-MAIL')).toBe('e mail');
  });

  it('guesses each field from its spellings; a header feeds one field only', () => {
    const spellings = { vat: ['P.IVA', 'Partita IVA'], taxCode: ['Codice Fiscale', 'CF'], city: ['Città', 'Comune'], fallback: ['Partita IVA'] };
    const mapping = guessMapping(['partita iva', 'CODICE FISCALE', 'comune', 'Note'], spellings);
    expect(mapping).toEqual({ vat: 'partita iva', taxCode: 'CODICE FISCALE', city: 'comune', fallback: '' });
  });

  it('reads a mapped value, trimmed; unmapped is empty', () => {
    const mapping = { name: 'Nome', city: '' };
    expect(mappedValue({ Nome: '  Rossi ' }, mapping, 'name')).toBe('Rossi');
    expect(mappedValue({ Nome: 'Rossi' }, mapping, 'city')).toBe('');
  });
});
