import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { normalizeScrap, toFirestoreScrap } from './scrap';
import { stored, storedCollection } from './test-seed';

const products = storedCollection('Scrap').map(({ id, raw }) => ({ id, raw, p: normalizeScrap(id, raw) }));

describe('Scrap converter', () => {
  it('reads legacy text numbers, iva and categories', () => {
    const raw = stored('Scrap', 'scrap-negozio-001');
    expect(raw).toMatchObject({ price: '8,90', iva: 4, categories: ['Formaggi'] });
    expect(typeof raw.quantity).toBe('string');
    const p = normalizeScrap('scrap-negozio-001', raw);
    expect(p).toMatchObject({ price: 8.9, vatRate: 4, category: 'Formaggi', discount: undefined, um: 'PZ' });
    expect(p.quantity).toBe(Number(raw.quantity));
    expect(p.stock).toEqual({ qty: p.quantity, minQty: 0, track: false });
  });

  it('reads numbers as numbers, iva as text and categories as one string', () => {
    const p = normalizeScrap('scrap-negozio-003', stored('Scrap', 'scrap-negozio-003'));
    expect(p).toMatchObject({ price: 4.2, vatRate: 4, category: 'Formaggi' });
  });

  it('reads the migrated shape with stock, vatRate and price lists', () => {
    const p = normalizeScrap('scrap-negozio-002', stored('Scrap', 'scrap-negozio-002'));
    expect(p).toMatchObject({ price: 3.8, vatRate: 4, category: 'Formaggi', migrated: true, stock: { minQty: 3, track: true } });
    expect(p.purchasePrice).toBeGreaterThan(0);
    expect(p.listino2).toBeLessThan(p.price);
    expect(p.migratedAt).toBeInstanceOf(Date);
  });

  it('reads "€ 12,90" and an empty-text discount', () => {
    expect(normalizeScrap('d', stored('Scrap', 'scrap-negozio-dup-02')).price).toBe(12.9);
    expect(normalizeScrap('x', { discount: '' }).discount).toBeUndefined();
    expect(normalizeScrap('x', { discount: '10' }).discount).toBe(10);
    expect(normalizeScrap('x', { price: 'gratis', quantity: null }).price).toBe(0);
  });

  it('has groups of products repeating a barcode, one with all quantities zero', () => {
    const owner = products.filter((x) => x.p.userId === A.owner.uid && x.p.barcode !== '');
    const groups = new Map<string, typeof owner>();
    for (const x of owner) groups.set(x.p.barcode, [...(groups.get(x.p.barcode) ?? []), x]);
    const repeated = [...groups.values()].filter((g) => g.length > 1);
    expect(repeated.map((g) => g.length).sort()).toEqual([2, 2, 3]);
    expect(repeated.some((g) => g.every((x) => x.p.quantity === 0))).toBe(true);
  });

  it('writes price and quantity as text (the POS reads text), vatRate not iva, and round-trips', () => {
    const w = toFirestoreScrap(normalizeScrap('scrap-negozio-001', stored('Scrap', 'scrap-negozio-001')));
    expect(w).toMatchObject({ price: '8.90', discount: '', vatRate: 4, category: 'Formaggi' });
    expect(typeof w.quantity).toBe('string');
    expect(w).not.toHaveProperty('iva');
    expect(w).not.toHaveProperty('categories');
    for (const { id, p } of products) expect(normalizeScrap(id, toFirestoreScrap(p))).toEqual(p);
  });
});
