import { afterAll, describe, expect, it, vi } from 'vitest';

// The query builder recorded (the unit layer shares modules: mocked, then imported afresh).
vi.mock('@/lib/firebase', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const ref: { withConverter: () => unknown } = { withConverter: () => ref };
  return {
    ...(await importOriginal<Record<string, unknown>>()),
    collection: () => ref,
    query: (_ref: unknown, ...constraints: unknown[]) => constraints,
    where: (field: string, op: string, value: unknown) => [field, op, value],
  };
});

describe("productLookupQueries: the shop's products by code, barcode or name (warehouse import and changedPrice flagging)", () => {
  afterAll(() => {
    vi.doUnmock('firebase/firestore');
    vi.doUnmock('@/lib/firebase');
    vi.resetModules();
  });

  it('one query per field and chunk of 30 values, codes then barcodes then names, always within the shop', async () => {
    vi.resetModules();
    const { LOOKUP_CHUNK, productLookupQueries } = await import('./scrap');
    expect(LOOKUP_CHUNK).toBe(30);
    const codes = Array.from({ length: 31 }, (_, i) => `C${String(i)}`);
    const queries = productLookupQueries('shop-1', { codes, barcodes: [], names: ['Trapano'] }) as unknown as unknown[][];
    expect(queries).toEqual([
      [['userId', '==', 'shop-1'], ['code', 'in', codes.slice(0, 30)]],
      [['userId', '==', 'shop-1'], ['code', 'in', ['C30']]],
      [['userId', '==', 'shop-1'], ['name', 'in', ['Trapano']]],
    ]);
    expect(productLookupQueries('shop-1', { codes: [], barcodes: [], names: [] })).toEqual([]);
  });
});
