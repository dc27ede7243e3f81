import { describe, expect, it } from 'vitest';
import { checkCustomerForInvoicing, customerToBuyerInput, type CustomerRecord } from './customer-validity';

const address = {
  registeredOfficeAddress: 'Via Roma 1',
  registeredOfficeCap: '20100',
  registeredOfficeCity: 'Milano',
  registeredOfficeProvince: 'MI',
  nation: 'IT',
};
const company: CustomerRecord = { ragioneSociale: 'Alfa Srl', pIva: '00743110157', receiverCode: 'ABC1234', ...address };
const person: CustomerRecord = {
  name: 'Mario',
  surname: 'Rossi',
  cf: 'RSSMRA80A01H501U',
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
    const r = checkCustomerForInvoicing({ pIva: '00743110157', receiverCode: 'ABC1234' });
    expect(r.valid).toBe(false);
    expect(r.missing).toEqual(['Ragione Sociale', 'Indirizzo', 'CAP', 'Città', 'Provincia', 'Nazione']);
    expect(r.badge).toBe('Dati mancanti/errati: Ragione Sociale, Indirizzo, CAP, Città, Provincia, Nazione');
  });
  it('requires first and last name with only a tax code', () => {
    const r = checkCustomerForInvoicing({ ...person, name: '', surname: undefined });
    expect(r.missing).toEqual(['Nome', 'Cognome']);
  });
  it('requires a PEC with receiver code 0000000 or none', () => {
    expect(checkCustomerForInvoicing({ ...company, receiverCode: '0000000' }).missing).toEqual(['PEC']);
    expect(checkCustomerForInvoicing({ ...company, receiverCode: '' }).missing).toEqual(['PEC']);
    expect(checkCustomerForInvoicing({ ...company, receiverCode: '0000000', pec: 'a@pec.it' }).valid).toBe(true);
  });
  it('requires 2-letter uppercase province and nation', () => {
    expect(checkCustomerForInvoicing({ ...company, registeredOfficeProvince: 'mi' }).missing).toEqual(['Provincia']);
    expect(checkCustomerForInvoicing({ ...company, nation: 'ITA' }).missing).toEqual(['Nazione']);
  });
  it('flags a wrong Italian VAT number, tax code, postcode or recipient code', () => {
    expect(checkCustomerForInvoicing({ ...company, pIva: '01234567890' }).missing).toEqual(['P.IVA']);
    expect(checkCustomerForInvoicing({ ...person, cf: 'RSSMRA80A01H501X' }).missing).toEqual(['Codice Fiscale']);
    expect(checkCustomerForInvoicing({ ...company, registeredOfficeCap: '2010' }).missing).toEqual(['CAP']);
    expect(checkCustomerForInvoicing({ ...company, receiverCode: 'AB-12' }).missing).toEqual(['Codice Destinatario']);
  });
  it('skips the Italian checksums for foreign customers', () => {
    const foreign = { ...company, pIva: 'DE123456789', nation: 'DE', registeredOfficeCap: 'D-10115' };
    expect(checkCustomerForInvoicing(foreign)).toMatchObject({ valid: true });
  });
  it('reads the legacy field names and numbers stored as numbers', () => {
    const legacy = {
      ragioneSociale: 'Beta Spa',
      vatNumber: '12345678903',
      codice: 'xyz9876',
      ...address,
      registeredOfficeCap: 20100,
    };
    expect(checkCustomerForInvoicing(legacy).valid).toBe(true);
    expect(checkCustomerForInvoicing({ ...legacy, codice: undefined, codiceDestinatario: 'KLM5432' }).valid).toBe(true);
  });
});

describe('customerToBuyerInput', () => {
  it('maps legacy names and leaves empty values out', () => {
    expect(
      customerToBuyerInput({
        name: ' Mario ',
        surname: 'Rossi',
        vatNumber: '',
        pIva: null,
        codiceFiscale: 'RSSMRA80A01H501U',
        codiceDestinatario: 'ABC1234',
        registeredOfficeAddress: 'Via Po 2',
        registeredOfficeCap: 10121,
        registeredOfficeCity: 'Torino',
        registeredOfficeProvince: 'TO',
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
  it('prefers pIva over vatNumber and receiverCode over the other code names', () => {
    const b = customerToBuyerInput({ pIva: '1', vatNumber: '2', receiverCode: 'A', codiceDestinatario: 'B', codice: 'C' });
    expect(b.partitaIva).toBe('1');
    expect(b.codiceDestinatario).toBe('A');
  });
});
