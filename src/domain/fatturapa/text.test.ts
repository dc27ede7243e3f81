import { describe, expect, it } from 'vitest';
import { asciiText, chunkCodePoints, escapeXml, latinText, truncateCodePoints } from './text';

describe('escapeXml', () => {
  it('escapes &, <, > and "', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d &quot;e&quot; 'f'`);
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
});

describe('truncateCodePoints', () => {
  it('counts code points and never splits a surrogate pair', () => {
    expect(truncateCodePoints('😀😀😀', 2)).toBe('😀😀');
    expect(truncateCodePoints('ab😀', 3)).toBe('ab😀');
    expect(truncateCodePoints('àèìòù', 3)).toBe('àèì');
    expect(truncateCodePoints('abc', 10)).toBe('abc');
    expect(truncateCodePoints('abc', 0)).toBe('');
  });
});

describe('latinText', () => {
  it('keeps Latin-1 (accents included) and maps typographic characters', () => {
    expect(latinText('Caffè “speciale” – l’80% … 5€', 100)).toBe(`Caffè "speciale" - l'80% ... 5EUR`);
  });
  it('composes decomposed accents, folds other scripts with a Latin base, drops the rest', () => {
    expect(latinText('Cafe\u0301', 10)).toBe('Café');
    expect(latinText('Dvořák Łódź', 20)).toBe('Dvorák ódz');
    expect(latinText('ok 😀 日本', 20)).toBe('ok');
  });
  it('turns control characters and whitespace runs into single spaces, trims', () => {
    expect(latinText('  a\tb\r\n\nc\u0001d\u0085e\u2003f  ', 50)).toBe('a b cde f');
  });
  it('truncates to the limit after cleaning', () => {
    expect(latinText('è'.repeat(1200), 1000)).toBe('è'.repeat(1000));
    expect([...latinText('x'.repeat(79) + 'àbc', 80)].length).toBe(80);
    expect(latinText('abc   def', 4)).toBe('abc');
  });
});

describe('asciiText', () => {
  it('removes accents and non-ASCII', () => {
    expect(asciiText('Perché àÈ ß€', 20)).toBe('Perche aE EUR');
    expect(asciiText('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 20)).toBe('ABCDEFGHIJKLMNOPQRST');
  });
});

describe('chunkCodePoints', () => {
  it('splits into chunks of at most n code points', () => {
    expect(chunkCodePoints('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(chunkCodePoints('', 3)).toEqual([]);
    expect(chunkCodePoints('😀😀😀', 2)).toEqual(['😀😀', '😀']);
  });
});
