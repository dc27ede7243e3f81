import { describe, expect, it } from 'vitest';
import { loadSample } from '../fatturapa/test-fixtures';
import { groupDrafts } from './draft-groups';
import {
  COLUMNS, draftRow, groupOutgoing, invoiceRow, matchesInvoiceSearch, matchesPaymentFilter, sortRows, type DraftLike, type StoredInvoiceLike,
} from './invoice-list';

const xml = loadSample('FPR01');
const json = loadSample('FPR01', 'json');
const at = (day: number) => new Date(2026, 10, day, 10);
const outgoing = (id: string, number: string, day: number, extra: Partial<StoredInvoiceLike> = {}): StoredInvoiceLike => ({
  id, type: 0, payload: xml.replace('<Numero>123</Numero>', `<Numero>${number}</Numero>`), createdAt: at(day), newInvoice: false, reverted: false, ...extra,
});

describe('invoice rows', () => {
  it('reads the columns from the payload: incoming shows the supplier, outgoing the buyer', () => {
    const incoming = invoiceRow({ id: 'i', type: 1, payload: json, newInvoice: true, reverted: false, marking: 'received' });
    expect(incoming).toMatchObject({ number: '123', docType: 'TD01 Fattura', counterpart: "SOCIETA' ALPHA SRL", kindLabel: 'In Entrata', newInvoice: true, markingLabel: 'ricevuta' });
    const out = invoiceRow(outgoing('o', 'ABC-1', 1));
    expect(out).toMatchObject({ number: 'ABC-1', counterpart: 'DITTA BETA', kindLabel: 'In Uscita' });
  });
  it('a lotto is one row that says so: the first number and the others, the total of every body (the stored total)', () => {
    // FPR03: body 123 of 27,00 + 5,95 (its VAT summary) and body 456 of 2.000,00 + 440,00.
    const lotto = invoiceRow({ id: 'l', type: 1, payload: loadSample('FPR03', 'json'), newInvoice: false, reverted: false });
    expect(lotto).toMatchObject({ number: '123 e un altro', total: 2472.95, lotto: { label: 'Lotto di 2 fatture: n. 123 e un altro', numbers: ['123', '456'] } });
    expect(matchesInvoiceSearch(lotto, '456')).toBe(true);
    expect(invoiceRow({ id: 'i', type: 1, payload: json, newInvoice: false, reverted: false }).lotto).toBeUndefined();
  });
  it('keeps a row for an unreadable payload, saying why', () => {
    const row = invoiceRow({ id: 'x', type: 0, payload: '<rotto', newInvoice: false, reverted: false, total: 10 });
    expect(row.unreadable).toMatch(/non è leggibile/);
    expect(row.total).toBe(10);
  });
  it('has 9 columns, 7 for drafts, 8 for the trash', () => {
    expect([COLUMNS.incoming.length, COLUMNS.outgoing.length, COLUMNS.drafts.length, COLUMNS.deleted.length]).toEqual([9, 9, 7, 8]);
  });
});

describe('filters and sort', () => {
  const rows = [invoiceRow(outgoing('a', 'X-2026-2', 1)), invoiceRow(outgoing('b', 'X-2026-10', 3)), { ...invoiceRow(outgoing('c', '', 2)), number: '' }];
  it('sorts by creation date, newest first, or by number with missing numbers last', () => {
    expect(sortRows(rows).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(sortRows(rows, 'number', 'asc').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, 'number', 'desc').map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });
  it('searches the other party, accents and case ignored', () => {
    expect(matchesInvoiceSearch(rows[0]!, 'ditta bèta')).toBe(true);
    expect(matchesInvoiceSearch(rows[0]!, 'alpha')).toBe(false);
  });
  it('filters incoming invoices by payment, unpaid by default', () => {
    expect(matchesPaymentFilter({ marking: 'paid' }, 'unpaid')).toBe(false);
    expect(matchesPaymentFilter({ marking: 'received' }, 'unpaid')).toBe(true);
    expect(matchesPaymentFilter({ marking: 'paid' }, 'paid')).toBe(true);
    expect(matchesPaymentFilter({ marking: undefined }, 'all')).toBe(true);
  });
});

describe('grouping', () => {
  it('groups drafts by buyer with count and exact total, newest group first', () => {
    const d = (id: string, name: string, total: number, day: number): DraftLike => ({ id, method: 'Fattura', price: total, total, customerName: name, createdAt: at(day) });
    const groups = groupDrafts([d('1', 'Rossi', 0.1, 1), d('2', 'Bianchi', 5, 2), d('3', 'Rossi', 0.2, 3)]);
    expect(groups.map((g) => [g.buyer, g.drafts.map((x) => x.id), g.total])).toEqual([['Rossi', ['3', '1'], 0.3], ['Bianchi', ['2'], 5]]);
    expect(draftRow({ id: 'n', method: 'Nota di Credito', price: 3, customer: { name: 'Anna', surname: 'Neri' } })).toMatchObject({ docType: 'TD04 Nota di Credito', counterpart: 'Anna Neri', kindLabel: 'Nota di Credito' });
  });

  it('groups outgoing invoices by base number: the latest revision shown, older ones and credit notes in the history', () => {
    const credit = { ...outgoing('nc', 'X-2026-NC-1', 5), payload: xml.replace('<TipoDocumento>TD01', '<TipoDocumento>TD04').replace('<Numero>123</Numero>', '<Numero>X-2026-NC-1</Numero>'), originalInvoiceUUID: 'r1' };
    const groups = groupOutgoing([outgoing('v0', 'X-2026-7', 1, { reverted: true, marking: 'rejected' }), outgoing('r1', 'X-2026-7-R1', 2), outgoing('o', 'X-2026-8', 3), credit]);
    const g7 = groups.find((g) => g.base === 'X-2026-7');
    expect(g7?.latest.id).toBe('r1');
    expect(g7?.history.map((h) => [h.row.id, h.tag])).toEqual([['nc', 'Nota di Credito'], ['v0', 'Storico']]);
    expect(groups.find((g) => g.base === 'X-2026-8')?.history).toEqual([]);
  });
});
