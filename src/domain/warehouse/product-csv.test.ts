import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../csv/csv';
import type { SourceRow } from '../csv/column-mapping';
import {
  guessProductMapping, importedProductId, operationOf, planCounts, planProductImport, productMappingProblem, productsTable, rowToChange, type CsvProduct,
} from './product-csv';

const product = (extra: Partial<CsvProduct> = {}): CsvProduct => ({ id: 'p1', name: 'Trapano', code: 'TR-01', barcode: '8001234567895', price: 89.9, vatRate: 22, um: 'PZ', category: 'Utensili', stock: { qty: 4, minQty: 1, track: true }, ...extra });
const rows = (text: string): SourceRow[] => parseCsv(text).rows.map((row, i) => ({ file: 'f.csv', line: i + 2, row }));

describe('mapping', () => {
  it('guesses the export headers and common spellings', () => {
    expect(guessProductMapping(['Descrizione', 'EAN', 'Cod. Articolo', 'Prezzo vendita', 'Aliquota IVA', 'Giacenza'])).toMatchObject({
      name: 'Descrizione', barcode: 'EAN', code: 'Cod. Articolo', price: 'Prezzo vendita', vatRate: 'Aliquota IVA', quantity: 'Giacenza',
    });
  });
  it('needs name and price for products, a key and a price for price updates', () => {
    const m = guessProductMapping(['Nome', 'Prezzo']);
    expect(productMappingProblem(m, 'products')).toBeNull();
    expect(productMappingProblem(m, 'prices')).toContain('Mapping incompleto');
    expect(productMappingProblem(guessProductMapping(['Codice a barre', 'Listino 2']), 'prices')).toBeNull();
  });
});

describe('rowToChange', () => {
  const m = guessProductMapping(['Nome', 'Prezzo', 'IVA', 'Quantità']);
  it('reads Italian numbers; empty cells are left out', () => {
    expect(rowToChange({ Nome: ' Vite  M4 ', Prezzo: '1.234,50', IVA: '22%', Quantità: '' }, m, 'products')).toEqual({ change: { name: 'Vite M4', price: 1234.5, vatRate: 22 } });
  });
  it('reports the unreadable number', () => {
    expect(rowToChange({ Nome: 'X', Prezzo: 'dieci' }, m, 'products').badField).toBe('price');
    expect(rowToChange({ Nome: 'X', Prezzo: '-1' }, m, 'products').badField).toBe('price');
  });
});

describe('planProductImport', () => {
  const file = `Nome;Codice;Codice a barre;Prezzo;Quantità
Trapano;TR-01;8001234567895;99,90;4
Martello;;;12,5;10
Senza prezzo;SP;;;1
;;;5;1
Trapano bis;;8001234567895;1;1
Numero rotto;NR;;abc;1
`;
  it('matches by barcode, creates under stable ids, skips with reasons', () => {
    const src = rows(file);
    const plan = planProductImport('shop-1', 'products', src, guessProductMapping(parseCsv(file).headers), [product()]);
    expect(plan.writes.map((w) => [w.kind, w.change.name, w.fields])).toEqual([
      ['update', 'Trapano', ['price']],
      ['create', 'Martello', ['name', 'price', 'quantity']],
    ]);
    expect(plan.writes[1]?.id).toBe(importedProductId('shop-1', { name: 'Martello' }));
    expect(plan.skipped.map((s) => s.reason)).toEqual(['no-price', 'no-name', 'duplicate', 'bad-number']);
    expect(planCounts(plan)).toEqual({ rows: 6, create: 1, update: 1, priceChanges: 1, unchanged: 0, skipped: 4 });
    expect(operationOf(plan.writes[0]!, 'products')).toMatchObject({ action: 'price_update', code: 'TR-01', barcode: '8001234567895', name: 'Trapano', before: 89.9, after: 99.9 });
  });

  it('the same file again after it was written changes nothing', () => {
    const src = rows(file);
    const mapping = guessProductMapping(parseCsv(file).headers);
    const after: CsvProduct[] = [product({ price: 99.9 }), product({ id: importedProductId('shop-1', { name: 'Martello' }), name: 'Martello', code: '', barcode: '', price: 12.5, stock: { qty: 10, minQty: 0, track: true } })];
    const plan = planProductImport('shop-1', 'products', src, mapping, after);
    expect(plan.writes).toEqual([]);
    expect(plan.unchanged).toHaveLength(2);
  });

  it('price updates touch only products found, by barcode then code', () => {
    const text = 'Codice a barre;Codice;Prezzo\n8001234567895;;95\n;tr-02;3\n;ZZ;1\n;;4\n';
    const products = [product(), product({ id: 'p2', code: 'TR-02', barcode: '', price: 2 })];
    const plan = planProductImport('shop-1', 'prices', rows(text), guessProductMapping(['Codice a barre', 'Codice', 'Prezzo']), products);
    expect(plan.writes.map((w) => [w.id, w.change.price])).toEqual([['p1', 95], ['p2', 3]]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['not-found', 'no-key']);
    expect(operationOf(plan.writes[1]!, 'prices')).toMatchObject({ action: 'price_update', code: 'TR-02', before: 2, after: 3 });
  });
});

describe('export', () => {
  it('reads back through the importer unchanged', () => {
    const products = [product(), product({ id: 'p2', name: 'Vite; M4 "inox"', code: '', barcode: '', price: 0.1, vatRate: undefined, category: undefined, listino2: 0.09 })];
    const table = productsTable(products);
    const text = toCsv(table.headers, table.rows);
    const parsed = parseCsv(text.slice(1));
    const mapping = guessProductMapping(parsed.headers);
    expect(Object.values(mapping).every((h) => h !== '')).toBe(true);
    const plan = planProductImport('shop-1', 'products', parsed.rows.map((row, i) => ({ file: 'x', line: i + 2, row })), mapping, products);
    expect(plan.writes).toEqual([]);
    expect(plan.unchanged).toHaveLength(2);
  });
});

describe('number columns read as a whole', () => {
  it("an Italian price column reads '1.234' as 1234, and the plan says how each column was read", () => {
    const file = 'Nome;Prezzo;Quantità\nBetoniera;1.234;2\nVite;0,10;1.500\n';
    const plan = planProductImport('shop-1', 'products', rows(file), guessProductMapping(parseCsv(file).headers), []);
    expect(plan.writes.map((w) => [w.change.name, w.change.price, w.change.quantity])).toEqual([['Betoniera', 1234, 2], ['Vite', 0.1, 1500]]);
    expect(plan.readings).toMatchObject({ price: 'decimal-comma', quantity: 'decimal-comma' });
  });

  it('an English-style column is read with decimal points; a cell against its column is reported, not misread', () => {
    const file = 'Nome;Prezzo\nA;12.50\nB;1,234.00\nC;7,5\n';
    const plan = planProductImport('shop-1', 'products', rows(file), guessProductMapping(parseCsv(file).headers), []);
    expect(plan.readings.price).toBe('decimal-comma');
    expect(plan.skipped.map((s) => [s.source.line, s.reason])).toEqual([[2, 'bad-number'], [3, 'bad-number']]);
    const english = 'Nome;Prezzo\nA;12.50\nB;1,234.00\n';
    const plan2 = planProductImport('shop-1', 'products', rows(english), guessProductMapping(parseCsv(english).headers), []);
    expect(plan2.writes.map((w) => w.change.price)).toEqual([12.5, 1234]);
  });
});
