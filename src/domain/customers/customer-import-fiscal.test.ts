import { describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '../fiscal-ids/partita-iva';
import { guessCustomerMapping, planCustomerImport, restoreLeadingZeros, skippedByReason, skippedRowsTable, type SourceRow } from './customer-import';

const HEADERS = ['Ragione Sociale', 'P.IVA', 'Codice Fiscale', 'Nazione'];
const mapping = guessCustomerMapping(HEADERS);
const src = (line: number, values: Record<string, string>): SourceRow => ({ file: 'clienti.csv', line, row: Object.fromEntries(HEADERS.map((h) => [h, values[h] ?? ''])) });
const withCheck = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;
const leadingZeroVat = withCheck('0123456789'); // '0123456789' + check digit

describe('customer import: fiscal identities as the form checks them', () => {
  it('puts back the leading zeros Excel dropped, only when the padded number passes the check digit', () => {
    expect(leadingZeroVat.startsWith('0')).toBe(true);
    expect(restoreLeadingZeros(leadingZeroVat.slice(1))).toBe(leadingZeroVat);
    const wrongCheckDigit = `${leadingZeroVat.slice(1, 10)}${(Number(leadingZeroVat[10]) + 1) % 10}`;
    expect(restoreLeadingZeros(wrongCheckDigit)).toBe(wrongCheckDigit);
    expect(restoreLeadingZeros('RSSMRA80A01H501U')).toBe('RSSMRA80A01H501U');
  });

  it('stores the restored 11-digit P.IVA, reports an unrestorable or wrong one and a wrong codice fiscale', () => {
    const rows = [
      src(2, { 'Ragione Sociale': 'Zeri Persi S.r.l.', 'P.IVA': leadingZeroVat.slice(1) }),
      src(3, { 'Ragione Sociale': 'Cifra Sbagliata S.r.l.', 'P.IVA': `${withCheck('0482173015').slice(0, 10)}${(Number(withCheck('0482173015').slice(10)) + 1) % 10}` }),
      src(4, { 'Ragione Sociale': 'Codice Sbagliato', 'Codice Fiscale': 'RSSMRA80A01H501A' }),
      src(5, { 'Ragione Sociale': 'Estera GmbH', 'P.IVA': '123456789', Nazione: 'DE' }),
    ];
    const plan = planCustomerImport('shop1', rows, mapping, { normalize: false }, []);
    expect(plan.toImport.map((p) => [p.values.ragioneSociale, p.values.partitaIva])).toEqual([
      ['Zeri Persi S.r.l.', leadingZeroVat],
      ['Estera GmbH', '123456789'],
    ]);
    expect(plan.skipped.map((s) => [s.source.line, s.reason])).toEqual([[3, 'invalid-vat'], [4, 'invalid-cf']]);
    expect(skippedByReason(plan.skipped).map((g) => [g.label, g.lines])).toEqual([
      ['P.IVA non valida', ['clienti.csv: 3']],
      ['Codice fiscale non valido', ['clienti.csv: 4']],
    ]);
    // The downloadable file keeps both rows, so nothing is lost.
    const table = skippedRowsTable(plan.skipped);
    expect(table.rows.map((r) => r[3])).toEqual(['Cifra Sbagliata S.r.l.', 'Codice Sbagliato']);
    expect(table.rows[0]?.[2]).toMatch(/^P.IVA non valida \(.*la cifra di controllo non corrisponde\.\)$/);
  });
});
