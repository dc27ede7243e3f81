import { describe, expect, it } from 'vitest';
import { SeededRandom } from './seeded-random';

describe('SeededRandom', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const c = new SeededRandom(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });
  it('keeps ints in range, both ends reachable', () => {
    const rng = new SeededRandom(1);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });
  it('draws characters, digits and uuid-looking ids', () => {
    const rng = new SeededRandom(7);
    expect(rng.chars('AB', 10)).toMatch(/^[AB]{10}$/);
    expect(rng.digits(11)).toMatch(/^\d{11}$/);
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
