/** The end-of-run table of both test runners' reporters (scripts/lib/reporters). */
import { describe, expect, it } from 'vitest';
import { slowestReport } from '../../scripts/lib/reporters/slowest.ts';

describe('slowest tests report', () => {
  it('lists the slowest tests first, at most ten, then the files by the sum of their tests', () => {
    const tests = Array.from({ length: 12 }, (_, i) => ({ file: i % 2 === 0 ? 'a.spec.ts' : 'b.spec.ts', title: `t${String(i)}`, ms: (i + 1) * 1000 }));
    const lines = slowestReport(tests);
    expect(lines[0]).toBe('Test più lenti (10 su 12, 78.0 s in tutto):');
    expect(lines[1]).toBe('   12.0 s  b.spec.ts › t11');
    expect(lines[10]).toBe('    3.0 s  a.spec.ts › t2');
    expect(lines).not.toContain('    2.0 s  b.spec.ts › t1');
    expect(lines.slice(11)).toEqual(['File più lenti (somma dei loro test):', '   42.0 s  b.spec.ts (6 test)', '   36.0 s  a.spec.ts (6 test)']);
  });

  it('names a test that ran more than once, and prints short tests in ms', () => {
    const lines = slowestReport([{ file: 'k.spec.ts', title: 'import', ms: 250, attempts: 2 }]);
    expect(lines[1]).toBe('   250 ms  k.spec.ts › import (2 tentativi)');
  });

  it('prints nothing for a run without tests', () => {
    expect(slowestReport([])).toEqual([]);
  });
});
