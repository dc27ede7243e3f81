import { describe, expect, it } from 'vitest';
import { parseCsvNumber } from './csv';
import { columnNumberReading, readNumber } from './numbers';

describe('reading the numbers of a CSV column', () => {
  it("'1.234' alone is one thousand two hundred thirty-four, as in an Italian file", () => {
    expect(parseCsvNumber('1.234')).toBe(1234);
    expect(parseCsvNumber('1.234,56')).toBe(1234.56);
    expect(parseCsvNumber('12.5')).toBe(12.5);
    expect(parseCsvNumber('-3,5')).toBe(-3.5);
  });

  it('a column with decimal commas reads its dots as thousands', () => {
    const column = ['1.234', '12,50', '7'];
    expect(columnNumberReading(column)).toBe('decimal-comma');
    expect(column.map((v) => parseCsvNumber(v, columnNumberReading(column)))).toEqual([1234, 12.5, 7]);
  });

  it('a column with decimal points reads them as decimals, commas as thousands', () => {
    const column = ['1.234', '12.5', '1,234.50'];
    expect(columnNumberReading(column)).toBe('decimal-point');
    expect(column.map((v) => readNumber(v, 'decimal-point'))).toEqual([1.234, 12.5, 1234.5]);
  });

  it('a cell that cannot be in its column reading is refused instead of being read wrong', () => {
    expect(readNumber('12.5', 'decimal-comma')).toBeUndefined();
    expect(readNumber('12,5', 'decimal-point')).toBeUndefined();
    expect(readNumber('1.2.3', 'decimal-point')).toBeUndefined();
    expect(readNumber('€ 1.000,00', 'decimal-comma')).toBe(1000);
    expect(readNumber('abc', 'decimal-comma')).toBeUndefined();
    expect(readNumber('', 'decimal-comma')).toBeUndefined();
  });
});
