import { describe, expect, it } from 'vitest';
import { defaultStock } from '@/domain/warehouse/stock-defaults';
import { convertSale, type ConvertibleLine } from './conversion';
import {
  batchCount, countDocument, emptyStats, fieldChanges, MIGRATION_BATCH, MIGRATION_DEFAULTS, migrationDecision, progressPercent,
  saleMigrationReasons, scrapMigrationReasons, shopMigrationReasons, shouldLogMigrated,
} from './migration';

const line = (over: Partial<ConvertibleLine>): ConvertibleLine => ({
  lineId: '0', name: 'Taleggio', qty: 1, unitPrice: 1, discountPercent: 0, total: 1, unitOfMeasure: 'pz', changedPrice: false, loyaltyEligible: true, ...over,
});

describe('needs migration (document 3 §4)', () => {
  it('Sale: scrapCount, or fidelityPointsEarned, price or discounts as text', () => {
    expect(saleMigrationReasons({ scrapCount: 1, scrapName0: 'a', price: 2 })).toEqual(['scrapCount']);
    expect(saleMigrationReasons({ lines: [{}], price: '2,50', discounts: '1', fidelityPointsEarned: '2' })).toEqual(['priceText', 'discountsText', 'fidelityText']);
    expect(saleMigrationReasons({ lines: [{}], price: 2, discounts: 1, fidelityPointsEarned: 2 })).toEqual([]);
    expect(saleMigrationReasons({ scrapName0: 'a', scrapPrice0: 1, price: 1 })).toEqual(['legacyFields']); // counter lost
    expect(saleMigrationReasons({ items: [{ description: 'x' }], price: 3 })).toEqual([]); // invoice draft shape
  });

  it('Scrap: numeric text, iva, categories without category, quantity without stock, price as a number', () => {
    expect(scrapMigrationReasons({ price: '2.50', quantity: '3', iva: 22, categories: ['Formaggi'] })).toEqual(['iva', 'categories', 'stock']);
    expect(scrapMigrationReasons({ price: 2.5, quantity: 3, vatRate: '22', stock: { qty: 3, minQty: 0, track: false } })).toEqual(['numericText', 'posText']);
    expect(scrapMigrationReasons({ price: '2.50', quantity: '3', vatRate: 22, category: 'Formaggi', categories: ['x'], stock: { qty: 3, minQty: '1', track: true } })).toEqual(['numericText']);
    expect(scrapMigrationReasons({ price: '2.50', quantity: '3', vatRate: 22, category: 'Formaggi', stock: { qty: 3, minQty: 0, track: false }, purchasePrice: 1 })).toEqual([]);
  });

  it('marked documents are skipped unless forced; counts by rule', () => {
    expect(migrationDecision('Sale', { scrapCount: 1, migrated: true }, false)).toBe('already');
    expect(migrationDecision('Sale', { lines: [{}], price: 1, migrated: true }, true)).toBe('migrate');
    expect(migrationDecision('Sale', { lines: [{}], price: 1 }, false)).toBe('current');
    const stats = emptyStats();
    for (const raw of [{ scrapCount: 1, price: '1' }, { scrapCount: 2 }, { lines: [{}], price: 1, migrated: true }, { lines: [{}], price: 1 }]) countDocument(stats, 'Sale', raw, false);
    expect(stats).toEqual({ total: 4, toMigrate: 2, alreadyMigrated: 1, current: 1, reasons: { scrapCount: 2, priceText: 1 } });
  });
});

