import { describe, expect, it } from 'vitest';
import { EXACT_METHODS, EXACT_SPELLINGS, methodLabel, paymentFamily, revenueFamily, takingsFamily, type TakingsDoc } from './payment-family';
import { revenueFromAggregates, type CorrectionSale } from './revenue-aggregates';

const pos = (method: string, extra: Partial<TakingsDoc> = {}): TakingsDoc => ({ method, isVoid: false, ...extra });

describe('paymentFamily', () => {
  it('reads any spacing and letter case', () => {
    for (const m of ['contanti', 'Contanti ', ' CONTANTI', 'cash', 'Cash']) expect(paymentFamily(m)).toBe('contanti');
    for (const m of ['BancoMat', 'bancomat', 'carta', 'CARTA ', 'POS', 'card']) expect(paymentFamily(m)).toBe('bancomat');
    for (const m of ['Fattura', 'fatture ', 'FATTURE']) expect(paymentFamily(m)).toBe('fatture');
    expect(paymentFamily(' Preconto')).toBe('preconto');
    expect(paymentFamily('Nota di Credito')).toBe('nota-di-credito');
    for (const m of ['Satispay', '', 'buono']) expect(paymentFamily(m)).toBe('altro');
  });
  it('the exact spellings map to their family, and fit one not-in query', () => {
    for (const [family, spellings] of Object.entries(EXACT_SPELLINGS)) for (const s of spellings) expect(paymentFamily(s)).toBe(family);
    expect(EXACT_METHODS.length).toBeLessThanOrEqual(10);
  });
});

describe('methodLabel', () => {
  it('one spelling per family, the stored text trimmed for other methods, N/D for none', () => {
    for (const m of ['contanti', 'Contanti ', 'cash']) expect(methodLabel(m)).toBe('Contanti');
    for (const m of ['Bancomat', 'bancomat', 'carta', 'POS']) expect(methodLabel(m)).toBe('Bancomat');
    for (const m of ['fatture', 'Fattura']) expect(methodLabel(m)).toBe('Fatture');
    expect(methodLabel('preconto')).toBe('Preconto');
    expect(methodLabel('Nota di Credito')).toBe('Nota di credito');
    expect(methodLabel(' Satispay ')).toBe('Satispay');
    for (const m of ['', '  ']) expect(methodLabel(m)).toBe('N/D');
  });
});

describe('takings and revenue', () => {
  it('leave out voided, deleted, preconto, credit notes and every back-office invoice document', () => {
    expect(takingsFamily(pos('Contanti '))).toBe('contanti');
    expect(takingsFamily(pos('Satispay'))).toBe('altro');
    expect(revenueFamily(pos('Satispay'))).toBeNull();
    expect(revenueFamily(pos('BancoMat'))).toBe('bancomat');
    expect(takingsFamily(pos('contanti', { isVoid: true }))).toBeNull();
    expect(takingsFamily(pos('contanti', { deleted: true }))).toBeNull();
    expect(takingsFamily(pos('preconto'))).toBeNull();
    expect(takingsFamily(pos('Nota di Credito'))).toBeNull();
    // A DDT deferred invoice in the trash (a draft with price), an issued invoice, a receipt invoice.
    expect(takingsFamily(pos('Fattura', { invoiceUUID: '', deleted: true }))).toBeNull();
    expect(takingsFamily(pos('Fattura', { invoiceUUID: 'a1b2' }))).toBeNull();
    expect(takingsFamily(pos('Fattura', { invoiceUUID: '', sourceSaleId: 'sale-1' }))).toBeNull();
    // A POS sale paid by invoice at the till counts.
    expect(revenueFamily(pos('Fattura'))).toBe('fatture');
  });
});

describe('revenueFromAggregates', () => {
  const zero = { n: 0, sum: 0 };
  const read = (id: string, stored: CorrectionSale['stored'], sale: CorrectionSale['sale']): CorrectionSale => ({ id, stored, sale });

  it('adds the other spellings, takes away what the aggregations counted wrongly, once per document', () => {
    const aggregates = {
      // contanti 10 + 0,10 + voided 5; the 'Fattura' aggregation matched a trashed draft of 99,99.
      contanti: { all: { n: 3, sum: 15.1 }, voided: { n: 1, sum: 5 } },
      bancomat: { all: { n: 1, sum: 0.2 }, voided: zero },
      fatture: { all: { n: 2, sum: 102.99 }, voided: zero },
    };
    const draft = read('d', { method: 'Fattura', isVoid: false, price: 99.99 }, { method: 'Fattura', isVoid: false, invoiceUUID: '', deleted: true, price: 99.99 });
    const corrections = [
      read('a', { method: 'Contanti ', isVoid: false, price: 1.05 }, { method: 'Contanti ', isVoid: false, price: 1.05 }),
      read('b', { method: 'BancoMat', isVoid: false, price: 2 }, { method: 'BancoMat', isVoid: false, price: 2 }),
      read('c', { method: 'Satispay', isVoid: false, price: 7 }, { method: 'Satispay', isVoid: false, price: 7 }),
      draft,
      draft, // read by two queries (invoiceUUID and deleted): corrected once
      // Text price: counted by count(), skipped by sum().
      read('t', { method: 'contanti', isVoid: false, price: '12,50' }, { method: 'contanti', isVoid: false, price: 12.5 }),
    ];
    const r = revenueFromAggregates(aggregates, corrections);
    expect(r.byFamily.contanti).toEqual({ cents: 1010 + 105 + 1250, count: 3 });
    expect(r.byFamily.bancomat).toEqual({ cents: 220, count: 2 });
    expect(r.byFamily.fatture).toEqual({ cents: 300, count: 1 });
    expect(r.totalCents).toBe(2365 + 220 + 300);
    expect(r.count).toBe(6);
  });

  it('an invoice made for a receipt (total, no price) was not in the count asked with sum(price): nothing taken away', () => {
    const aggregates = { contanti: { all: { n: 1, sum: 10 }, voided: zero }, bancomat: { all: zero, voided: zero }, fatture: { all: { n: 1, sum: 3.3 }, voided: zero } };
    const receiptInvoice = read('r', { method: 'Fattura', isVoid: false, price: undefined }, { method: 'Fattura', isVoid: false, invoiceUUID: '', sourceSaleId: 's', price: 10 });
    const r = revenueFromAggregates(aggregates, [receiptInvoice]);
    expect(r.byFamily.fatture).toEqual({ cents: 330, count: 1 });
    expect(r.count).toBe(2);
  });
});
