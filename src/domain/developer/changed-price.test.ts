import { describe, expect, it } from 'vitest';
import { changedPriceOperations, chunks, FLAG_MESSAGES, isFlaggableLog, isPriceChanged, lookupValues, parseCsvPrice, readCsvOperations } from './changed-price';

describe('parseCsvPrice', () => {
  it('drops the euro sign and spaces, reads a comma as the decimal point, rounds to 2 decimals', () => {
    expect(parseCsvPrice('€ 12,50')).toBe(1250);
    expect(parseCsvPrice(' 12.5 ')).toBe(1250);
    expect(parseCsvPrice('3,005')).toBe(301);
    expect(parseCsvPrice('')).toBeNull();
    expect(parseCsvPrice('n/d')).toBeNull();
  });
});

describe('isPriceChanged', () => {
  it('changed when both parse and differ, or only one parses', () => {
    expect(isPriceChanged('12,50', '€12.50')).toBe(false);
    expect(isPriceChanged('12,50', '12,51')).toBe(true);
    expect(isPriceChanged('', '3')).toBe(true);
    expect(isPriceChanged('abc', '')).toBe(false);
    expect(isPriceChanged('1,004', '1,00')).toBe(false);
    expect(isPriceChanged('1.004', '1,00')).toBe(true); // '1.004' is a thousand and four
  });
});

describe('operations', () => {
  const details = {
    operations: [
      { action: 'price_update', code: 'A1', barcode: '800', name: 'Vino', before: '10', after: '11,00' },
      { action: 'price_update', code: 'A2', barcode: '', name: 'Olio', before: '5,00', after: '5' },
      { action: 'product_update', code: 'A3', barcode: '801', name: 'Pane', before: '1', after: '2' },
      { action: 'price_update', code: 'A1', barcode: '802', name: 'Vino', before: 4, after: 'x' },
      'garbage',
    ],
  };
  it('reads the operations, keeps the price_update ones whose price changed', () => {
    const ops = readCsvOperations(details);
    expect(ops).toHaveLength(4);
    expect(changedPriceOperations(ops).map((o) => o.barcode)).toEqual(['800', '802']);
    expect(readCsvOperations({})).toEqual([]);
  });
  it('collects distinct lookup values and chunks them', () => {
    expect(lookupValues(changedPriceOperations(readCsvOperations(details)))).toEqual({ codes: ['A1'], barcodes: ['800', '802'], names: ['Vino'] });
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
  it('accepts only csv_price_update and csv_import logs', () => {
    expect(isFlaggableLog('csv_price_update')).toBe(true);
    expect(isFlaggableLog('csv_import')).toBe(true);
    expect(isFlaggableLog('product_update')).toBe(false);
    expect(FLAG_MESSAGES.done(3)).toBe('Operazione completata: changedPrice impostato a true per 3 prodotti.');
    expect(FLAG_MESSAGES.done(1)).toBe('Operazione completata: changedPrice impostato a true per 1 prodotto.');
  });
});
