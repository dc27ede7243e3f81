/**
 * One reader per collection: outside src/data and src/lib/firebase*, no module builds a raw Firestore
 * reference — `doc(db(), …)`, `collection(db(), …)`, `collectionGroup(db(), …)` — it takes the typed reference of the
 * collection's module in src/data. Exceptions would be listed with their count in raw-firestore-refs.allow.json; the
 * list is empty since the last feature modules moved, and may only shrink, so no raw reference can appear.
 *
 * One writer per collection: a write in stored field names (`.withConverter(null)` on a typed reference, skipping the
 * converter) is a named function of the collection's module in src/data, never built in a feature. Exceptions would be
 * listed with their count in converter-bypass.allow.json, empty and only shrinking in the same way.
 *
 * The Cloud Functions (functions/src) use the Admin SDK, where `db.collection(…)` is the only way in: there the rule
 * is that a collection with a converter in src/data (Shop, Customer, Sale, Invoice, Scrap, ShopSubscription, Plan,
 * Pack) is named only by functions/src/typed-refs.ts, whose references read through the app's own normalisation —
 * so no function reads such a document's fields raw. Other collections (ProviderEvent, ProviderQuarantine, User…)
 * are the functions' own business. The one exception, with its reason, is FUNCTIONS_EXCEPTIONS below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@/data/collections';
import bypassAllowList from './converter-bypass.allow.json';
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

function countsOutside(pattern: RegExp, isExempt: (file: string) => boolean): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of sources('src')) {
    if (isExempt(file)) continue;
    const n = readFileSync(path.join(root, file), 'utf8').match(pattern)?.length ?? 0;
    if (n > 0) counts[file] = n;
  }
  return counts;
}

export const rawRefCounts = (): Record<string, number> => countsOutside(RAW_REF, exempt);

const CONVERTER_BYPASS = /\.withConverter\(\s*null\s*\)/g;
export const converterBypassCounts = (): Record<string, number> => countsOutside(CONVERTER_BYPASS, (file) => file.startsWith('src/data/'));

/** Found counts against an allow-list that may only shrink: the files over their count, and the entries now too high. */
function againstAllowList(found: Record<string, number>, allowed: Record<string, number>) {
  return {
    grown: Object.entries(found).filter(([file, n]) => n > (allowed[file] ?? 0)),
    stale: Object.entries(allowed).filter(([file, n]) => (found[file] ?? 0) < n),
  };
}

/** The collections whose documents have a converter in src/data. */
const CONVERTED = ['shop', 'customer', 'sale', 'invoice', 'scrap', 'shopSubscription', 'plan', 'planFallback', 'pack'] as const;
const convertedNames = [...new Set(CONVERTED.map((key) => COLLECTIONS[key]))];
/** `.collection(` / `.collectionGroup(` naming a converted collection: by its key (COLLECTIONS.shop, SERVER_COLLECTIONS.invoice…) or its name ('Shop'). */
const FUNCTIONS_RAW_REF = new RegExp(
  String.raw`\.(?:collection|collectionGroup)\(\s*(?:(?:SERVER_)?COLLECTIONS\.(?:${CONVERTED.join('|')})\b|['"\x60](?:${convertedNames.join('|')})['"\x60])`,
  'g',
);
const TYPED_REFS = 'functions/src/typed-refs.ts';
/**
 * access.ts decides who may act on a shop exactly as firestore.rules' canReadShop does, and the rules see the stored
 * `technicians` list (plain uids only: an entry stored as an object grants nothing) where the converter's toIdList
 * would also accept {id|uid|techId} objects — reading it typed would grant the functions more than the rules do.
 */
const FUNCTIONS_EXCEPTIONS: Record<string, number> = { 'functions/src/access.ts': 1 };

export function functionsRawRefCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of sources('functions/src')) {
    if (file === TYPED_REFS) continue;
    const n = readFileSync(path.join(root, file), 'utf8').match(FUNCTIONS_RAW_REF)?.length ?? 0;
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
    const { grown, stale } = againstAllowList(rawRefCounts(), allowList);
    expect(grown, 'new raw references: use the typed reference of src/data').toEqual([]);
    expect(stale, 'fewer raw references than listed: lower the count (or remove the file) in raw-firestore-refs.allow.json').toEqual([]);
  });

  it('finds a converter bypass in every spelling, and not a typed reference or a converter of its own', () => {
    const hits = (s: string) => s.match(CONVERTER_BYPASS)?.length ?? 0;
    expect(hits('saleDoc(id).withConverter(null); doc(salesCol().withConverter( null ));')).toBe(2);
    expect(hits('saleDoc(id); collection(x).withConverter(saleConverter); withConverterNull()')).toBe(0);
  });

  it('writes skipping the converter are made only in src/data (the allow-list only shrinks)', () => {
    const { grown, stale } = againstAllowList(converterBypassCounts(), bypassAllowList);
    expect(grown, 'a write in stored field names outside src/data: make it a named function of the collection\'s module in src/data').toEqual([]);
    expect(stale, 'fewer converter bypasses than listed: lower the count (or remove the file) in converter-bypass.allow.json').toEqual([]);
  });

  it('in functions/src, finds a converted collection named in every spelling, and not the functions\' own collections', () => {
    const hits = (s: string) => s.match(FUNCTIONS_RAW_REF)?.length ?? 0;
    expect(hits("db.collection(SERVER_COLLECTIONS.invoice).doc(id); db.collection(COLLECTIONS.shop); db.collection('Sale'); db.collectionGroup(COLLECTIONS.planFallback)")).toBe(4);
    expect(hits("db.collection(SERVER_COLLECTIONS.providerEvent); db.collection(COLLECTIONS.shopping); db.collection('ShopX'); invoicesCol(db).doc(id)")).toBe(0);
  });

  it('in functions/src, converted collections are named only by typed-refs.ts (and the listed exception)', () => {
    expect(functionsRawRefCounts(), 'read it through functions/src/typed-refs.ts (the converter\'s normalisation)').toEqual(FUNCTIONS_EXCEPTIONS);
    expect(readFileSync(path.join(root, TYPED_REFS), 'utf8')).toMatch(FUNCTIONS_RAW_REF);
  });
});
