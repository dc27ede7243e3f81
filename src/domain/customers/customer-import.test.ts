import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOMER_VALUES } from './customer-fields';
import {
  customersTable, guessCustomerMapping, isoBirthday, MAPPING_INCOMPLETE, mappingProblem, planCustomerImport, rowToCustomerValues,
  skippedByReason, skippedRowsTable, warningsByKind, importedCustomerId, type SourceRow,
} from './customer-import';

const HEADERS = ['Ragione Sociale', 'P.IVA', 'Codice Fiscale', 'PEC', 'SDI/Codice Destinatario', 'Indirizzo', 'CAP', 'Città/Comune', 'Provincia', 'Nazione', 'Email', 'Telefono'];
const mapping = guessCustomerMapping(HEADERS);
const row = (values: Partial<Record<string, string>>): Record<string, string> => Object.fromEntries(HEADERS.map((h) => [h, values[h] ?? '']));
const src = (line: number, values: Partial<Record<string, string>>, file = 'clienti.csv'): SourceRow => ({ file, line, row: row(values) });

describe('mapping guesses from Italian headers', () => {
  it('maps the common headers, in any case', () => {
    expect(mapping).toMatchObject({
      ragioneSociale: 'Ragione Sociale', partitaIva: 'P.IVA', codiceFiscale: 'Codice Fiscale', pec: 'PEC', codiceDestinatario: 'SDI/Codice Destinatario',
      address: 'Indirizzo', cap: 'CAP', city: 'Città/Comune', province: 'Provincia', nation: 'Nazione', email: 'Email', phone: 'Telefono', name: '', surname: '',
    });
    expect(guessCustomerMapping(['NOME', 'cognome', 'partita iva', 'COMUNE', 'codice sdi'])).toMatchObject({ name: 'NOME', surname: 'cognome', partitaIva: 'partita iva', city: 'COMUNE', codiceDestinatario: 'codice sdi' });
  });

  it('needs a name (company, or first and last name) and a tax id', () => {
    expect(mappingProblem(mapping)).toBeNull();
    expect(mappingProblem({ ...mapping, ragioneSociale: '' })).toBe(MAPPING_INCOMPLETE);
    expect(mappingProblem({ ...mapping, ragioneSociale: '', name: 'Nome', surname: 'Cognome' })).toBeNull();
    expect(mappingProblem({ ...mapping, ragioneSociale: '', name: 'Nome' })).toBe(MAPPING_INCOMPLETE);
    expect(mappingProblem({ ...mapping, partitaIva: '', codiceFiscale: '' })).toBe(MAPPING_INCOMPLETE);
    expect(MAPPING_INCOMPLETE).toBe('Mapping incompleto - Devi mappare almeno Ragione Sociale/Nome/Cognome e CF/P.IVA');
  });
});

describe('row cleaning', () => {
  it('moves a 16-character code out of the VAT column and an 11-digit number out of the tax-code column', () => {
    const a = rowToCustomerValues(row({ 'Ragione Sociale': 'Rossi', 'P.IVA': 'RSSMRA80A01H501U' }), mapping, { normalize: false });
    expect([a.partitaIva, a.codiceFiscale]).toEqual(['', 'RSSMRA80A01H501U']);
    const b = rowToCustomerValues(row({ 'Ragione Sociale': 'Colombo', 'Codice Fiscale': '04821730159' }), mapping, { normalize: false });
    expect([b.partitaIva, b.codiceFiscale]).toEqual(['04821730159', '']);
    const c = rowToCustomerValues(row({ 'Ragione Sociale': 'X', 'P.IVA': 'rssmra80a01h501u', 'Codice Fiscale': '04821730159' }), mapping, { normalize: false });
    expect([c.partitaIva, c.codiceFiscale]).toEqual(['04821730159', 'RSSMRA80A01H501U']);
  });

  it('normalises on request: code and number extraction, City (XX), nation IT, 4-digit CAP', () => {
    const values = row({ 'Ragione Sociale': 'Bianchi', 'P.IVA': 'IT 091 736 40583', 'Codice Fiscale': 'cf: bncmrc65s03h501v', 'Città/Comune': 'Sassari (ss)', CAP: '7100' });
    const plain = rowToCustomerValues(values, mapping, { normalize: false });
    expect(plain).toMatchObject({ city: 'Sassari (ss)', province: '', nation: '', cap: '7100' });
    const normal = rowToCustomerValues(values, mapping, { normalize: true });
    expect(normal).toMatchObject({ partitaIva: '09173640583', codiceFiscale: 'BNCMRC65S03H501V', city: 'Sassari', province: 'SS', nation: 'IT', cap: '07100' });
    // A province already given wins over the one in brackets.
    expect(rowToCustomerValues(row({ 'Città/Comune': 'Roma (RM)', Provincia: 'rm' }), mapping, { normalize: true }).province).toBe('RM');
  });

  it('reads birthdays written the Italian or the ISO way', () => {
    expect(isoBirthday('03/11/1965')).toBe('1965-11-03');
    expect(isoBirthday('1965-11-03')).toBe('1965-11-03');
    expect(isoBirthday('31/02/1990')).toBe('');
    expect(isoBirthday('ieri')).toBe('');
  });
});

