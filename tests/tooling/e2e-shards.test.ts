import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_SPECS, dealShards, e2eSpecFiles, shardArgs } from '../../scripts/lib/e2e-shards.ts';
import { SLOW_SPECS } from '../e2e/slow-specs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('e2e shards', () => {
  it('deals every spec of npm test to exactly one shard, and no benchmark spec', () => {
    const files = e2eSpecFiles(path.join(ROOT, 'tests/e2e'));
    const shards = shardArgs(ROOT, 2);
    expect(shards).toHaveLength(2);
    const dealt = shards.flat().map((f) => path.basename(f));
    expect([...dealt].sort()).toEqual(files);
    expect(new Set(dealt).size).toBe(dealt.length);
    for (const bench of BENCH_SPECS) expect(dealt).not.toContain(bench);
    for (const slow of SLOW_SPECS) expect(dealt).not.toContain(slow);
  });

  it('balances by duration, the longest first to the lightest shard', () => {
    const seconds: Record<string, number> = { a: 300, b: 200, c: 100, d: 100, e: 50 };
    const shards = dealShards(Object.keys(seconds), 2, (f) => seconds[f] ?? 0);
    // a→1 (300), b→2 (200), c→2 (300), d→1 on the tie (400), e→2 (350).
    expect(shards).toEqual([['a', 'd'], ['b', 'c', 'e']]);
  });

  it('never makes an empty shard', () => {
    expect(dealShards(['only.spec.ts'], 3)).toEqual([['only.spec.ts']]);
  });
});
