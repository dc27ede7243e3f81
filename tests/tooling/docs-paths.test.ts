/**
 * The README and docs/ name only what exists: every `npm run X` is a script of package.json, every
 * repository path (src/…, functions/…, scripts/…, tests/…, docs/…, public/…, .ci/…, and root files such as
 * firestore.rules) is on disk, every relative link points to a file, and every VITE_* variable is one the app reads.
 * Paths with placeholders ({id}, <f>, *, …) are patterns, not files, and are skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
/** Files an operator creates at deploy time: named by the docs, never in the repository. */
const CREATED_BY_THE_READER = new Set(['functions/.env', '.env.local', '.env.production.local']);
const TOP = '(?:src|functions|scripts|tests|docs|public|\\.ci)';
const PATH = new RegExp(`(?<![\\w./@-])(${TOP}/[^\\s\`'"()\\[\\],;]*)`, 'g');
const ROOT_FILE = /`([\w-]+(?:\.[\w-]+)*\.(?:json|rules|ts|js|mjs|md|example))`/g;
const PLACEHOLDER = /[{}<>*…]/;

const text = (file: string) => readFileSync(join(root, file), 'utf8');
const clean = (path: string) => path.replace(/[.:]+$/, '').replace(/#.*$/, '');

function namedPaths(file: string): string[] {
  const body = text(file);
  const paths = [...body.matchAll(PATH)].map((m) => clean(m[1]!));
  const rootFiles = [...body.matchAll(ROOT_FILE)].map((m) => m[1]!).filter((name) => !name.includes('/'));
  return [...new Set([...paths, ...rootFiles])].filter((p) => !PLACEHOLDER.test(p) && !CREATED_BY_THE_READER.has(p));
}

function linkTargets(file: string): string[] {
  return [...text(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => relative(root, resolve(root, dirname(file), target.replace(/#.*$/, ''))));
}

describe.each(documents)('%s', (file) => {
  it('runs only scripts that package.json defines', () => {
    const named = [...text(file).matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    expect(namedPaths(file).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('links only to files that exist', () => {
    expect(linkTargets(file).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names only VITE_ variables the app reads', () => {
    const known = text('.env.example') + text('src/config/env.ts') + text('vite.config.ts');
    const named = [...new Set([...text(file).matchAll(/\bVITE_[A-Z_]+[A-Z]/g)].map((m) => m[0]))];
    expect(named.filter((name) => !known.includes(name))).toEqual([]);
  });
});

describe('the checker itself', () => {
  it('sees a path that does not exist', () => {
    expect(existsSync(join(root, 'src/lib/not-a-module.ts'))).toBe(false);
    expect('vedi `src/lib/not-a-module.ts` e docs/mancante.md.'.match(PATH)).toEqual(['src/lib/not-a-module.ts', 'docs/mancante.md.']);
  });
});
