/**
 * Test helper (imported by src/data/*.test.ts only): the demo seed's documents, read back the way Firestore
 * returns them (Dates become Timestamps), so the converters are tested on exactly what the seed writes.
 */
import { Bytes, Timestamp } from 'firebase/firestore';
import { generateDemoData, type SeedDoc } from '../../scripts/seed/demo-data';
import type { RawDoc } from './normalize';

/** A Monday, 11:00 in Rome. */
export const SEED_NOW = new Date('2026-03-16T10:00:00Z');

let cache: SeedDoc[] | undefined;

export function seedDocs(): SeedDoc[] {
  cache ??= generateDemoData({ now: SEED_NOW, sales: 300 });
  return cache;
}

export function seedCollection(collection: string): SeedDoc[] {
  return seedDocs().filter((d) => d.collection === collection);
}

export function seedDoc(collection: string, id: string): SeedDoc {
  const doc = seedDocs().find((d) => d.collection === collection && d.id === id);
  if (!doc) throw new Error(`seed has no ${collection}/${id}`);
  return doc;
}

/** Deep copy with every Date turned into a Firestore Timestamp and bytes into Bytes, as a read returns them. */
export function asStored(value: unknown): unknown {
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (value instanceof Uint8Array) return Bytes.fromUint8Array(value);
  if (Array.isArray(value)) return value.map(asStored);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStored(v)]));
  }
  return value;
}

/** The stored form of a seeded document. */
export function stored(collection: string, id: string): RawDoc {
  return asStored(seedDoc(collection, id).data) as RawDoc;
}

/** Every seeded document of a collection, in stored form, with its id. */
export function storedCollection(collection: string): { id: string; raw: RawDoc }[] {
  return seedCollection(collection).map((d) => ({ id: d.id, raw: asStored(d.data) as RawDoc }));
}
