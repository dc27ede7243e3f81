import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOMER_VALUES, customerDisplayName, customerOwnName, fiscalKeys } from './customer-fields';
import { checkCustomerForm, cleanCustomerValues, hasBlockingCheck, twoLetterInput } from './customer-form';
import { filterCustomers, matchesCustomerSearch, nextSort, sortCustomers } from './customer-list';

const base = { ...EMPTY_CUSTOMER_VALUES, ragioneSociale: 'Ferramenta Colombo' };

describe('customer form checks', () => {
  it('accepts valid Italian identities', () => {
    expect(checkCustomerForm({ ...base, partitaIva: '04821730159', codiceFiscale: 'RSSMRA80A01H501U' })).toEqual({});
  });
  it('blocks a wrong checksum for an Italian customer', () => {
    const checks = checkCustomerForm({ ...base, partitaIva: '04821730158', codiceFiscale: 'RSSMRA80A01H501X' });
    expect(checks.partitaIva).toEqual({ message: 'P.IVA non valida: la cifra di controllo non corrisponde.', blocking: true });
    expect(checks.codiceFiscale?.blocking).toBe(true);
    expect(hasBlockingCheck(checks)).toBe(true);
  });
  it('only warns for a foreign customer', () => {
    const checks = checkCustomerForm({ ...base, nation: 'DE', partitaIva: '123456789' });
    expect(checks.partitaIva).toEqual({ message: 'Attenzione (cliente estero): La P.IVA italiana ha 11 cifre.', blocking: false });
    expect(hasBlockingCheck(checks)).toBe(false);
  });
  it('needs a name, a 5-digit Italian CAP, a 6-7 character recipient code, e-mails that look like e-mails', () => {
    const checks = checkCustomerForm({ ...EMPTY_CUSTOMER_VALUES, cap: '123', codiceDestinatario: 'AB', pec: 'no' });
    expect(Object.keys(checks).sort()).toEqual(['cap', 'codiceDestinatario', 'form', 'pec']);
  });
  it('forces province and nation to two uppercase letters', () => {
    expect(twoLetterInput('mi')).toBe('MI');
    expect(twoLetterInput('Mil')).toBe('MI');
    expect(twoLetterInput('1t')).toBe('T');
  });
  it('cleans values for storage', () => {
    expect(cleanCustomerValues({ ...base, partitaIva: ' IT 048 2173 0159 ', codiceFiscale: 'rssmra80a01h501u', province: 'mi', pec: 'A@PEC.IT ', codiceDestinatario: 'abc1234' })).toMatchObject({
      partitaIva: '04821730159', codiceFiscale: 'RSSMRA80A01H501U', province: 'MI', pec: 'a@pec.it', codiceDestinatario: 'ABC1234',
    });
  });
});

describe('customer directory', () => {
  const list = [
    { id: '1', ragioneSociale: 'Zeta S.r.l.', partitaIva: '04821730159', pec: '' },
    { id: '2', name: 'Àngela', surname: 'Rossi', codiceFiscale: 'RSSNGL80A41H501X', pec: 'angela@pec.it' },
    { id: '3', ragioneSociale: 'alfa snc', pec: 'alfa@pec.it' },
  ];
  it('names a company by its company name, a person by name and surname', () => {
    expect(list.map(customerDisplayName)).toEqual(['Zeta S.r.l.', 'Àngela Rossi', 'alfa snc']);
  });
  it('never shows an empty name: a private customer by name and surname, an unnamed one by P.IVA, C.F., else "Cliente senza nome"', () => {
    expect(customerDisplayName({ ragioneSociale: ' ', name: ' Mario ', surname: 'Rossi' })).toBe('Mario Rossi');
    expect(customerDisplayName({ surname: 'Rossi' })).toBe('Rossi');
    expect(customerDisplayName({ ragioneSociale: '', partitaIva: '04821730159', codiceFiscale: 'RSSMRA80A01H501U' })).toBe('P.IVA 04821730159');
    expect(customerDisplayName({ codiceFiscale: ' RSSMRA80A01H501U ' })).toBe('C.F. RSSMRA80A01H501U');
    expect(customerDisplayName({})).toBe('Cliente senza nome');
    expect(customerDisplayName({ name: ' ', surname: '' })).toBe('Cliente senza nome');
    // Forms and checks ask whether a name was typed: no stand-in there.
    expect(customerOwnName({ partitaIva: '04821730159' })).toBe('');
    expect(customerOwnName({ name: 'Mario', surname: 'Rossi' })).toBe('Mario Rossi');
  });
  it('searches every word, accents and case ignored', () => {
    expect(list.filter((c) => matchesCustomerSearch(c, 'angela ross')).map((c) => c.id)).toEqual(['2']);
    expect(list.filter((c) => matchesCustomerSearch(c, '0482173')).map((c) => c.id)).toEqual(['1']);
    expect(list.filter((c) => matchesCustomerSearch(c, '  ')).length).toBe(3);
  });
  it('filters the sorted directory keeping its order, like sorting the filtered one', () => {
    const sort = { key: 'name', direction: 'asc' } as const;
    const sorted = sortCustomers(list, sort);
    expect(filterCustomers(sorted, 'pec').map((c) => c.id)).toEqual(sortCustomers(list.filter((c) => matchesCustomerSearch(c, 'pec')), sort).map((c) => c.id));
    expect(filterCustomers(sorted, '').map((c) => c.id)).toEqual(['3', '2', '1']);
  });
  it('sorts by a column, empty values last, the same column flips the direction', () => {
    expect(sortCustomers(list, { key: 'name', direction: 'asc' }).map((c) => c.id)).toEqual(['3', '2', '1']);
    expect(sortCustomers(list, { key: 'name', direction: 'desc' }).map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(sortCustomers(list, { key: 'pec', direction: 'desc' }).map((c) => c.id)).toEqual(['2', '3', '1']);
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'pec')).toEqual({ key: 'pec', direction: 'asc' });
  });
  it('compares identities compacted and without the IT prefix', () => {
    expect(fiscalKeys({ partitaIva: 'IT 04821730159', codiceFiscale: '04821730159' })).toEqual(['04821730159']);
  });
});
