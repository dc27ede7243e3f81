import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  centsToEuro,
  formatEuro,
  formatEuroCents,
  parseCents,
  roundHalfUp,
  toCents,
} from './money';

const NBSP = '\u00a0';

describe('parseCents', () => {
  it.each([
    ['12.5', 1250],
    ['12,50', 1250],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234.567', 123456700],
    ['€ 3,00', 300],
    ['3,00 €', 300],
    ['EUR 7', 700],
    ['-7,5', -750],
    ['0,005', 1],
    ['2,675', 268],
  ])('%s → %i cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });
  it.each(['', 'abc', '1,2,3.4,5', '12..5', '--1'])('rejects %j', (text) => {
    expect(parseCents(text)).toBeNull();
  });
  it.each([['1.005', 100500], ['1.000', 100000], ['1,005', 101], ['12.50', 1250]])('Italian thousands: %s → %i cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });
  it.each(['1e3', '0x10', 'Infinity', 'NaN'])('refuses %j', (text) => {
    expect(parseCents(text)).toBeNull();
  });
});

describe('toCents', () => {
  it('rounds half-up on the decimal form, not on the binary float', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('19,99')).toBe(1999);
  });
  it('returns null for missing or non-finite values', () => {
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents('x')).toBeNull();
  });
});

describe('roundHalfUp', () => {
  it('rounds at 2 decimals by default and at other scales', () => {
    expect(roundHalfUp(1.005)).toBe(1.01);
    expect(roundHalfUp(2.675)).toBe(2.68);
    expect(roundHalfUp(1.23456789, 4)).toBe(1.2346);
    expect(roundHalfUp(-0.125)).toBe(-0.13);
  });
});

describe('formatting', () => {
  it('writes the FatturaPA decimal form', () => {
    expect(centsToDecimalString(1250)).toBe('12.50');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(() => centsToDecimalString(0.5)).toThrow(RangeError);
    expect(centsToEuro(1999)).toBe(19.99);
  });
  it('formats euro in the Italian locale', () => {
    expect(formatEuroCents(1234550)).toBe(`12.345,50${NBSP}€`);
    expect(formatEuroCents(-250)).toBe(`-2,50${NBSP}€`);
    expect(formatEuroCents(907018)).toBe(`9.070,18${NBSP}€`);
    expect(formatEuro(2.675)).toBe(`2,68${NBSP}€`);
    expect(formatEuro(Number.NaN)).toBe('');
  });
});
