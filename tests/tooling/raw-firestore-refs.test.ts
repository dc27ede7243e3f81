/**
 * One reader per collection (issue 35 §1): outside src/data and src/lib/firebase*, no module builds a raw Firestore
 * reference — `doc(db(), …)`, `collection(db(), …)`, `collectionGroup(db(), …)` — it takes the typed reference of the
 * collection's module in src/data (and `.withConverter(null)` on it for a write in stored field names). Exceptions
 * would be listed with their count in raw-firestore-refs.allow.json; the list is empty since the last feature modules
 * moved (issue 35 §1), and may only shrink, so no raw reference can appear.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import allowList from './raw-firestore-refs.allow.json';

const root = path.resolve(import.meta.dirname, '../..');
const RAW_REF = /\b(?:doc|collection|collectionGroup)\(\s*db\(\)/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const exempt = (file: string) => file.startsWith('src/data/') || /^src\/lib\/firebase[^/]*\.ts$/.test(file);

export function rawRefCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of sources('src')) {
    if (exempt(file)) continue;
    const n = readFileSync(path.join(root, file), 'utf8').match(RAW_REF)?.length ?? 0;
    if (n > 0) counts[file] = n;
  }
  return counts;
}

describe('raw Firestore references outside src/data', () => {
  it('finds the pattern in every spelling it must catch, and not in typed references', () => {
    const hits = (s: string) => s.match(RAW_REF)?.length ?? 0;
    expect(hits("getDoc(doc(db(), COLLECTIONS.shop, id)); collection( db(), 'x'); collectionGroup(db(), 'y')")).toBe(3);
    expect(hits('getDoc(shopDoc(id)); doc(salesCol()); writeBatch(db())')).toBe(0);
  });

  it('appear only in the allow-listed modules, never more often than listed (the list only shrinks)', () => {
    const found = rawRefCounts();
    const allowed: Record<string, number> = allowList;
    const grown = Object.entries(found).filter(([file, n]) => n > (allowed[file] ?? 0));
    expect(grown, 'new raw references: use the typed reference of src/data').toEqual([]);
    const stale = Object.entries(allowed).filter(([file, n]) => (found[file] ?? 0) < n);
    expect(stale, 'fewer raw references than listed: lower the count (or remove the file) in raw-firestore-refs.allow.json').toEqual([]);
  });
});
