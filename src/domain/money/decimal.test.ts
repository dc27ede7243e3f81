import { describe, expect, it } from 'vitest';
import {
  add,
  cmp,
  dec,
  div,
  fromCents,
  mul,
  parseDecimal,
  rescale,
  round,
  sub,
  sum,
  decimalToCents,
  toFixed,
  toNumber,
} from './decimal';

const s = (v: Parameters<typeof dec>[0], min = 0, max = 12): string => toFixed(dec(v), min, max);

describe('parseDecimal / dec', () => {
  it('parses plain, signed, fractional and exponent forms exactly', () => {
    expect(parseDecimal('12')).toEqual({ units: 12n, scale: 0 });
    expect(parseDecimal('-0.50')).toEqual({ units: -50n, scale: 2 });
    expect(parseDecimal('.25')).toEqual({ units: 25n, scale: 2 });
    expect(parseDecimal('1e-7')).toEqual({ units: 1n, scale: 7 });
    expect(parseDecimal('1.5E3')).toEqual({ units: 1500n, scale: 0 });
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('.')).toBeNull();
    expect(parseDecimal('1,5')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
  });
  it('takes numbers by their shortest decimal form (0.1 is exactly 0.1)', () => {
    expect(s(add(dec(0.1), dec(0.2)))).toBe('0.3');
    expect(s(1e21)).toBe('1000000000000000000000');
    expect(s(1.005, 3)).toBe('1.005');
  });
  it('rejects NaN, Infinity and garbage', () => {
    expect(() => dec(Number.NaN)).toThrow(RangeError);
    expect(() => dec(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dec('12a')).toThrow(RangeError);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts and multiplies across scales', () => {
    expect(s(add(dec('1.5'), dec('2.25')))).toBe('3.75');
    expect(s(sub(dec('1'), dec('0.001')))).toBe('0.999');
    expect(s(mul(dec('8.19672131'), dec('3.5')))).toBe('28.688524585');
    expect(s(sum([dec(1), dec('0.01'), dec(-2)]))).toBe('-0.99');
  });
  it('compares', () => {
    expect(cmp(dec('1.10'), dec('1.1'))).toBe(0);
    expect(cmp(dec('-1'), dec('0.5'))).toBe(-1);
    expect(cmp(dec('2'), dec('1.999'))).toBe(1);
  });
  it('divides with half-up rounding at the requested scale', () => {
    expect(s(div(dec(10), dec('1.22'), 8))).toBe('8.19672131');
    expect(s(div(dec(1), dec(3), 2))).toBe('0.33');
    expect(s(div(dec(2), dec(3), 2))).toBe('0.67');
    expect(s(div(dec(-2), dec(3), 2))).toBe('-0.67');
    expect(s(div(dec(1), dec(-8), 2))).toBe('-0.13');
    expect(() => div(dec(1), dec(0), 2)).toThrow(RangeError);
  });
});

describe('rounding half-up', () => {
  it('rounds the third decimal 5 up, away from zero', () => {
    expect(s(round(dec('2.675'), 2))).toBe('2.68');
    expect(s(round(dec('2.665'), 2))).toBe('2.67');
    expect(s(round(dec('2.6749999'), 2))).toBe('2.67');
    expect(s(round(dec('-2.675'), 2))).toBe('-2.68');
    expect(s(round(dec('0.005'), 2))).toBe('0.01');
    expect(s(round(dec('0.0049'), 2))).toBe('0');
  });
  it('never invents precision and rescales up exactly', () => {
    expect(round(dec('1.5'), 4)).toEqual({ units: 15n, scale: 1 });
    expect(rescale(dec('1.5'), 4)).toEqual({ units: 15000n, scale: 4 });
  });
});

describe('toFixed', () => {
  it('keeps between min and max decimals, trimming trailing zeros', () => {
    expect(toFixed(dec(10), 2, 8)).toBe('10.00');
    expect(toFixed(dec('8.1967213115'), 2, 8)).toBe('8.19672131');
    expect(toFixed(dec('3.10000'), 2, 8)).toBe('3.10');
    expect(toFixed(dec('0.5'), 2)).toBe('0.50');
    expect(toFixed(dec('-0.004'), 2)).toBe('0.00');
    expect(toFixed(dec('-12.345'), 2)).toBe('-12.35');
    expect(toFixed(dec('123'), 0)).toBe('123');
  });
});

describe('cents and numbers', () => {
  it('converts', () => {
    expect(decimalToCents(dec('12.345'))).toBe(1235);
    expect(decimalToCents(dec('-0.125'))).toBe(-13);
    expect(toFixed(fromCents(1250), 2)).toBe('12.50');
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(toNumber(dec('12.5'))).toBe(12.5);
  });
});
