import { describe, expect, it } from 'vitest';
import { checkCustomerForInvoicing, customerToBuyerInput, type BuyerIdentity } from './customer-validity';

const address = { address: 'Via Roma 1', cap: '20100', city: 'Milano', province: 'MI', nation: 'IT' };
const company: BuyerIdentity = { ragioneSociale: 'Alfa Srl', partitaIva: '00743110157', codiceDestinatario: 'ABC1234', ...address };
const person: BuyerIdentity = {
  name: 'Mario',
  surname: 'Rossi',
  codiceFiscale: 'RSSMRA80A01H501U',
  pec: 'mario@pec.it',
  ...address,
};

describe('checkCustomerForInvoicing', () => {
  it('accepts a complete company and a complete person', () => {
    expect(checkCustomerForInvoicing(company)).toEqual({ valid: true, missing: [], badge: null });
    expect(checkCustomerForInvoicing(person)).toEqual({ valid: true, missing: [], badge: null });
  });
  it('says "Dati insufficienti" without VAT number and tax code', () => {
    const r = checkCustomerForInvoicing({ name: 'Mario', surname: 'Rossi', ...address });
    expect(r.valid).toBe(false);
    expect(r.badge).toBe('Dati insufficienti');
  });
  it('requires the company name and address fields with a VAT number', () => {
    const r = checkCustomerForInvoicing({ partitaIva: '00743110157', codiceDestinatario: 'ABC1234' });
    expect(r.valid).toBe(false);
    expect(r.missing).toEqual(['Ragione Sociale', 'Indirizzo', 'CAP', 'Città', 'Provincia', 'Nazione']);
    expect(r.badge).toBe('Dati mancanti/errati: Ragione Sociale, Indirizzo, CAP, Città, Provincia, Nazione');
  });
  it('requires first and last name with only a tax code', () => {
    const r = checkCustomerForInvoicing({ ...person, name: '', surname: undefined });
    expect(r.missing).toEqual(['Nome', 'Cognome']);
  });
  it('requires a PEC with receiver code 0000000 or none', () => {
    expect(checkCustomerForInvoicing({ ...company, codiceDestinatario: '0000000' }).missing).toEqual(['PEC']);
    expect(checkCustomerForInvoicing({ ...company, codiceDestinatario: '' }).missing).toEqual(['PEC']);
    expect(checkCustomerForInvoicing({ ...company, codiceDestinatario: '0000000', pec: 'a@pec.it' }).valid).toBe(true);
  });
  it('requires 2-letter uppercase province and nation', () => {
    expect(checkCustomerForInvoicing({ ...company, province: 'mi' }).missing).toEqual(['Provincia']);
    expect(checkCustomerForInvoicing({ ...company, nation: 'ITA' }).missing).toEqual(['Nazione']);
  });
  it('flags a wrong Italian VAT number, tax code, postcode or recipient code', () => {
    expect(checkCustomerForInvoicing({ ...company, partitaIva: '01234567890' }).missing).toEqual(['P.IVA']);
    expect(checkCustomerForInvoicing({ ...person, codiceFiscale: 'RSSMRA80A01H501X' }).missing).toEqual(['Codice Fiscale']);
    expect(checkCustomerForInvoicing({ ...company, cap: '2010' }).missing).toEqual(['CAP']);
    expect(checkCustomerForInvoicing({ ...company, codiceDestinatario: 'AB-12' }).missing).toEqual(['Codice Destinatario']);
  });
  it('skips the Italian checksums for foreign customers', () => {
    const foreign = { ...company, partitaIva: 'DE123456789', nation: 'DE', cap: 'D-10115' };
    expect(checkCustomerForInvoicing(foreign)).toMatchObject({ valid: true });
  });
});

describe('customerToBuyerInput', () => {
  it('maps the typed customer, trimmed, and leaves empty values out', () => {
    expect(
      customerToBuyerInput({
        name: ' Mario ',
        surname: 'Rossi',
        partitaIva: '',
        codiceFiscale: 'RSSMRA80A01H501U',
        codiceDestinatario: 'ABC1234',
        address: 'Via Po 2',
        cap: '10121',
        city: 'Torino',
        province: 'TO',
      }),
    ).toEqual({
      name: 'Mario',
      surname: 'Rossi',
      codiceFiscale: 'RSSMRA80A01H501U',
      codiceDestinatario: 'ABC1234',
      address: 'Via Po 2',
      cap: '10121',
      city: 'Torino',
      province: 'TO',
    });
  });
});
