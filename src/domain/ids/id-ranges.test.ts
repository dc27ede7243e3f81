import { describe, expect, it } from 'vitest';
import { idRangeBounds, idRanges, importedIdBounds, rangeIndexOf, splitByIdRange } from './id-ranges';
import { SeededRandom } from '@/domain/random/seeded-random';

const AUTO_ID = /^[0-9A-Za-z]{20}$/;
const rangeOf = rangeIndexOf;

describe('idRangeBounds', () => {
  it('cuts the id space in n ordered ranges that split auto-ids about evenly', () => {
    const bounds = idRangeBounds(4);
    expect(bounds).toHaveLength(3);
    expect([...bounds].sort()).toEqual(bounds);
    const rng = new SeededRandom(7);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++) {
      const id = rng.autoId();
      expect(id).toMatch(AUTO_ID);
      counts[rangeOf(id, bounds)]! += 1;
    }
    for (const n of counts) expect(n).toBeGreaterThan(2_000);
    for (const n of counts) expect(n).toBeLessThan(3_000);
  });

  it('puts every id in exactly one range, other ids (demo, CSV imports) included', () => {
    const bounds = idRangeBounds(4);
    for (const id of ['', '0', 'cust-owner-01', 'large-customer-9', 'Zz', 'zzzz', 'abc_csv_IT01234567890', '~']) {
      const k = rangeOf(id, bounds);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(4);
    }
    expect(idRangeBounds(1)).toEqual([]);
  });

  it('adds extra cuts in order, so ids sharing a prefix (a CSV import\'s) spread over several ranges', () => {
    const prefix = 'csv-shop1-';
    const extra = ['4', '8', 'c'].map((h) => `${prefix}${h}`);
    const bounds = idRangeBounds(8, extra);
    expect(bounds).toHaveLength(7 + 3);
    expect([...bounds].sort()).toEqual(bounds);
    const rng = new SeededRandom(11);
    const ranges = new Map<number, number>();
    for (let i = 0; i < 4_000; i++) {
      const hex = Array.from({ length: 16 }, () => '0123456789abcdef'.charAt(Math.floor(rng.next() * 16))).join('');
      const k = rangeOf(`${prefix}${hex}`, bounds);
      ranges.set(k, (ranges.get(k) ?? 0) + 1);
    }
    expect(ranges.size).toBe(4);
    for (const n of ranges.values()) expect(n).toBeGreaterThan(800);
    // The same cut twice counts once.
    expect(idRangeBounds(4, ['Z', 'Z'])).toEqual([...new Set([...idRangeBounds(4), 'Z'])].sort());
  });
});

describe('idRanges, rangeIndexOf, splitByIdRange', () => {
  it('turns n - 1 cuts into n ranges that start where the previous one ends', () => {
    expect(idRanges(['F', 'V'])).toEqual([{ to: 'F' }, { from: 'F', to: 'V' }, { from: 'V' }]);
    expect(idRanges([])).toEqual([{}]);
  });

  it('puts an id equal to a cut in the range that starts there (>= from, < to)', () => {
    expect(rangeIndexOf('F', ['F', 'V'])).toBe(1);
    expect(rangeIndexOf('Ezzz', ['F', 'V'])).toBe(0);
    expect(rangeIndexOf('zz', ['F', 'V'])).toBe(2);
  });

  it('splits items by their id range, keeping their order inside each range', () => {
    const items = ['b', 'A', 'Z', '0', 'a'].map((id) => ({ id }));
    expect(splitByIdRange(items, (i) => i.id, ['F', 'a']).map((p) => p.map((i) => i.id))).toEqual([['A', '0'], ['Z'], ['b', 'a']]);
  });

  it('cuts a CSV import\'s hex ids in four', () => {
    expect(importedIdBounds('csv-s-')).toEqual(['csv-s-4', 'csv-s-8', 'csv-s-c']);
  });
});
