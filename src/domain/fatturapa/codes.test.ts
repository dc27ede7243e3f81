import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_CONDITION,
  DEFAULT_REGIME_FISCALE,
  DOCUMENT_TYPE_LABELS,
  FATTURAPA_NAMESPACE,
  NATURA_CODES,
  PAYMENT_METHOD_LABELS,
  documentTypeLabel,
  isNatura,
  markingLabel,
  naturaLabel,
  paymentConditionLabel,
  paymentMethodLabel,
} from './codes';

describe('document types', () => {
  it('labels TD01–TD06, TD16–TD29 and the simplified TD07–TD09, unknown codes as Sconosciuto', () => {
    expect(Object.keys(DOCUMENT_TYPE_LABELS)).toEqual([
      'TD01', 'TD02', 'TD03', 'TD04', 'TD05', 'TD06',
      ...Array.from({ length: 14 }, (_, i) => `TD${String(16 + i)}`),
    ]);
    expect(documentTypeLabel('TD01')).toBe('Fattura');
    expect(documentTypeLabel('TD04')).toBe('Nota di Credito');
    expect(documentTypeLabel(' td04 ')).toBe('Nota di Credito');
    expect(documentTypeLabel('TD07')).toBe('Fattura semplificata');
    expect(documentTypeLabel('td08')).toBe('Nota di Credito semplificata');
    expect(documentTypeLabel('TD10')).toBe('Sconosciuto');
    expect(documentTypeLabel('')).toBe('Sconosciuto');
    expect(documentTypeLabel(undefined)).toBe('Sconosciuto');
  });
});

describe('payment methods and conditions', () => {
  it('has the 23 labels of document 2 §9 in order', () => {
    expect(Object.values(PAYMENT_METHOD_LABELS).join(', ')).toBe(
      'Contanti, Assegno, Assegno circolare, Contanti presso Tesoreria, Bonifico, Vaglia cambiario, Bollettino bancario, ' +
        'Carta di pagamento, RID, RID utenze, RID veloce, RIBA, MAV, Quietanza erario, Giroconto su conti di contabilità ' +
        'speciale, Domiciliazione bancaria, Domiciliazione postale, Bollettino di c/c postale, SEPA Direct Debit, SEPA ' +
        'Direct Debit CORE, SEPA Direct Debit B2B, Trattenuta su somme già riscosse, PagoPA',
    );
    expect(Object.keys(PAYMENT_METHOD_LABELS)).toEqual(Array.from({ length: 23 }, (_, i) => `MP${String(i + 1).padStart(2, '0')}`));
    expect(paymentMethodLabel('MP23')).toBe('PagoPA');
    expect(paymentMethodLabel('MP24')).toBe('Sconosciuto');
  });
  it('labels TP01–TP03 with TP01 as default', () => {
    expect([paymentConditionLabel('TP01'), paymentConditionLabel('TP02'), paymentConditionLabel('TP03')]).toEqual([
      'pagamento a rate',
      'pagamento completo',
      'anticipo',
    ]);
    expect(DEFAULT_PAYMENT_CONDITION).toBe('TP01');
  });
});

describe('Natura, marking and constants', () => {
  it('allows only the specific Natura codes', () => {
    expect(NATURA_CODES).toHaveLength(21);
    for (const generic of ['N2', 'N3', 'N6', 'N3.7', 'N6.10', '']) expect(isNatura(generic)).toBe(false);
    expect(naturaLabel('N4')).toBe('Esenti');
    expect(naturaLabel('N2')).toBe('Sconosciuto');
  });
  it('labels the invoice markings', () => {
    expect(markingLabel('delivered')).toBe('consegnata');
    expect(markingLabel('sent')).toBe('inviata');
    expect(markingLabel('rejected')).toBe('rifiutata');
    expect(markingLabel('paid')).toBe('pagata');
    expect(markingLabel('received')).toBe('ricevuta');
    expect(markingLabel('not-delivered')).toBe('consegnata per canale secondario');
    expect(markingLabel('boh')).toBe('Sconosciuto');
  });
  it('exposes the namespace and defaults', () => {
    expect(FATTURAPA_NAMESPACE).toBe('http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2');
    expect(DEFAULT_REGIME_FISCALE).toBe('RF01');
  });
});
