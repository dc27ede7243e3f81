import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PathRef as Ref } from '@/lib/firestore-path-mock-kit';

/**
 * The warehouse import's write: the transaction runs its callback on an in-memory store (the invoice and a matched
 * product, as stored) and keeps the updates it makes, so the patch written on the product is the one checked. The
 * unit layer shares modules: mocked, then imported afresh.
 */
const fs = vi.hoisted(() => ({
  stored: new Map<string, Record<string, unknown>>(),
  updates: [] as { path: string; data: Record<string, unknown> }[],
}));
vi.mock('@/lib/firebase', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const { pathReferences } = await import('@/lib/firestore-path-mock-kit');
  return {
    ...(await importOriginal<Record<string, unknown>>()),
    ...pathReferences(),
    deleteField: () => 'DELETE',
    runTransaction: async (_db: unknown, run: (tx: unknown) => Promise<unknown>) => {
      const snap = (r: Ref) => {
        const data = fs.stored.get(r.path);
        return { id: r.path.split('/')[1], exists: () => data !== undefined, data: () => data, get: (field: string) => data?.[field] };
      };
      const tx = {
        get: (r: Ref) => Promise.resolve(snap(r)),
        set: () => undefined,
        update: (r: Ref, data: Record<string, unknown>) => fs.updates.push({ path: r.path, data }),
      };
      return run(tx);
    },
  };
});

async function load() {
  const { importInvoiceRows } = await import('./warehouse-import');
  const { normalizeScrap } = await import('./scrap');
  const { rowsFromLines } = await import('@/domain/warehouse/invoice-import');
  const stored = { userId: 'shop-1', name: 'Trapano', code: 'T1', barcode: '', price: '12.50', quantity: '1', purchasePrice: 8.2, listino2: 11.88, listino3: 11.25, vatRate: 22, stock: { qty: 1, minQty: 0, track: true } };
  fs.stored = new Map<string, Record<string, unknown>>([['Invoice/inv-1', { userId: 'shop-1', type: 1 }], ['Scrap/p1', stored]]);
  // 5,35 × 1,45 × 1,22 = 9,46: a cheaper supplier.
  const rows = rowsFromLines([{ description: 'Trapano', quantity: 2, unitPrice: 5.35, total: 10.7, vatRate: 22, codes: [{ value: 'T1' }] }]);
  const candidates = [normalizeScrap('p1', stored)];
  return { importInvoiceRows, rows, candidates };
}

const productPatch = () => fs.updates.find((u) => u.path === 'Scrap/p1')?.data;

describe('importInvoiceRows: the price and listini written on a matched product', () => {
  beforeEach(() => {
    vi.resetModules();
    fs.updates = [];
  });
  afterAll(() => {
    vi.doUnmock('firebase/firestore');
    vi.doUnmock('@/lib/firebase');
    vi.resetModules();
  });

  it('the default keeps the higher current price; the cost follows the invoice; listini untouched', async () => {
    const { importInvoiceRows, rows, candidates } = await load();
    await importInvoiceRows('shop-1', 'inv-1', rows, candidates, { rule: 'keep-higher', listini: undefined });
    const patch = productPatch();
    expect(patch).toMatchObject({ price: '12.50', purchasePrice: 5.35, quantity: '3' });
    expect(patch).not.toHaveProperty('listino2');
    expect(patch).not.toHaveProperty('listino3');
    expect(patch).not.toHaveProperty('changedPrice');
  });

  it('the computed price with listini left: the price is lowered, the listini are not written', async () => {
    const { importInvoiceRows, rows, candidates } = await load();
    await importInvoiceRows('shop-1', 'inv-1', rows, candidates, { rule: 'computed', listini: 'keep' });
    const patch = productPatch();
    expect(patch).toMatchObject({ price: '9.46', purchasePrice: 5.35, changedPrice: true });
    expect(patch).not.toHaveProperty('listino2');
    expect(patch).not.toHaveProperty('listino3');
  });

  it('the computed price with listini lowered: both listini written at the new price, as numbers', async () => {
    const { importInvoiceRows, rows, candidates } = await load();
    await importInvoiceRows('shop-1', 'inv-1', rows, candidates, { rule: 'computed', listini: 'lower' });
    expect(productPatch()).toMatchObject({ price: '9.46', listino2: 9.46, listino3: 9.46 });
  });

  it('listini in conflict and no choice: nothing is written', async () => {
    const { importInvoiceRows, rows, candidates } = await load();
    await expect(importInvoiceRows('shop-1', 'inv-1', rows, candidates, { rule: 'computed', listini: undefined })).rejects.toThrow('Alcuni listini sono più alti del nuovo prezzo');
    expect(fs.updates).toEqual([]);
  });
});
