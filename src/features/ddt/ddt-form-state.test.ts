import { describe, expect, it } from 'vitest';
import type { Customer } from '@/data/customer';
import { recipientName } from '@/data/ddt';
import { ddtProblems, ddtTotalCents } from '@/domain/ddt/ddt';
import { ddtFromForm, emptyForm, formFromDdt, formProblems, formValueCents, lineFromProduct, recipientFromCustomer } from './ddt-form-state';

const base = { id: 'd1', userId: 'shop-1' };

describe('DDT form state', () => {
  it('turns a typed form into a draft: Italian decimals, province upper case, empty lines dropped, carrier only with vettore', () => {
    const form = emptyForm(new Date(2026, 2, 5, 10, 30));
    form.recipient = { ...form.recipient, name: ' Cantiere Rossi ', province: 'mi', city: 'Milano' };
    form.peso = '12,5';
    form.colli = '3';
    form.carrier = { name: 'Trasporti', partitaIva: '', address: '' };
    form.lines = [{ ...form.lines[0]!, description: 'Piastrelle', quantity: '1,5', unitPrice: '10,20', vatRate: '22' }, { ...form.lines[0]!, key: 'x', description: '' }];
    const ddt = ddtFromForm(form, base);
    expect(ddt).toMatchObject({ id: 'd1', userId: 'shop-1', state: 'bozza', kind: 'ddt', year: 2026, peso: 12.5, colli: 3, causale: 'Vendita', transportBy: 'mittente', carrier: undefined });
    expect(ddt.recipient).toMatchObject({ ragioneSociale: 'Cantiere Rossi', province: 'MI', nation: 'IT' });
    expect(ddt.lines).toEqual([{ productId: undefined, code: '', description: 'Piastrelle', um: 'PZ', quantity: 1.5, unitPrice: 10.2, vatRate: 22 }]);
    expect(ddt.transportStart).toEqual(new Date(2026, 2, 5, 10, 30));
  });

  it('keeps the chosen customer whole, and reads a stored note back into the same form', () => {
    const customer: Customer = { id: 'c1', userId: 'shop-1', ragioneSociale: 'Hotel Brera', partitaIva: '07334120150', codiceDestinatario: 'KRRH6B9', city: 'Milano' };
    const form = { ...emptyForm(new Date(2026, 2, 5)), customerId: 'c1', customer, recipient: recipientFromCustomer(customer) };
    form.lines = [lineFromProduct({ id: 'p1', userId: 'shop-1', name: 'Trapano', code: 'FC002', barcode: '', price: 49.9, quantity: 3, um: 'PZ', vatRate: 22, stock: { qty: 3, minQty: 0, track: true }, changedPrice: false, migrated: false })];
    const ddt = ddtFromForm(form, base);
    expect(ddt.customerId).toBe('c1');
    expect(ddt.recipient.codiceDestinatario).toBe('KRRH6B9');
    expect(ddt.lines[0]).toMatchObject({ productId: 'p1', description: 'Trapano', quantity: 1, unitPrice: 49.9 });
    const again = formFromDdt(ddt);
    expect(again.customerId).toBe('c1');
    expect(again.recipient.name).toBe('Hotel Brera');
    expect(again.lines[0]).toMatchObject({ productId: 'p1', quantity: '1', unitPrice: '49,9' });
  });

  it("names a private customer's recipient 'Mario Rossi'; a customer without a name leaves the field to type, and confirmation asks for it", () => {
    const person: Customer = { id: 'c2', userId: 'shop-1', ragioneSociale: '', name: 'Mario', surname: 'Rossi', codiceFiscale: 'RSSMRA80A01H501U' };
    expect(recipientFromCustomer(person).name).toBe('Mario Rossi');
    const unnamed: Customer = { id: 'c3', userId: 'shop-1', partitaIva: '07334120150' };
    const form = { ...emptyForm(new Date(2026, 2, 5)), customerId: 'c3', customer: unnamed, recipient: recipientFromCustomer(unnamed) };
    expect(form.recipient.name).toBe('');
    const ddt = ddtFromForm(form, base);
    expect(recipientName(ddt.recipient)).toBe('');
    expect(ddtProblems({ recipientName: recipientName(ddt.recipient), causale: ddt.causale, transportBy: ddt.transportBy, lines: ddt.lines, date: ddt.date })).toContain('Indica il destinatario.');
  });

  it('reports numbers it cannot read, in Italian', () => {
    const form = emptyForm();
    form.colli = '2,5';
    form.peso = 'tanti';
    form.lines = [{ ...form.lines[0]!, quantity: 'x', unitPrice: 'y', vatRate: 'z' }];
    expect(formProblems(form)).toEqual([
      'Colli: deve essere un numero intero.', 'Peso: «tanti» non è un numero valido (es. 1.234,56).', 'Riga 1, quantità: «x» non è un numero valido (es. 1.234,56).',
      'Riga 1, prezzo: «y» non è un numero valido (es. 1.234,56).', 'Riga 1, IVA %: «z» non è un numero valido (es. 1.234,56).',
    ]);
  });

  it("reads '1.234,56' and '1.005' the Italian way, and its value is the one the note saves", () => {
    const form = emptyForm();
    form.lines = [{ ...form.lines[0]!, description: 'Trapano', quantity: '1', unitPrice: '1.234,56' }, { ...form.lines[0]!, key: 'x', description: 'Viti', quantity: '1.005', unitPrice: '0,10' }];
    expect(formProblems(form)).toEqual([]);
    const ddt = ddtFromForm(form, base);
    expect(ddt.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([[1, 1234.56], [1005, 0.1]]);
    expect(formValueCents(form)).toBe(123456 + 10050);
    expect(formValueCents(form)).toBe(ddtTotalCents(ddt.lines));
  });
});
