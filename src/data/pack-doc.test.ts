import { describe, expect, it } from 'vitest';
import { PACK_CHUNK, packIdChunks } from './pack-doc';

describe('packIdChunks (document 3 §7, §9: pack details in chunks of 10 ids)', () => {
  it('splits the ids in chunks of 10, in their order', () => {
    const ids = Array.from({ length: 23 }, (_, i) => `pack-${String(i)}`);
    const chunks = packIdChunks(ids);
    expect(PACK_CHUNK).toBe(10);
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 3]);
    expect(chunks.flat()).toEqual(ids);
  });

  it('reads each id once and never an empty one (an `in` query refuses neither, but both cost reads)', () => {
    expect(packIdChunks(['a', 'b', 'a', '', 'c'])).toEqual([['a', 'b', 'c']]);
    expect(packIdChunks([])).toEqual([]);
    expect(packIdChunks(['', ''])).toEqual([]);
  });
});
