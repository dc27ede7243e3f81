import { describe, expect, it } from 'vitest';
import { add, cmp, decKey, formatIt, formatRate, mul, parseDec, percentOf, round, sub, toPlainString, type Dec } from './exact-decimal';

function d(text: string): Dec {
  const v = parseDec(text);
  if (!v) throw new Error(`not a decimal: ${text}`);
  return v;
}

describe('exact decimals', () => {
  it('parses xs:decimal forms and refuses others', () => {
    expect(parseDec('-12.50')).toEqual({ units: -1250n, scale: 2 });
    expect(parseDec('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDec(' 7 ')).toEqual({ units: 7n, scale: 0 });
    for (const bad of ['', '.', '1,5', '1e3', 'abc', '1.2.3']) expect(parseDec(bad)).toBeUndefined();
    expect(parseDec(undefined)).toBeUndefined();
  });

  it('adds, subtracts and multiplies without binary rounding', () => {
    expect(toPlainString(add(d('0.1'), d('0.2')))).toBe('0.3');
    expect(cmp(add(d('0.1'), d('0.2')), d('0.30'))).toBe(0);
    expect(toPlainString(sub(d('1'), d('1.005')))).toBe('-0.005');
    expect(toPlainString(mul(d('1.23456789'), d('3.5')))).toBe('4.320987615');
    expect(toPlainString(percentOf(mul(d('27.00'), d('22.00'))))).toBe('5.940000');
  });

  it('rounds half away from zero', () => {
    expect(toPlainString(round(d('0.055'), 2))).toBe('0.06');
    expect(toPlainString(round(d('0.0549'), 2))).toBe('0.05');
    expect(toPlainString(round(d('-0.055'), 2))).toBe('-0.06');
    expect(toPlainString(round(d('2.5'), 0))).toBe('3');
    expect(toPlainString(round(d('3'), 2))).toBe('3');
  });

  it('gives equal keys to equal values', () => {
    expect(decKey(d('22'))).toBe(decKey(d('22.00')));
    expect(decKey(d('22.5'))).not.toBe(decKey(d('22.05')));
  });

  it('formats Italian-style', () => {
    expect(formatIt(d('25'))).toBe('25,00');
    expect(formatIt(d('1234567.891'))).toBe('1.234.567,89');
    expect(formatIt(d('-0.004'))).toBe('0,00');
    expect(formatIt(d('-1234.5'))).toBe('-1.234,50');
    expect(formatIt(d('3.33333300'), 2, 8)).toBe('3,333333');
    expect(formatIt(d('3.50000000'), 2, 8)).toBe('3,50');
    expect(formatRate(d('22.00'))).toBe('22');
    expect(formatRate(d('5.50'))).toBe('5,5');
    expect(formatRate(d('0.22'))).toBe('0,22');
  });
});
