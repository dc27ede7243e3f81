/** No import circles in src/, functions/src and scripts/: the list names each circle's modules. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, moduleImports } from '../../scripts/lib/import-cycles.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('import circles', () => {
  it('there are none among the project modules', () => {
    const graph = importGraph(root, ['src', 'functions/src', 'scripts']);
    expect(graph.size).toBeGreaterThan(500); // the walk found the sources
    expect(graph.get('src/lib/firebase.ts')).toContain('src/lib/cache-owner.ts'); // relative paths resolve
    expect(importCycles(graph)).toEqual([]);
  });

  it('reads every kind of import, type-only and lazy ones included', () => {
    const source = [
      "import type { A } from './a';",
      "import { b } from '@/b';",
      "export { c } from '../c';",
      "export * from './d';",
      "const e = () => import('./e');",
      "import 'react';",
    ].join('\n');
    expect(moduleImports(source)).toEqual(['./a', '@/b', '../c', './d', './e', 'react']);
  });

  it('finds a circle of two, a longer one and a module importing itself, and nothing in a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['c.ts']],
      ['f.ts', ['f.ts']],
      ['g.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts'], ['f.ts']]);
  });
});
