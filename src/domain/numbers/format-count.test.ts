import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './format-count';

describe('counts in Italian', () => {
  it('groups thousands from four digits, like the amounts', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1250)).toBe('1.250');
    expect(formatCount(15000)).toBe('15.000');
  });
  it('says one thing in the singular, the rest in the plural', () => {
    expect(countOf(1, 'chiusura', 'chiusure')).toBe('1 chiusura');
    expect(countOf(0, 'documento', 'documenti')).toBe('0 documenti');
    expect(countOf(2000, 'documento', 'documenti')).toBe('2.000 documenti');
  });
});
