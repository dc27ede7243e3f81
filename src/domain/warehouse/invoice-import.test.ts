import { describe, expect, it } from 'vitest';
import {
  applyMarkup, basePriceOf, editRow, finalPriceOf, isValidRow, linesFromPayload, lookupValues, matchProduct, planImport, rowsFromLines,
  type ExistingProduct, type SourceLine,
} from './invoice-import';
import type { ImportPricing } from './import-prices';

const line = (extra: Partial<SourceLine> = {}): SourceLine => ({ description: 'Trapano', quantity: 2, unitPrice: 10, total: 20, vatRate: 22, codes: [], ...extra });
/** The computed price always: the plan's price is the row's formula price, as before any pricing rule. */
const computed: ImportPricing = { rule: 'computed', listini: undefined };
const product = (extra: Partial<ExistingProduct> = {}): ExistingProduct => ({ id: 'p1', name: 'Trapano', code: 'T1', barcode: '', price: 29, quantity: 3, stock: { qty: 3, minQty: 0, track: true }, ...extra });

describe('formulas', () => {
  it('final = base × (1 + markup) × (1 + VAT), 2 decimals', () => {
    expect(finalPriceOf(10, 45, 22)).toBe(17.69);
    expect(finalPriceOf(1.2345, 0, 0)).toBe(1.23);
    expect(finalPriceOf(-5, 45, 22)).toBe(0);
  });
  it('back-computation of the base, 4 decimals', () => {
    expect(basePriceOf(17.69, 45, 22)).toBe(10);
    expect(basePriceOf(20, 45, 22)).toBe(11.3058);
    expect(basePriceOf(12.2, 0, 22)).toBe(10);
  });
});

describe('rowsFromLines', () => {
  it('defaults: unit PZ, VAT 22, quantity 1, markup 45', () => {
    const [row] = rowsFromLines([{ description: '  Cacciavite  piatto ', unitPrice: 2.5, codes: [] }]);
    expect(row).toMatchObject({ name: 'Cacciavite piatto', um: 'PZ', vatRate: 22, quantity: 1, markup: 45, basePrice: 2.5, finalPrice: 4.42 });
  });
  it('VAT 0 (natura) stays 0; the unit of the invoice is kept', () => {
    const [row] = rowsFromLines([line({ vatRate: 0, um: 'KG' })]);
    expect(row).toMatchObject({ vatRate: 0, um: 'KG', finalPrice: 14.5 });
  });
  it('the base is the line total over its quantity (discounts included)', () => {
    const [row] = rowsFromLines([line({ quantity: 3, unitPrice: 10, total: 27 })]);
    expect(row?.basePrice).toBe(9);
  });
  it('a pack description loads pieces: quantity × pack, base ÷ pack', () => {
    const [row] = rowsFromLines([line({ description: 'Acqua CF 6', quantity: 2, unitPrice: 3, total: 6, um: 'CF' })]);
    expect(row).toMatchObject({ pack: 6, quantity: 12, basePrice: 0.5, um: 'PZ', invoiceQuantity: 2 });
    const [pair] = rowsFromLines([line({ description: 'Coppia guanti', quantity: 1, unitPrice: 4, total: 4 })]);
    expect(pair).toMatchObject({ pack: 2, quantity: 2, basePrice: 2 });
  });
  it('article codes: EAN-like values are barcodes, the others codes', () => {
    const [row] = rowsFromLines([line({ codes: [{ type: 'SKU', value: 'TR-01' }, { type: 'EAN', value: '8001234567895' }] })]);
    expect(row).toMatchObject({ code: 'TR-01', barcode: '8001234567895' });
    const [digits] = rowsFromLines([line({ codes: [{ type: 'Codice', value: '80012345' }] })]);
    expect(digits).toMatchObject({ code: '', barcode: '80012345' });
  });
});

describe('editRow', () => {
  const [base] = rowsFromLines([line()]);
  const row = base!;
  it('markup and base recompute the final price', () => {
    expect(editRow(row, 'markup', 100).finalPrice).toBe(24.4);
    expect(editRow(row, 'basePrice', '12,5').finalPrice).toBe(22.11);
  });
  it('final price back-computes the base', () => {
    const edited = editRow(row, 'finalPrice', 20);
    expect(edited.finalPrice).toBe(20);
    expect(edited.basePrice).toBe(11.3058);
  });
  it('VAT keeps the final price and recomputes the base', () => {
    const edited = editRow(row, 'vatRate', 10);
    expect(edited.finalPrice).toBe(row.finalPrice);
    expect(edited.basePrice).toBe(basePriceOf(row.finalPrice, 45, 10));
  });
  it('negative numbers become 0; an invalid quantity invalidates the row', () => {
    expect(editRow(row, 'markup', -10).markup).toBe(0);
    expect(isValidRow(editRow(row, 'quantity', 'abc'))).toBe(false);
    expect(isValidRow(editRow(row, 'quantity', 0))).toBe(false);
    expect(isValidRow(editRow(row, 'name', '  '))).toBe(false);
    expect(isValidRow(row)).toBe(true);
  });
  it('a price typed on a matched row keeps the cost; a new markup or base, or an emptied price, drop it', () => {
    const typed = editRow(row, 'manualPrice', '12,345');
    expect(typed).toMatchObject({ manualPrice: 12.35, basePrice: row.basePrice, finalPrice: row.finalPrice });
    expect(editRow(typed, 'manualPrice', '').manualPrice).toBeUndefined();
    expect(editRow(typed, 'markup', 50).manualPrice).toBeUndefined();
    expect(editRow(typed, 'basePrice', 11).manualPrice).toBeUndefined();
    expect(editRow(typed, 'quantity', 3).manualPrice).toBe(12.35);
    expect(applyMarkup([typed], 45)[0]?.manualPrice).toBeUndefined();
  });
  it('the global markup applies to every row', () => {
    const rows = applyMarkup(rowsFromLines([line(), line({ description: 'Martello', total: 8, quantity: 1 })]), 0);
    expect(rows.map((r) => r.finalPrice)).toEqual([12.2, 9.76]);
  });
});

