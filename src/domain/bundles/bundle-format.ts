/**
 * Firestore's data-bundle format (https://firebase.google.com/docs/firestore/bundles): a sequence of elements, each
 * the byte length of its JSON in decimal followed by the JSON — first `metadata`, then `namedQuery` elements, then
 * each document as `documentMetadata` followed by `document`. The Admin SDK writes the elements
 * (functions/src/list-bundle.ts); these pure helpers only cut and join them, so that a big bundle is built page by
 * page instead of by one builder that copies the whole bundle again for every element it adds.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const OPEN_BRACE = 0x7b;

/** The JSON of each element of `bytes`, in order (without the length prefixes). */
export function bundleElements(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    let brace = at;
    while (brace < bytes.length && bytes[brace] !== OPEN_BRACE) brace++;
    const length = Number(decoder.decode(bytes.subarray(at, brace)).trim());
    if (!Number.isInteger(length) || length <= 0 || brace + length > bytes.length) throw new Error(`Bundle non valido al byte ${String(at)}`);
    out.push(bytes.subarray(brace, brace + length));
    at = brace + length;
  }
  return out;
}

/** One element with its length prefix. */
export function lengthPrefixed(json: Uint8Array | string): Uint8Array[] {
  const body = typeof json === 'string' ? encoder.encode(json) : json;
  return [encoder.encode(String(body.length)), body];
}

export type BundleElementKind = 'metadata' | 'namedQuery' | 'documentMetadata' | 'document';

/** The element's kind, read from its first key (every element has exactly one). */
export function elementKind(element: Uint8Array): BundleElementKind | undefined {
  const head = decoder.decode(element.subarray(0, 24));
  const key = /^\{\s*"(metadata|namedQuery|documentMetadata|document)"/.exec(head)?.[1];
  return key as BundleElementKind | undefined;
}

/** A `documentMetadata` element that also says the document answers the named query `name`. */
export function withQueryName(element: Uint8Array, name: string): string {
  const parsed = JSON.parse(decoder.decode(element)) as { documentMetadata: { queries?: string[] } };
  const meta = parsed.documentMetadata;
  meta.queries = [...(meta.queries ?? []).filter((q) => q !== name), name];
  return JSON.stringify(parsed);
}

/**
 * A `namedQuery` element of a page query (the range query ordered by id, limited to the first page) turned into the
 * range's own query: without the page's limit, it returns the whole range, in the same order.
 */
export function withoutLimit(element: Uint8Array): string {
  const parsed = JSON.parse(decoder.decode(element)) as { namedQuery: { bundledQuery: { structuredQuery: Record<string, unknown> } } };
  delete parsed.namedQuery.bundledQuery.structuredQuery.limit;
  return JSON.stringify(parsed);
}

export interface BundleTimestamp {
  seconds: string;
  nanos: number;
}

/** The first element of a bundle, as the Admin SDK writes it (int64 as text, proto3 JSON). */
export function bundleMetadata(id: string, createTime: BundleTimestamp, totalDocuments: number, totalBytes: number): string {
  return JSON.stringify({ metadata: { id, createTime, version: 1, totalDocuments, totalBytes: String(totalBytes) } });
}

/** Total bytes of a list of byte chunks. */
export const byteLength = (chunks: readonly Uint8Array[]): number => chunks.reduce((n, c) => n + c.length, 0);
