import { describe, expect, it } from 'vitest';
import { checkProductForm, emptyProductForm, EMPTY_FILTERS, filterProducts, isLowStock, NO_CATEGORY, productFormOf, searchKey, sortProducts, type ProductLike } from './products';

const p = (id: string, extra: Partial<ProductLike> = {}): ProductLike => ({ id, name: id, code: '', barcode: '', price: 1, stock: { qty: 10, minQty: 0, track: false }, changedPrice: false, ...extra });
const list = [
  p('Parmigiano Reggiano 24 mesi', { code: 'PR-24', barcode: '8001', price: 8.9, category: 'Formaggi', stock: { qty: 2, minQty: 3, track: true } }),
  p('Caffè in grani', { code: 'CA-1', barcode: '8002', price: 16.9, category: 'Caffè', changedPrice: true }),
  p('Sacchetto', { price: 0.1, stock: { qty: 0, minQty: 5, track: false } }),
];

describe('filters', () => {
  it('searches every word in name, code, barcode, ignoring case and accents', () => {
    expect(filterProducts(list, { ...EMPTY_FILTERS, search: 'parm 24' }).map((x) => x.code)).toEqual(['PR-24']);
    expect(filterProducts(list, { ...EMPTY_FILTERS, search: 'caffe' }).map((x) => x.code)).toEqual(['CA-1']);
    expect(filterProducts(list, { ...EMPTY_FILTERS, search: '8002' }, list.map(searchKey)).map((x) => x.code)).toEqual(['CA-1']);
  });
  it('category, no category, low stock (tracked only), changed price', () => {
    expect(filterProducts(list, { ...EMPTY_FILTERS, category: 'Formaggi' })).toHaveLength(1);
    expect(filterProducts(list, { ...EMPTY_FILTERS, category: NO_CATEGORY }).map((x) => x.name)).toEqual(['Sacchetto']);
    expect(filterProducts(list, { ...EMPTY_FILTERS, lowStock: true }).map((x) => x.code)).toEqual(['PR-24']);
    expect(isLowStock(list[2]!)).toBe(false);
    expect(filterProducts(list, { ...EMPTY_FILTERS, changedPrice: true }).map((x) => x.code)).toEqual(['CA-1']);
  });
});

describe('sort', () => {
  it('by price both ways, empty values last', () => {
    expect(sortProducts(list, { key: 'price', dir: 'asc' }).map((x) => x.price)).toEqual([0.1, 8.9, 16.9]);
    expect(sortProducts(list, { key: 'price', dir: 'desc' }).map((x) => x.price)).toEqual([16.9, 8.9, 0.1]);
    expect(sortProducts(list, { key: 'category', dir: 'desc' }).map((x) => x.category ?? '')).toEqual(['Formaggi', 'Caffè', '']);
  });
  it('breaks ties by name; texts in collator order (numbers by value, case and accents aside), equal texts as given', () => {
    const same = [p('b', { price: 2, code: 'L10' }), p('a', { price: 2, code: 'l9' }), p('c', { price: 1, code: 'L10' }), p('A', { price: 2, code: 'L100' })];
    expect(sortProducts(same, { key: 'price', dir: 'asc' }).map((x) => x.name)).toEqual(['c', 'a', 'A', 'b']);
    expect(sortProducts(same, { key: 'price', dir: 'desc' }).map((x) => x.name)).toEqual(['a', 'A', 'b', 'c']);
    expect(sortProducts(same, { key: 'code', dir: 'asc' }).map((x) => x.code)).toEqual(['l9', 'L10', 'L10', 'L100']);
    expect(sortProducts(same, { key: 'code', dir: 'desc' }).map((x) => x.name)).toEqual(['A', 'b', 'c', 'a']);
    expect(sortProducts(same, { key: 'name', dir: 'desc' }).map((x) => x.name)).toEqual(['c', 'b', 'a', 'A']);
  });
});

describe('product form', () => {
  it('name and price are required; Italian numbers are read', () => {
    expect(checkProductForm(emptyProductForm()).errors).toMatchObject({ name: 'Il nome del prodotto è obbligatorio.', price: 'Campo obbligatorio.' });
    const ok = checkProductForm({ ...emptyProductForm(), name: ' Vite ', price: '1.234,5', quantity: '3', listino2: '9,99' });
    expect(ok.values).toMatchObject({ name: 'Vite', price: 1234.5, quantity: 3, vatRate: 22, listino2: 9.99, track: true });
  });
  it('bad numbers are errors; a barcode already used is only a warning', () => {
    const bad = checkProductForm({ ...emptyProductForm(), name: 'X', price: '-1', vatRate: '130', minQty: 'abc' });
    expect(Object.keys(bad.errors).sort()).toEqual(['minQty', 'price', 'vatRate']);
    const dup = checkProductForm({ ...emptyProductForm(), name: 'X', price: '1', barcode: '8001' }, list);
    expect(dup.values).toBeDefined();
    expect(dup.warnings.barcode).toContain('Parmigiano');
  });
  it('round-trips a product through the form', () => {
    const form = productFormOf({ ...list[0]!, um: 'PZ', vatRate: 4 });
    expect(form).toMatchObject({ price: '8,9', vatRate: '4', quantity: '2', minQty: '3', track: true, category: 'Formaggi' });
    expect(checkProductForm(form).values).toMatchObject({ price: 8.9, vatRate: 4, quantity: 2, minQty: 3 });
  });
});

describe('the list at size: sort once, filter the sorted list', () => {
  it('filtering a sorted list keeps its order and equals sorting the filtered list', () => {
    const many = Array.from({ length: 200 }, (_, i) => p(`id${i}`, { name: `${i % 2 ? 'Olio' : 'Pasta'} ${(i * 37) % 200}`, price: (i * 13) % 50 }));
    for (const sort of [{ key: 'name', dir: 'asc' }, { key: 'price', dir: 'desc' }] as const) {
      const sorted = sortProducts(many, sort);
      const filters = { ...EMPTY_FILTERS, search: 'olio 1' };
      expect(filterProducts(sorted, filters).map((x) => x.id)).toEqual(sortProducts(filterProducts(many, filters), sort).map((x) => x.id));
    }
  });

  it('uses each product’s cached key: a changed product (a new object) is searched on its new name', () => {
    const before = p('a', { name: 'Caffè' });
    expect(filterProducts([before], { ...EMPTY_FILTERS, search: 'caffe' })).toHaveLength(1);
    const after = { ...before, name: 'Tè' };
    expect(filterProducts([after], { ...EMPTY_FILTERS, search: 'caffe' })).toHaveLength(0);
    expect(filterProducts([after], { ...EMPTY_FILTERS, search: 'te' })).toHaveLength(1);
  });
});
