import { describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '../fiscal-ids/partita-iva';
import { checkCustomerForInvoicing } from '../fatturapa/customer-validity';
import { guessCustomerMapping, planCustomerImport, restoreLeadingZeros, warningsByKind, type SourceRow } from './customer-import';

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

  it('imports a wrong P.IVA or codice fiscale as it is, and the report names each row with its reason', () => {
    const wrongVat = `${withCheck('0482173015').slice(0, 10)}${(Number(withCheck('0482173015').slice(10)) + 1) % 10}`;
    const rows = [
      src(2, { 'Ragione Sociale': 'Zeri Persi S.r.l.', 'P.IVA': leadingZeroVat.slice(1) }),
      src(3, { 'Ragione Sociale': 'Cifra Sbagliata S.r.l.', 'P.IVA': wrongVat }),
      src(4, { 'Ragione Sociale': 'Codice Sbagliato', 'Codice Fiscale': 'RSSMRA80A01H501A' }),
      src(5, { 'Ragione Sociale': 'Estera GmbH', 'P.IVA': '123456789', Nazione: 'DE' }),
    ];
    const plan = planCustomerImport('shop1', rows, mapping, { normalize: false }, []);
    expect(plan.toImport.map((p) => [p.values.ragioneSociale, p.values.partitaIva])).toEqual([
      ['Zeri Persi S.r.l.', leadingZeroVat],
      ['Cifra Sbagliata S.r.l.', wrongVat],
      ['Codice Sbagliato', ''],
      ['Estera GmbH', '123456789'],
    ]);
    expect(plan.skipped).toEqual([]);
    expect(plan.warnings.map((w) => [w.source.line, w.warning])).toEqual([[3, 'invalid-vat'], [4, 'invalid-cf']]);
    expect(plan.warnings[0]?.detail).toMatch(/la cifra di controllo non corrisponde\.$/);
    expect(warningsByKind(plan.warnings).map((g) => [g.label, g.lines])).toEqual([
      ['Importati con P.IVA non valida (non fatturabili finché non la correggi)', ['clienti.csv: 3']],
      ['Importati con codice fiscale non valido (non fatturabili finché non lo correggi)', ['clienti.csv: 4']],
    ]);
    // /customers shows each of them as not invoiceable, with the field to correct.
    for (const planned of plan.toImport.slice(1, 3)) expect(checkCustomerForInvoicing(planned.values).valid).toBe(false);
  });
});