describe('import plan', () => {
  const rows = [
    src(2, { 'Ragione Sociale': 'Ferramenta Colombo', 'P.IVA': '04821730159' }),
    src(3, { 'Ragione Sociale': '', 'P.IVA': '11204580010' }),
    src(4, { 'Ragione Sociale': 'Senza CF' }),
    src(5, { 'Ragione Sociale': 'Già in anagrafica', 'P.IVA': '07352910637' }),
    src(6, { 'Ragione Sociale': 'Colombo di nuovo', 'P.IVA': 'IT04821730159' }),
    src(7, { 'Ragione Sociale': '' }),
    src(8, { 'Ragione Sociale': '  senza   cf ' }),
    src(2, { 'Ragione Sociale': 'Mario Rossi', 'Codice Fiscale': 'RSSMRA80A01H501U' }, 'altro.csv'),
    src(3, { 'Ragione Sociale': 'Rossi doppio', 'P.IVA': 'rssmra80a01h501u' }, 'altro.csv'),
  ];
  const existing = [{ ...EMPTY_CUSTOMER_VALUES, ragioneSociale: 'Esposito', partitaIva: '07352910637' }];
  const plan = planCustomerImport('shop1', rows, mapping, { normalize: false }, existing);

  it('imports every row with a name or a fiscal code, once, and says why every other row was skipped', () => {
    expect(plan.toImport.map((p) => [p.source.file, p.source.line])).toEqual([['clienti.csv', 2], ['clienti.csv', 3], ['clienti.csv', 4], ['altro.csv', 2]]);
    expect(plan.skipped.map((s) => [s.source.line, s.reason])).toEqual([[5, 'existing'], [6, 'duplicate'], [7, 'no-name'], [8, 'duplicate'], [3, 'duplicate']]);
    expect(plan.skipped[1]?.detail).toBe('clienti.csv, riga 2');
    expect(plan.skipped[3]?.detail).toBe('clienti.csv, riga 4');
  });

  it('names in the report the customer imported without a name and the private one without any fiscal code', () => {
    expect(plan.warnings.map((w) => [w.source.line, w.warning])).toEqual([[3, 'no-name'], [4, 'no-tax-id']]);
    expect(warningsByKind(plan.warnings).map((g) => [g.reason, g.lines])).toEqual([['no-name', ['clienti.csv: 3']], ['no-tax-id', ['clienti.csv: 4']]]);
  });

  it('gives an imported row a stable id per shop, so a second run cannot duplicate it', () => {
    const ids = plan.toImport.map((p) => p.id);
    expect(ids[0]).toBe('shop1_csv_04821730159');
    expect(ids[1]).toBe('shop1_csv_11204580010');
    expect(ids[2]).toMatch(/^shop1_csv_n[0-9a-f]{8}$/);
    expect(ids[3]).toBe('shop1_csv_RSSMRA80A01H501U');
    expect(importedCustomerId('shop1', { ragioneSociale: 'SENZA CF' })).toBe(ids[2]);
    expect(importedCustomerId('shop1', { ragioneSociale: 'Senza CF', city: 'Sassari' })).not.toBe(ids[2]);
    const again = planCustomerImport('shop1', rows, mapping, { normalize: false }, [...existing, ...plan.toImport.map((p) => p.values)]);
    expect(again.toImport).toEqual([]);
    expect(again.skipped.filter((s) => s.reason === 'existing')).toHaveLength(8);
  });

  it('reports skipped rows by reason with their lines, and as a downloadable table with the original columns', () => {
    expect(skippedByReason(plan.skipped).map((g) => [g.reason, g.lines])).toEqual([
      ['no-name', ['clienti.csv: 7']], ['existing', ['clienti.csv: 5']], ['duplicate', ['clienti.csv: 6', 'clienti.csv: 8', 'altro.csv: 3']],
    ]);
    const table = skippedRowsTable(plan.skipped);
    expect(table.headers.slice(0, 4)).toEqual(['File', 'Riga', 'Motivo', 'Ragione Sociale']);
    expect(table.rows[0]?.slice(0, 3)).toEqual(['clienti.csv', '5', 'Cliente già presente (stesso CF, P.IVA o, senza codici, stesso nome e città)']);
  });

  it('exports the directory with the headers the importer guesses, birthdays as dd/MM/yyyy', () => {
    const table = customersTable([{ ragioneSociale: 'A', partitaIva: '04821730159', birthday: '1965-11-03', cap: '07100' }]);
    const guessed = guessCustomerMapping(table.headers);
    expect(Object.values(guessed).every((h) => h !== '')).toBe(true);
    const back = rowToCustomerValues(Object.fromEntries(table.headers.map((h, i) => [h, table.rows[0]?.[i] ?? ''])), guessed, { normalize: false });
    expect(back).toMatchObject({ ragioneSociale: 'A', partitaIva: '04821730159', birthday: '1965-11-03', cap: '07100' });
  });
});