describe('matching and plan', () => {
  it('matches by barcode, then code, then name (case-insensitive)', () => {
    const products = [product({ id: 'a', barcode: '800', code: 'X', name: 'Altro' }), product({ id: 'b', code: 'T1', name: 'Trapano' }), product({ id: 'c', code: '', name: 'MARTELLO' })];
    const [r1, r2, r3, r4] = rowsFromLines([
      line({ codes: [{ type: 'EAN', value: '800' }] }),
      line({ codes: [{ type: 'SKU', value: 't1' }] }),
      line({ description: 'martello' }),
      line({ description: 'Nuovo' }),
    ]);
    expect(matchProduct(r1!, products)?.id).toBe('a');
    expect(matchProduct(r2!, products)?.id).toBe('b');
    expect(matchProduct(r3!, products)?.id).toBe('c');
    expect(matchProduct(r4!, products)).toBeUndefined();
  });

  it('updates add to the stock and flag a changed price; others are created; invalid rows skipped', () => {
    const rows = rowsFromLines([line(), line({ description: 'Nuovo', total: 5, quantity: 1 }), line({ description: '' })]);
    const plan = planImport(rows, [product()], computed);
    expect(plan).toHaveLength(2);
    expect(plan[0]).toMatchObject({ kind: 'update', quantity: 5, changedPrice: true });
    expect(plan[1]).toMatchObject({ kind: 'create', row: { name: 'Nuovo' } });
  });

  it('same price → not changed; two rows on one product or one new product are added up', () => {
    const rows = rowsFromLines([line(), line()]);
    const same = planImport(rows, [product({ price: 17.69 })], computed);
    expect(same).toEqual([expect.objectContaining({ kind: 'update', quantity: 7, changedPrice: false })]);
    const fresh = planImport(rowsFromLines([line({ description: 'Nuovo' }), line({ description: 'nuovo' })]), [], computed);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ kind: 'create', row: { quantity: 4 } });
  });

  it('an update writes the rule\'s price, or the one typed on the row; the cost stays the invoice\'s', () => {
    const rows = rowsFromLines([line()]);
    const [kept] = planImport(rows, [product()], { rule: 'keep-higher', listini: undefined });
    expect(kept).toMatchObject({ kind: 'update', price: 29, changedPrice: false, row: { finalPrice: 17.69, basePrice: 10 } });
    const [lowered] = planImport(rows, [product()], computed);
    expect(lowered).toMatchObject({ price: 17.69, changedPrice: true });
    const [typed] = planImport([editRow(rows[0]!, 'manualPrice', '24,5')], [product()], { rule: 'keep-current', listini: undefined });
    expect(typed).toMatchObject({ price: 24.5, changedPrice: true, row: { finalPrice: 17.69, basePrice: 10 } });
  });

  it('listini above the new price: reported, lowered only when the shop chose so', () => {
    const rows = rowsFromLines([line()]);
    const products = [product({ price: 20, listino2: 19, listino3: 17 })];
    const [undecided] = planImport(rows, products, computed);
    expect(undecided).toMatchObject({ price: 17.69, listinoConflicts: [{ field: 'listino2', value: 19 }], listini: {} });
    const [kept] = planImport(rows, products, { rule: 'computed', listini: 'keep' });
    expect(kept).toMatchObject({ listinoConflicts: [{ field: 'listino2', value: 19 }], listini: {} });
    const [lowered] = planImport(rows, products, { rule: 'computed', listini: 'lower' });
    expect(lowered).toMatchObject({ listini: { listino2: 17.69 } });
    const [unchanged] = planImport(rows, products, { rule: 'keep-higher', listini: 'lower' });
    expect(unchanged).toMatchObject({ price: 20, listinoConflicts: [], listini: {} });
  });

  it('lookup values of the valid rows', () => {
    const rows = rowsFromLines([line({ codes: [{ value: 'T1' }] }), line({ description: '', codes: [{ value: 'Z' }] })]);
    expect(lookupValues(rows)).toEqual({ codes: ['T1'], barcodes: ['T1'], names: ['Trapano'] });
  });
});

describe('linesFromPayload', () => {
  it('reads the goods lines of the JSON payload', () => {
    const payload = JSON.stringify({
      fattura_elettronica_header: { cedente_prestatore: { dati_anagrafici: { anagrafica: { denominazione: 'Fornitore' } } } },
      fattura_elettronica_body: [{
        dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', numero: '1', data: '2026-11-01', divisa: 'EUR' } },
        dati_beni_servizi: { dettaglio_linee: [
          { numero_linea: 1, descrizione: 'Birra CT 24', quantita: '2.00', unita_misura: 'CT', prezzo_unitario: '24.00', prezzo_totale: '48.00', aliquota_iva: '22.00', codice_articolo: [{ codice_tipo: 'EAN', codice_valore: '8001234567895' }] },
        ] },
      }],
    });
    const lines = linesFromPayload(payload);
    expect(lines).toEqual([expect.objectContaining({ description: 'Birra CT 24', quantity: 2, unitPrice: 24, total: 48, vatRate: 22, codes: [{ type: 'EAN', value: '8001234567895' }] })]);
    const [row] = rowsFromLines(lines);
    expect(row).toMatchObject({ quantity: 48, basePrice: 1, barcode: '8001234567895' });
  });
  it('a payload that is not an invoice throws', () => {
    expect(() => linesFromPayload('not json')).toThrow();
  });
});
