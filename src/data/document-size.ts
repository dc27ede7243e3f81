/**
 * How much of Firestore's 1 MiB a document takes, by the storage-size rules Firestore publishes ("Storage size
 * calculations"): the document name (each path segment's UTF-8 bytes + 1, plus 16), each field name (UTF-8 + 1)
 * and value (text: UTF-8 + 1; bytes: their length; number, date, Timestamp: 8; boolean, null: 1; map: its fields;
 * array: its values), plus 32. Pure: Timestamps are recognised by shape, bytes as Uint8Array or the web SDK's Bytes.
 * Used before a write that could pass the limit (the received invoice's XML: functions/src/received-xml.ts), and to
 * measure a stored document before reading it further (the nightly day summaries: functions/src/day-summaries.ts).
 */
import { isRecord } from './normalize';

/** Firestore's maximum document size. */
export const FIRESTORE_DOCUMENT_LIMIT = 1_048_576;

const encoder = new TextEncoder();
const textBytes = (s: string) => encoder.encode(s).length;

/** 'Invoice/abc' → 6 + 4 + 16. */
export function documentNameBytes(path: string): number {
  return path.split('/').reduce((sum, segment) => sum + textBytes(segment) + 1, 0) + 16;
}

export function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return textBytes(value) + 1;
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) return 8;
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return (value as unknown[]).reduce<number>((sum, v) => sum + valueBytes(v), 0);
  if (isRecord(value)) {
    if (typeof (value as { toUint8Array?: unknown }).toUint8Array === 'function') return (value as { toUint8Array: () => Uint8Array }).toUint8Array().byteLength;
    if (typeof (value as { toDate?: unknown }).toDate === 'function') return 8;
    // A reference counts as the name of the document it names, a geo point 16; any other class instance (never
    // stored as such) 8, rather than walking its internals (an SDK reference holds its whole Firestore client).
    if (typeof (value as { path?: unknown }).path === 'string' && 'firestore' in value) return documentNameBytes((value as { path: string }).path);
    if (typeof (value as { latitude?: unknown }).latitude === 'number' && typeof (value as { longitude?: unknown }).longitude === 'number') return 16;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return 8;
    return fieldsBytes(value);
  }
  return 8;
}

function fieldsBytes(fields: Record<string, unknown>): number {
  let sum = 0;
  for (const [name, v] of Object.entries(fields)) if (v !== undefined) sum += textBytes(name) + 1 + valueBytes(v);
  return sum;
}

/** The stored size of a document at `path` ('Invoice/{uuid}') with these fields. */
export function documentBytes(path: string, fields: Record<string, unknown>): number {
  return documentNameBytes(path) + fieldsBytes(fields) + 32;
}
