import { describe, expect, it } from 'vitest';
import { firstPageHoldsAll, firstPageSettled, matchesSalesFilter, salesReadSizes, windowAnswerComplete, SALES_FIRST_LIVE, SALES_QUERY_LIMIT, methodsPresent, salesCsvRow, salesReadNote, filtersReadSales, receiptKind, receiptMethodLabel, saleStatus, EMPTY_SALES_FILTER, type ListedSale } from './sales-list';

const sale = (price: number, extra: Partial<ListedSale> = {}): ListedSale => ({ price, method: 'Contanti', employeeName: 'Giulia Rossi', date: new Date(2026, 10, 20, 12, 30), ...extra });

describe('price bands (exact edges)', () => {
  it.each([
    [0, '0-10', true], [10, '0-10', true], [10.01, '0-10', false],
    [10, '10-50', false], [10.01, '10-50', true], [50, '10-50', true],
    [50, '50-100', false], [100, '50-100', true], [100, '100+', false], [100.01, '100+', true],
  ] as const)('%d € in band %s: %s', (price, band, expected) => {
    expect(matchesSalesFilter(sale(price), { ...EMPTY_SALES_FILTER, band })).toBe(expected);
  });
});

describe('search and filters', () => {
  it('search matches the employee or the method, ignoring case', () => {
    expect(matchesSalesFilter(sale(5), { ...EMPTY_SALES_FILTER, search: 'giulia' })).toBe(true);
    expect(matchesSalesFilter(sale(5), { ...EMPTY_SALES_FILTER, search: 'CONT' })).toBe(true);
    expect(matchesSalesFilter(sale(5), { ...EMPTY_SALES_FILTER, search: 'marco' })).toBe(false);
  });

  it('search also matches the method as shown (a card sale stored as carta is found by Bancomat)', () => {
    expect(matchesSalesFilter(sale(5, { method: 'carta' }), { ...EMPTY_SALES_FILTER, search: 'bancomat' })).toBe(true);
    expect(matchesSalesFilter(sale(5, { method: 'carta' }), { ...EMPTY_SALES_FILTER, search: 'carta' })).toBe(true);
  });

  it('method is matched by payment family, any spelling (the one rule)', () => {
    for (const method of ['contanti', 'Contanti ', 'CONTANTI']) expect(matchesSalesFilter(sale(5, { method }), { ...EMPTY_SALES_FILTER, method: 'Contanti' })).toBe(true);
    expect(matchesSalesFilter(sale(5, { method: 'BancoMat' }), { ...EMPTY_SALES_FILTER, method: 'Contanti' })).toBe(false);
    expect(matchesSalesFilter(sale(5, { method: 'Satispay' }), { ...EMPTY_SALES_FILTER, method: 'Altri metodi' })).toBe(true);
  });

  it('dates are compared as date-time, both bounds inclusive', () => {
    const at = new Date(2026, 10, 20, 12, 30);
    expect(matchesSalesFilter(sale(5), { ...EMPTY_SALES_FILTER, from: at, to: at })).toBe(true);
    expect(matchesSalesFilter(sale(5), { ...EMPTY_SALES_FILTER, from: new Date(2026, 10, 20, 12, 31) })).toBe(false);
    expect(matchesSalesFilter(sale(5), { ...EMPTY_SALES_FILTER, to: new Date(2026, 10, 20, 12, 29) })).toBe(false);
    expect(matchesSalesFilter(sale(5, { date: undefined }), { ...EMPTY_SALES_FILTER, from: at })).toBe(false);
  });

  it('lists the payment families present, once each', () => {
    expect(methodsPresent([{ method: 'bancomat' }, { method: 'Contanti' }, { method: 'carta ' }, { method: 'CONTANTI' }, { method: ' ' }])).toEqual([
      'Altri metodi', 'Bancomat', 'Contanti',
    ]);
  });

  it('exports the family and whether the sale is takings', () => {
    const at = new Date(2026, 10, 20, 9, 5);
    expect(salesCsvRow({ method: 'Contanti ', isVoid: false, price: 3, date: at }, 'Anna')).toEqual([at, '09:05', 'Anna', 'Contanti ', 3, 'Contanti', 'Sì']);
    expect(salesCsvRow({ method: 'preconto', isVoid: false, price: 3, date: at }, 'Anna').slice(5)).toEqual(['Preconto', 'No']);
    expect(salesCsvRow({ method: 'contanti', isVoid: true, price: 3, date: at }, 'Anna').slice(5)).toEqual(['Contanti', 'No']);
  });
});

