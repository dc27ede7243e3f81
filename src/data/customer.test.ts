import { describe, expect, it } from 'vitest';
import { OWNER_CUSTOMERS } from '../../scripts/seed/customers';
import { checkCustomerForInvoicing } from '@/domain/fatturapa/customer-validity';
import { normalizeCustomer, toFirestoreCustomer } from './customer';
import { stored, storedCollection } from './test-seed';

const customer = (id: string) => normalizeCustomer(id, stored('Customer', id));

describe('Customer converter', () => {
  it('reads pIva or vatNumber into one partitaIva', () => {
    expect(stored('Customer', 'cust-negozio-02').pIva).toBeDefined();
    expect(customer('cust-negozio-02').partitaIva).toBe(stored('Customer', 'cust-negozio-02').pIva);
    expect(customer('cust-negozio-01').partitaIva).toBe(stored('Customer', 'cust-negozio-01').vatNumber);
    expect(normalizeCustomer('x', { pIva: '', vatNumber: '123' }).partitaIva).toBe('123');
  });

  it('reads receiverCode, codiceDestinatario or codice into one codiceDestinatario', () => {
    expect(customer('cust-negozio-01').codiceDestinatario).toBe('M5UXCR1');
    expect(customer('cust-negozio-02').codiceDestinatario).toBe('KRRH6B9');
    expect(customer('cust-negozio-03').codiceDestinatario).toBe('T04ZHR3');
    expect(customer('cust-negozio-05').codiceDestinatario).toHaveLength(6);
    expect(customer('cust-negozio-04')).toMatchObject({ codiceDestinatario: '0000000', pec: 'studiobellini@pec.it' });
  });

  it('reads the registered office, a postcode stored as a number, and the birthday', () => {
    expect(customer('cust-negozio-01')).toMatchObject({ address: 'Via Lodovico il Moro 12', cap: '20143', city: 'Milano', province: 'MI', nation: 'IT' });
    expect(stored('Customer', 'cust-negozio-07').registeredOfficeCap).toBe(7100);
    expect(customer('cust-negozio-07').cap).toBe('07100');
    expect(customer('cust-negozio-06')).toMatchObject({ birthday: '1985-08-12', name: 'Francesca', surname: 'Moretti' });
    expect(customer('cust-negozio-12')).toMatchObject({ province: 'mi', nation: 'it' }); // kept: the validity check reports them
  });

  it('gives the invoicing validity the seed intends, once read through the converter', () => {
    for (const c of OWNER_CUSTOMERS) {
      expect({ id: c.id, valid: checkCustomerForInvoicing(customer(c.id)).valid }).toEqual({ id: c.id, valid: c.valid });
    }
    expect(checkCustomerForInvoicing(customer('cust-negozio-07')).valid).toBe(true); // numeric postcode 7100 → '07100'
    expect(checkCustomerForInvoicing(customer('cust-negozio-11')).badge).toBe('Dati insufficienti');
  });

  it('writes both names of the VAT number and of the recipient code, and round-trips', () => {
    const w = toFirestoreCustomer(customer('cust-negozio-03'));
    expect(w).toMatchObject({ pIva: w.vatNumber, receiverCode: 'T04ZHR3', codiceDestinatario: 'T04ZHR3' });
    expect(w).not.toHaveProperty('codice');
    for (const { id, raw } of storedCollection('Customer')) {
      const first = normalizeCustomer(id, raw);
      expect(normalizeCustomer(id, toFirestoreCustomer(first))).toEqual(first);
    }
  });
});
