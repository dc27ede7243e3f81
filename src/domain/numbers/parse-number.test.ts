import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuroCents } from '../money/money';
import { columnNumberReading, parseCentsText, parseNumberText, readLooseNumberText, readNumberText } from './parse-number';

const price = { field: 'Prezzo' };
const value = (text: string, options: Parameters<typeof parseNumberText>[1] = price) => {
  const parsed = parseNumberText(text, options);
  return parsed.ok ? parsed.value : parsed.error;
};

describe('the one number parser (Italian reading)', () => {
  it.each([
    ['1.005', 1005],
    ['1.000', 1000],
    ['1.234,56', 1234.56],
    ['12.345.678', 12345678],
    ['12,5', 12.5],
    ['12.50', 12.5],
    ['12.5', 12.5],
    ['0.5', 0.5],
    [',5', 0.5],
    ['0,125', 0.125],
    ['€ 1.234,56', 1234.56],
    ['1 234,56 €', 1234.56],
    ['+3', 3],
    ['  7  ', 7],
    ['22%', 22],
  ])('%j → %d', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('accepts the sign only where the field allows it', () => {
    expect(value('-3,5', { field: 'Variazione %', allowNegative: true })).toBe(-3.5);
    expect(value('- 3,5', { field: 'Variazione %', allowNegative: true })).toBe(-3.5);
    expect(value('-3,5')).toBe('Prezzo: non può essere negativo.');
    expect(value('-0')).toBe(0);
  });

  it.each([
    ['1e3', 'Prezzo: «1e3» non è un numero valido (es. 1.234,56).'],
    ['0x10', 'Prezzo: «0x10» non è un numero valido (es. 1.234,56).'],
    ['Infinity', 'Prezzo: «Infinity» non è un numero valido (es. 1.234,56).'],
    ['NaN', 'Prezzo: «NaN» non è un numero valido (es. 1.234,56).'],
    ['4O', 'Prezzo: «4O» non è un numero valido (es. 1.234,56).'],
    ['1,2,3', 'Prezzo: «1,2,3» ha due separatori decimali.'],
    ['1,234.56', 'Prezzo: «1,234.56» ha due separatori decimali.'],
    ['', 'Prezzo: inserisci un numero.'],
    ['  € ', 'Prezzo: inserisci un numero.'],
    ['12,', 'Prezzo: «12,» non è un numero valido (es. 1.234,56).'],
    ['--1', 'Prezzo: «--1» non è un numero valido (es. 1.234,56).'],
  ])('refuses %j with a message naming the field', (text, message) => {
    expect(value(text)).toBe(message);
  });

  it.each(['1.2345', '0.125', '1.23.4', '01.000'])('refuses the ambiguous dot of %j', (text) => {
    expect(value(text)).toMatch(/^Prezzo: «.*» è ambiguo: usa la virgola per i decimali/);
  });

  it('integer fields refuse decimals', () => {
    expect(value('4,5', { field: 'Colli', integer: true })).toBe('Colli: deve essere un numero intero.');
    expect(value('1.000', { field: 'Colli', integer: true })).toBe(1000);
  });

  it('money rounds half-up to the cent on the exact value', () => {
    expect(parseCentsText('1,005', price)).toEqual({ ok: true, cents: 101 });
    expect(parseCentsText('2,675', price)).toEqual({ ok: true, cents: 268 });
    expect(parseCentsText('0,125', price)).toEqual({ ok: true, cents: 13 });
    expect(parseCentsText('1.005', price)).toEqual({ ok: true, cents: 100500 });
  });
});

describe('CSV columns keep their reading, on the same parser', () => {
  it("a column of '1,234.56' values is read the English way", () => {
    const column = ['1,234.56', '12.5', '0.99'];
    expect(columnNumberReading(column)).toBe('decimal-point');
    expect(column.map((v) => readNumberText(v, 'decimal-point', true))).toEqual([1234.56, 12.5, 0.99]);
  });
  it("a column of '1.234' values only is Italian", () => {
    expect(columnNumberReading(['1.234', '2.000', '7'])).toBe('decimal-comma');
  });
  it('a cell against its column is refused, not guessed', () => {
    expect(readNumberText('12.50', 'decimal-comma', true)).toBeUndefined();
    expect(readNumberText('12,50', 'decimal-point', true)).toBeUndefined();
    expect(readNumberText('1e3', 'decimal-point', true)).toBeUndefined();
  });
  it('a value of unknown writer takes its own reading', () => {
    expect(readLooseNumberText('1,234.56')).toBe(1234.56);
    expect(readLooseNumberText('1.234,56')).toBe(1234.56);
    expect(readLooseNumberText('12.50')).toBe(12.5);
    expect(readLooseNumberText('1.005')).toBe(1005);
    expect(readLooseNumberText('1e3')).toBeUndefined();
  });
});

describe('formatting then parsing gives the same cents (property)', () => {
  const amounts = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 });
  const english = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const plainItalian = (cents: number) => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

  it('Italian reading: the euro formatter and plain comma text', () => {
    fc.assert(
      fc.property(amounts, (cents) => {
        for (const text of [formatEuroCents(cents), plainItalian(cents)]) {
          expect(parseCentsText(text, { field: 'Importo', allowNegative: true })).toEqual({ ok: true, cents });
        }
        expect(readNumberText(formatEuroCents(cents), 'decimal-comma', true)).toBe(cents / 100);
      }),
      { numRuns: 2000 },
    );
  });

  it('English reading (a CSV column written as 1,234.56)', () => {
    fc.assert(
      fc.property(amounts, (cents) => {
        const text = english.format(cents / 100);
        expect(parseCentsText(text, { field: 'Importo', allowNegative: true, reading: 'decimal-point', strict: true })).toEqual({ ok: true, cents });
        expect(columnNumberReading([text, '0.50'])).toBe('decimal-point');
      }),
      { numRuns: 2000 },
    );
  });
});