describe('receipt classification (document 2 §4.7)', () => {
  it('manual card sale by flag, msgCode B, or MANUAL_BANCOMAT acquirer/authCode', () => {
    expect(receiptKind({ method: 'Bancomat', isManualBancomatSale: true })).toBe('manual-card');
    expect(receiptKind({ method: 'Bancomat', isManualBancomatSale: false, posAnswer: { msgCode: 'B', approved: true } })).toBe('manual-card');
    expect(receiptKind({ method: 'Bancomat', isManualBancomatSale: false, posAnswer: { acquirer: 'MANUAL_BANCOMAT', approved: false } })).toBe('manual-card');
    expect(receiptKind({ method: 'Bancomat', isManualBancomatSale: false, posAnswer: { authCode: 'MANUAL_BANCOMAT', approved: false } })).toBe('manual-card');
  });

  it('automatic POS sale: Bancomat, approved, not manual, msgCode neither B nor M', () => {
    expect(receiptKind({ method: 'bancomat', isManualBancomatSale: false, posAnswer: { msgCode: 'A', approved: true } })).toBe('pos-auto');
    expect(receiptKind({ method: 'Bancomat', isManualBancomatSale: false, posAnswer: { msgCode: 'M', approved: true } })).toBe('other');
    expect(receiptKind({ method: 'Bancomat', isManualBancomatSale: false, posAnswer: { approved: false } })).toBe('other');
  });

  it("labels: 'Bancomat', 'POS auto', the method's one spelling (methodLabel), else 'N/D'", () => {
    expect(receiptMethodLabel({ method: 'Bancomat', isManualBancomatSale: true })).toBe('Bancomat');
    expect(receiptMethodLabel({ method: 'Bancomat', isManualBancomatSale: false, posAnswer: { approved: true } })).toBe('POS auto');
    expect(receiptMethodLabel({ method: 'contanti', isManualBancomatSale: false })).toBe('Contanti');
    expect(receiptMethodLabel({ method: 'bancomat', isManualBancomatSale: false })).toBe('Bancomat');
    expect(receiptMethodLabel({ method: 'fatture', isManualBancomatSale: false })).toBe('Fatture');
    expect(receiptMethodLabel({ method: ' Satispay ', isManualBancomatSale: false })).toBe('Satispay');
    expect(receiptMethodLabel({ method: '', isManualBancomatSale: false })).toBe('N/D');
  });
});

describe('salesReadSizes', () => {
  it('splits a load of 500 into the first page and reads of at most 50', () => {
    expect(salesReadSizes()).toEqual([20, 50, 50, 50, 50, 50, 50, 50, 50, 50, 30]);
    expect(salesReadSizes().reduce((a, b) => a + b, 0)).toBe(500);
    expect(salesReadSizes(15)).toEqual([15]);
    expect(salesReadSizes(120)).toEqual([20, 50, 50]);
  });
});

describe("the live answers of /sales: which ones the screen trusts", () => {
  const server = (size: number) => ({ fromCache: false, size, offline: false });
  const cache = (size: number, offline = false) => ({ fromCache: true, size, offline });
  it.each([
    // The window of 500: the server's answer, a cached one only when it fills the window (a reload) or nothing else can come.
    ['window', windowAnswerComplete, server(12), true],
    ['window', windowAnswerComplete, cache(SALES_QUERY_LIMIT), true],
    ['window', windowAnswerComplete, cache(30), false], // the cache held only the first page: wait for the server
    ['window', windowAnswerComplete, cache(30, true), true],
    // The first page holds every sale: a short answer of the server; a short cached one only offline.
    ['holds all', firstPageHoldsAll, server(12), true],
    ['holds all', firstPageHoldsAll, server(SALES_FIRST_LIVE), false],
    ['holds all', firstPageHoldsAll, cache(2), false], // the dashboard left today's 2 sales in the cache
    ['holds all', firstPageHoldsAll, cache(2, true), true],
    // The first page is settled: the server's, a full cached one, or the cache offline.
    ['settled', firstPageSettled, server(2), true],
    ['settled', firstPageSettled, cache(SALES_FIRST_LIVE), true],
    ['settled', firstPageSettled, cache(2), false],
    ['settled', firstPageSettled, cache(2, true), true],
  ] as const)('%s: %o', (_rule, rule, answer, expected) => {
    expect(rule(answer)).toBe(expected);
  });
});

describe('a voided receipt and a pre-bill say what they are', () => {
  it.each([
    [{ isVoid: true, method: 'contanti' }, 'Annullato'],
    [{ isVoid: true, method: 'preconto' }, 'Annullato'],
    [{ isVoid: false, method: 'preconto' }, 'Preconto'],
    [{ isVoid: false, method: ' PreConto ' }, 'Preconto'],
    [{ isVoid: false, method: 'Bancomat' }, null],
    [{ isVoid: false, method: 'Fattura' }, null],
  ])('%o → %s', (sale, label) => {
    expect(saleStatus(sale)?.label ?? null).toBe(label);
  });
});

describe('salesReadNote', () => {
  it('says how many of how many the list read, of the period or of the whole history', () => {
    expect(salesReadNote(500, 2345, false, false)).toBe('Caricate 500 delle 2.345 vendite, le più recenti.');
    expect(salesReadNote(500, 713, true, false)).toBe('Caricate 500 delle 713 vendite del periodo, le più recenti.');
    expect(salesReadNote(1000, undefined, false, false)).toBe('Caricate 1.000 vendite, le più recenti.');
  });

  it('with a search or a filter on, says they apply to what is read and the export takes every match', () => {
    expect(salesReadNote(500, 713, true, true)).toBe(
      "Caricate 500 delle 713 vendite del periodo, le più recenti. Ricerca e filtri valgono per quelle caricate: 'Carica altre' per cercare anche nelle precedenti; 'Esporta CSV' comprende tutte quelle del periodo che corrispondono.",
    );
    expect(salesReadNote(500, 600, false, true)).toContain("'Esporta CSV' comprende tutte quelle che corrispondono.");
  });

  it('the period is read, not filtered: only search, method and band filter what is read', () => {
    expect(filtersReadSales({ ...EMPTY_SALES_FILTER, from: new Date(2026, 9, 1), to: new Date(2026, 9, 31) })).toBe(false);
    expect(filtersReadSales({ ...EMPTY_SALES_FILTER, search: ' luca ' })).toBe(true);
    expect(filtersReadSales({ ...EMPTY_SALES_FILTER, method: 'Contanti' })).toBe(true);
    expect(filtersReadSales({ ...EMPTY_SALES_FILTER, band: '10-50' })).toBe(true);
    expect(filtersReadSales({ ...EMPTY_SALES_FILTER, search: '   ' })).toBe(false);
  });
});
