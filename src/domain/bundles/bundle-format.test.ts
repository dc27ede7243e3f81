import { describe, expect, it } from 'vitest';
import { bundleElements, bundleMetadata, byteLength, elementKind, lengthPrefixed, withoutLimit, withQueryName } from './bundle-format';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const join = (chunks: readonly Uint8Array[]) => {
  const out = new Uint8Array(byteLength(chunks));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

describe('bundle elements', () => {
  it('cuts a bundle into its elements by their byte lengths (accented text counts its UTF-8 bytes)', () => {
    const elements = ['{"metadata":{"id":"x"}}', '{"documentMetadata":{"name":"a/caffè"}}', '{"document":{"name":"a/caffè"}}'];
    const bytes = join(elements.flatMap((e) => lengthPrefixed(e)));
    expect(decoder.decode(bytes)).toMatch(/^23\{"metadata"/);
    expect(bundleElements(bytes).map((e) => decoder.decode(e))).toEqual(elements);
    expect(bundleElements(bytes).map(elementKind)).toEqual(['metadata', 'documentMetadata', 'document']);
  });

  it('refuses a truncated bundle', () => {
    expect(() => bundleElements(encoder.encode('40{"metadata":{}}'))).toThrow(/non valido/);
    expect(() => bundleElements(encoder.encode('{"metadata":{}}'))).toThrow(/non valido/);
  });

  it('names the query a document answers, once', () => {
    const meta = encoder.encode('{"documentMetadata":{"name":"p/d/Scrap/a","exists":true,"queries":["q1"]}}');
    expect(JSON.parse(withQueryName(meta, 'q2'))).toEqual({ documentMetadata: { name: 'p/d/Scrap/a', exists: true, queries: ['q1', 'q2'] } });
    const twice = JSON.parse(withQueryName(encoder.encode(withQueryName(meta, 'q2')), 'q2')) as { documentMetadata: { queries: string[] } };
    expect(twice.documentMetadata.queries).toEqual(['q1', 'q2']);
  });

  it("turns a page's named query into its range's: the same query without the page's limit", () => {
    const page = encoder.encode('{"namedQuery":{"name":"r","bundledQuery":{"parent":"p","structuredQuery":{"from":[{"collectionId":"Scrap"}],"limit":100},"limitType":"FIRST"},"readTime":{"seconds":"5","nanos":1}}}');
    expect(JSON.parse(withoutLimit(page))).toEqual({ namedQuery: { name: 'r', bundledQuery: { parent: 'p', structuredQuery: { from: [{ collectionId: 'Scrap' }] }, limitType: 'FIRST' }, readTime: { seconds: '5', nanos: 1 } } });
  });

  it('writes the metadata element as the Admin SDK does', () => {
    expect(JSON.parse(bundleMetadata('products:s', { seconds: '12', nanos: 3 }, 2, 345))).toEqual({ metadata: { id: 'products:s', createTime: { seconds: '12', nanos: 3 }, version: 1, totalDocuments: 2, totalBytes: '345' } });
  });
});