describe('POS shapes the queries cannot see', () => {
  it('Sale: isVoid stored otherwise than as a boolean, date as text or a number', () => {
    const current = { lines: [{}], price: 1, isVoid: false, date: new Date() };
    expect(saleMigrationReasons(current)).toEqual([]);
    expect(saleMigrationReasons({ ...current, isVoid: 'true' })).toEqual(['isVoidText']);
    expect(saleMigrationReasons({ ...current, isVoid: 1 })).toEqual(['isVoidText']);
    expect(saleMigrationReasons({ ...current, isVoid: undefined })).toEqual([]); // legacy: no flag, read as not voided
    expect(saleMigrationReasons({ ...current, date: '10/06/2026' })).toEqual(['dateText']);
    expect(saleMigrationReasons({ ...current, date: 1781085600000 })).toEqual(['dateText']);
  });

  it('a document marked by an earlier run is migrated again for those shapes only', () => {
    expect(migrationDecision('Sale', { lines: [{}], price: 1, migrated: true, isVoid: 'sì' }, false)).toBe('migrate');
    expect(migrationDecision('Sale', { lines: [{}], price: 1, migrated: true, date: '2026-06-10' }, false)).toBe('migrate');
    expect(migrationDecision('Sale', { lines: [{}], price: 1, migrated: true, isVoid: true }, false)).toBe('already');
  });

  it('Shop: technicians stored as objects, whatever the marker', () => {
    expect(shopMigrationReasons({ technicians: ['t1', { id: 't2' }] })).toEqual(['technicianObjects']);
    expect(shopMigrationReasons({ technicians: ['t1', 't2'] })).toEqual([]);
    expect(shopMigrationReasons({})).toEqual([]);
    expect(migrationDecision('Shop', { technicians: [{ uid: 't2' }], migrated: true }, false)).toBe('migrate');
    expect(migrationDecision('Shop', { technicians: ['t2'] }, true)).toBe('current');
  });
});

describe('migration run rules (document 3 §9)', () => {
  it('logs the first 5 migrated documents, then every 100th', () => {
    const logged = Array.from({ length: 450 }, (_, i) => i + 1).filter(shouldLogMigrated);
    expect(logged).toEqual([1, 2, 3, 4, 5, 100, 200, 300, 400]);
  });
  it('batches of 50 and progress as the percent of batches done', () => {
    expect(MIGRATION_BATCH).toBe(50);
    expect(batchCount(101)).toBe(3);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
  });
  it('lists the changed fields for a dry run', () => {
    expect(fieldChanges({ price: '2,50', migrated: undefined, totals: { gross: 1 } }, { price: 2.5, totals: { gross: 1 }, migrated: true })).toEqual([
      { field: 'price', before: '2,50', after: 2.5 },
      { field: 'migrated', before: undefined, after: true },
    ]);
  });
});

describe('Sale conversion (document 3 §3, §9)', () => {
  const sale = {
    price: 9.86, method: 'contanti', discounts: 1,
    lines: [line({ lineId: '0', unitPrice: 4.2, qty: 2, discountPercent: 10, total: 7.56, vatRate: 4 }), line({ lineId: '1', name: 'Acqua', unitPrice: 1.1, qty: 3, total: 3.3, vatRate: 22 })],
  };

  it('lines with net and vat, breakdown and totals after discounts, payment with the defaults', () => {
    const c = convertSale(sale);
    expect(c.lines.map(({ total, net, vat }) => ({ total, net, vat }))).toEqual([{ total: 7.56, net: 7.27, vat: 0.29 }, { total: 3.3, net: 2.7, vat: 0.6 }]);
    expect(c.taxBreakdown).toEqual([{ vatRate: 4, gross: 6.86, net: 6.6, vat: 0.26 }, { vatRate: 22, gross: 3, net: 2.46, vat: 0.54 }]);
    expect(c.totals).toEqual({ gross: 9.86, net: 9.06, vat: 0.8 });
    expect(c.payment).toEqual({ method: 'contanti', currency: 'EUR', breakdown: [{ method: 'contanti', amount: 9.86 }] });
    expect(convertSale({ ...sale, method: '' }).payment.method).toBe(MIGRATION_DEFAULTS.paymentMethod);
  });

  it('is idempotent: converting a converted sale gives the same fields', () => {
    const once = convertSale(sale);
    expect(convertSale({ ...sale, lines: once.lines, payment: once.payment })).toEqual(once);
  });

  it('a sale without lines keeps its price as the gross', () => {
    expect(convertSale({ price: 5, method: 'bancomat', lines: [] })).toMatchObject({ totals: { gross: 5, net: 5, vat: 0 }, taxBreakdown: [] });
  });

  it('missing stock: qty = old quantity, minQty 0, track false', () => {
    expect(defaultStock(7)).toEqual({ qty: 7, minQty: 0, track: false });
  });
});
