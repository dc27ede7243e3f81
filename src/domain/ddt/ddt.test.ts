import { describe, expect, it } from 'vitest';
import {
  applyMove, canCancel, canConfirm, canEdit, canInvoice, ddtProblems, ddtTotalCents, ddtCodeOf, deferredInvoiceProblem, formatDdtNumber, lineTotalCents, stockMoves,
  type DdtLineInput,
} from './ddt';
import { deferredInvoiceLines } from './invoice-lines';

const line = (over: Partial<DdtLineInput> = {}): DdtLineInput => ({
  code: 'A1', description: 'Trapano', um: 'PZ', quantity: 1, ...over,
});

describe('DDT rules', () => {
  it('numbers with the shop code as prefix', () => {
    expect(formatDdtNumber(11, 1)).toBe('11/1');
    expect(formatDdtNumber(7, 27)).toBe('7/27');
    expect(formatDdtNumber(0, 3)).toBe('3');
  });

  it("reads the shop's code as the rules do: a whole number, else 11 (tests/rules/ddt.test.ts checks the same table)", () => {
    const cases: [unknown, number][] = [
      [7, 7], [0, 0], ['12', 12], [' 5 ', 5], [11.9, 11], [null, 11], [undefined, 11], ['DDT', 11], ['12,5', 11], ['', 11],
      [Number.NaN, 11], ['-3', -3], ['007', 7],
    ];
    for (const [stored, code] of cases) expect(ddtCodeOf(stored), String(stored)).toBe(code);
  });

  it('allows the transitions of the states only', () => {
    expect([canEdit('bozza'), canConfirm('bozza'), canCancel('bozza'), canInvoice('bozza')]).toEqual([true, true, false, false]);
    expect([canEdit('confermato'), canConfirm('confermato'), canCancel('confermato'), canInvoice('confermato')]).toEqual([false, false, true, true]);
    expect([canEdit('fatturato'), canCancel('fatturato'), canInvoice('fatturato')]).toEqual([false, false, false]);
    expect([canEdit('annullato'), canCancel('annullato'), canInvoice('annullato')]).toEqual([false, false, false]);
  });

  it('lists what stops a confirmation, in Italian', () => {
    const ok = { recipientName: 'Rossi', causale: 'Vendita', transportBy: 'mittente' as const, lines: [line()], date: new Date() };
    expect(ddtProblems(ok)).toEqual([]);
    expect(ddtProblems({ ...ok, recipientName: ' ', causale: '', date: undefined, lines: [] })).toEqual([
      'Indica il destinatario.', 'Indica la causale del trasporto.', 'Indica la data del documento.', 'Aggiungi almeno una riga.',
    ]);
    expect(ddtProblems({ ...ok, transportBy: 'vettore', carrier: { name: '', partitaIva: '', address: '' } })).toEqual(['Indica la ragione sociale del vettore.']);
    expect(ddtProblems({ ...ok, lines: [line({ description: '', quantity: 0 })] })).toEqual([
      'Riga 1: indica la descrizione.', 'Riga 1: la quantità deve essere maggiore di zero.',
    ]);
  });

  it('computes values in cents', () => {
    expect(lineTotalCents({ quantity: 3, unitPrice: 0.1 })).toBe(30);
    expect(lineTotalCents({ quantity: 1.5, unitPrice: 2.99 })).toBe(449);
    expect(lineTotalCents({ quantity: 2 })).toBe(0);
    expect(ddtTotalCents([{ quantity: 3, unitPrice: 0.1 }, { quantity: 1, unitPrice: 0.2 }])).toBe(50);
  });

  it('moves the stock of tracked products only, summing their lines, without float noise', () => {
    const lines = [line({ productId: 'p1', quantity: 0.1 }), line({ productId: 'p1', quantity: 0.2 }), line({ productId: 'p2', quantity: 5 }), line({ quantity: 9 })];
    expect([...stockMoves(lines, new Set(['p1']), 'confirm')]).toEqual([['p1', -0.3]]);
    expect([...stockMoves(lines, new Set(['p1', 'p2']), 'cancel')]).toEqual([['p1', 0.3], ['p2', 5]]);
    expect(applyMove(1, -0.3)).toBe(0.7);
    expect(applyMove(0.7, 0.3)).toBe(1);
  });

  it('invoices confirmed notes of one customer only', () => {
    expect(deferredInvoiceProblem([])).toBe('Seleziona almeno un DDT confermato.');
    expect(deferredInvoiceProblem([{ state: 'confermato', customerId: 'c1' }, { state: 'confermato', customerId: 'c1' }])).toBeUndefined();
    expect(deferredInvoiceProblem([{ state: 'confermato', customerId: 'c1' }, { state: 'confermato', customerId: 'c2' }])).toMatch(/clienti diversi/);
    expect(deferredInvoiceProblem([{ state: 'confermato' }])).toMatch(/non ha un cliente in anagrafica/);
    expect(deferredInvoiceProblem([{ state: 'fatturato', customerId: 'c1', number: '11/2' }])).toBe('Il DDT 11/2 non è confermato: si fatturano solo DDT confermati.');
  });
});

describe('deferredInvoiceLines', () => {
  it('puts the notes oldest first and references each note to its lines', () => {
    const { lines, references } = deferredInvoiceLines([
      { number: '11/4', progressive: 4, date: new Date(2026, 2, 5), lines: [line({ unitPrice: 2, vatRate: 10 }), line({ description: '', code: 'X9', quantity: 2 })] },
      { number: '11/1', progressive: 1, date: new Date(2026, 2, 2), lines: [line({ unitPrice: 5 })] },
    ]);
    expect(references).toEqual([
      { number: '11/1', date: '2026-03-02', lineNumbers: [1] },
      { number: '11/4', date: '2026-03-05', lineNumbers: [2, 3] },
    ]);
    expect(lines.map((l) => [l.description, l.grossUnitPrice, l.vatRate, l.quantity])).toEqual([
      ['Trapano', 5, 22, 1],
      ['Trapano', 2, 10, 1],
      ['X9', 0, 22, 2],
    ]);
  });
});
