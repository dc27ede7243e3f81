import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder';
import {
  body,
  build,
  buildError,
  companyBuyer,
  input,
  line,
  paBuyer,
  payment,
  privateBuyer,
  summaries,
  trasmissione,
} from './builder-test-kit';
import { FATTURAPA_NAMESPACE } from './codes';
import { progressivoInvioFromNumber } from './numbering';
import { loadFatturapaSchemas } from './test-fixtures';
import type { BuildInvoiceInput } from './types';
import { checkInvoiceSemantics, validateInvoicesXsd } from './validate';
import { at, parseXml, textAt } from './xml-tree';

describe('root, transmission and defaults', () => {
  it('writes a private invoice: FPR12, 0000000 with PEC, MP01, I, TP01, due date + 7 days', () => {
    const xml = buildInvoiceXml(input());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12"')).toBe(true);
    expect(xml).toContain(`xmlns:p="${FATTURAPA_NAMESPACE}"`);
    const root = parseXml(xml);
    expect(root.name).toBe('FatturaElettronica');
    const t = trasmissione(root);
    expect(textAt(t, 'IdTrasmittente', 'IdPaese')).toBe('IT');
    expect(textAt(t, 'IdTrasmittente', 'IdCodice')).toBe('00743110157');
    expect(textAt(t, 'ProgressivoInvio')).toBe(progressivoInvioFromNumber('ABCDE-2026-7'));
    expect(textAt(t, 'FormatoTrasmissione')).toBe('FPR12');
    expect(textAt(t, 'CodiceDestinatario')).toBe('0000000');
    expect(textAt(t, 'PECDestinatario')).toBe('mario.rossi@pec.it');
    const doc = at(body(root), 'DatiGenerali', 'DatiGeneraliDocumento');
    expect(textAt(doc, 'TipoDocumento')).toBe('TD01');
    expect(textAt(doc, 'Divisa')).toBe('EUR');
    expect(textAt(doc, 'Data')).toBe('2026-03-10');
    expect(textAt(doc, 'Numero')).toBe('ABCDE-2026-7');
    expect(textAt(doc, 'ImportoTotaleDocumento')).toBe('12.20');
    expect(textAt(payment(root), 'CondizioniPagamento')).toBe('TP01');
    expect(textAt(payment(root), 'DettaglioPagamento', 'ModalitaPagamento')).toBe('MP01');
    expect(textAt(payment(root), 'DettaglioPagamento', 'DataScadenzaPagamento')).toBe('2026-03-17');
    expect(textAt(payment(root), 'DettaglioPagamento', 'ImportoPagamento')).toBe('12.20');
    expect(textAt(summaries(root)[0], 'EsigibilitaIVA')).toBe('I');
  });

  it('leaves out the PEC with a real recipient code and uppercases it', () => {
    const t = trasmissione(build({}, companyBuyer));
    expect(textAt(t, 'CodiceDestinatario')).toBe('ABC1234');
    expect(textAt(t, 'PECDestinatario')).toBeUndefined();
  });

  it('writes 0000000 without PEC when the customer has neither', () => {
    const t = trasmissione(build({}, { ...privateBuyer, pec: '' }));
    expect(textAt(t, 'CodiceDestinatario')).toBe('0000000');
    expect(textAt(t, 'PECDestinatario')).toBeUndefined();
  });

  it('writes a PA invoice with a 6-character code: FPA12, MP23, split payment, PA references', () => {
    const xml = buildInvoiceXml(input({ cig: 'Z1234567890', cup: 'J12B34000010001', codiceCommessa: 'Commessa è 7' }, paBuyer));
    expect(xml).toContain('versione="FPA12"');
    const root = parseXml(xml);
    expect(textAt(trasmissione(root), 'FormatoTrasmissione')).toBe('FPA12');
    expect(textAt(trasmissione(root), 'CodiceDestinatario')).toBe('UFABCD');
    expect(textAt(payment(root), 'DettaglioPagamento', 'ModalitaPagamento')).toBe('MP23');
    expect(textAt(summaries(root)[0], 'EsigibilitaIVA')).toBe('S');
    // split payment: the PA pays the taxable amount, the VAT goes to the State
    expect(textAt(body(root), 'DatiGenerali', 'DatiGeneraliDocumento', 'ImportoTotaleDocumento')).toBe('12.20');
    expect(textAt(payment(root), 'DettaglioPagamento', 'ImportoPagamento')).toBe('10.00');
    const order = at(body(root), 'DatiGenerali', 'DatiOrdineAcquisto');
    expect(textAt(order, 'IdDocumento')).toBe('ND');
    expect(textAt(order, 'CodiceCIG')).toBe('Z1234567890');
    expect(textAt(order, 'CodiceCUP')).toBe('J12B34000010001');
    expect(textAt(order, 'CodiceCommessaConvenzione')).toBe('Commessa è 7');
  });

  it('forces split payment with MP23 and respects explicit choices otherwise', () => {
    const forced = build({ paymentMethod: 'MP23', esigibilita: 'I' });
    expect(textAt(summaries(forced)[0], 'EsigibilitaIVA')).toBe('S');
    const chosen = build({ paymentMethod: 'MP05', paymentCondition: 'TP02', esigibilita: 'D', dueDate: '2026-04-30' }, paBuyer);
    expect(textAt(payment(chosen), 'CondizioniPagamento')).toBe('TP02');
    expect(textAt(payment(chosen), 'DettaglioPagamento', 'ModalitaPagamento')).toBe('MP05');
    expect(textAt(payment(chosen), 'DettaglioPagamento', 'DataScadenzaPagamento')).toBe('2026-04-30');
    expect(textAt(summaries(chosen)[0], 'EsigibilitaIVA')).toBe('D');
  });

  it('writes a foreign buyer with XXXXXXX, IdFiscaleIVA, CAP 00000 and no province', () => {
    const root = build({}, { ragioneSociale: 'Muster GmbH', partitaIva: 'DE123456789', address: 'Hauptstr. 1', cap: 'D-10115', city: 'Berlin', province: 'BE', nation: 'de' });
    expect(textAt(trasmissione(root), 'CodiceDestinatario')).toBe('XXXXXXX');
    const cc = at(root, 'FatturaElettronicaHeader', 'CessionarioCommittente');
    expect(textAt(cc, 'DatiAnagrafici', 'IdFiscaleIVA', 'IdPaese')).toBe('DE');
    expect(textAt(cc, 'DatiAnagrafici', 'IdFiscaleIVA', 'IdCodice')).toBe('123456789');
    expect(textAt(cc, 'Sede', 'CAP')).toBe('00000');
    expect(textAt(cc, 'Sede', 'Provincia')).toBeUndefined();
    expect(textAt(cc, 'Sede', 'Nazione')).toBe('DE');
  });

  it('writes seller and buyer data with RF01 default, uppercase province and nation', () => {
    const root = build({}, companyBuyer);
    const cp = at(root, 'FatturaElettronicaHeader', 'CedentePrestatore');
    expect(textAt(cp, 'DatiAnagrafici', 'CodiceFiscale')).toBe('00743110157');
    expect(textAt(cp, 'DatiAnagrafici', 'Anagrafica', 'Denominazione')).toBe('Bottega Rossi Srl');
    expect(textAt(cp, 'DatiAnagrafici', 'RegimeFiscale')).toBe('RF01');
    expect(textAt(cp, 'Sede', 'Provincia')).toBe('MI');
    const cc = at(root, 'FatturaElettronicaHeader', 'CessionarioCommittente');
    expect(textAt(cc, 'DatiAnagrafici', 'IdFiscaleIVA', 'IdCodice')).toBe('12345678903');
    expect(textAt(cc, 'DatiAnagrafici', 'Anagrafica', 'Denominazione')).toBe('Alfa Spa');
    const person = at(build(), 'FatturaElettronicaHeader', 'CessionarioCommittente');
    expect(textAt(person, 'DatiAnagrafici', 'Anagrafica', 'Nome')).toBe('Mario');
    expect(textAt(person, 'DatiAnagrafici', 'Anagrafica', 'Cognome')).toBe('Rossi');
    expect(textAt(person, 'Sede', 'Provincia')).toBe('TO');
    expect(textAt(person, 'Sede', 'Nazione')).toBe('IT');
  });

  it('derives ProgressivoInvio deterministically from the number', () => {
    const a = buildInvoiceXml(input());
    expect(buildInvoiceXml(input())).toBe(a);
    const other = textAt(trasmissione(build({ number: 'ABCDE-2026-8' })), 'ProgressivoInvio');
    expect(other).not.toBe(textAt(trasmissione(parseXml(a)), 'ProgressivoInvio'));
  });
});

describe('credit notes (TD04)', () => {
  const related = { number: 'ABCDE-2026-7', date: '2026-03-10' };
  it('links the original invoice', () => {
    const root = build({ documentType: 'TD04', number: 'ABCDE-2026-NC-1', date: '2026-03-12', relatedInvoice: related });
    expect(textAt(body(root), 'DatiGenerali', 'DatiGeneraliDocumento', 'TipoDocumento')).toBe('TD04');
    const linked = at(body(root), 'DatiGenerali', 'DatiFattureCollegate');
    expect(textAt(linked, 'IdDocumento')).toBe('ABCDE-2026-7');
    expect(textAt(linked, 'Data')).toBe('2026-03-10');
  });
  it('accepts the same day and refuses a date before the original (SdI 00418)', () => {
    expect(() => buildInvoiceXml(input({ documentType: 'TD04', date: '2026-03-10', relatedInvoice: related }))).not.toThrow();
    const e = buildError(() => buildInvoiceXml(input({ documentType: 'TD04', date: '2026-03-09', relatedInvoice: related })));
    expect(e.field).toBe('date');
    expect(e.message).toBe(
      'La nota di credito non può avere una data (09/03/2026) precedente a quella della fattura originale ' +
        'ABCDE-2026-7 (10/03/2026): lo SdI la scarterebbe (codice 00418)',
    );
  });
  it('requires the original invoice', () => {
    expect(buildError(() => buildInvoiceXml(input({ documentType: 'TD04' }))).field).toBe('relatedInvoice');
    expect(buildError(() => buildInvoiceXml(input({ documentType: 'TD04', relatedInvoice: { number: 'X1', date: '2026-02-30' } }))).field).toBe(
      'relatedInvoice.date',
    );
  });
});

describe('validity of what is built', () => {
  it('passes the XSD 1.2.3 and every offline SdI check for each case above', async () => {
    const cases: BuildInvoiceInput[] = [
      input(),
      input({}, companyBuyer),
      input({ cig: 'Z1234567890', cup: 'J12B34000010001', codiceCommessa: 'C1', lines: [line(), line({ vatRate: 0, natura: 'N6.2', grossUnitPrice: 3 })] }, paBuyer),
      input({ documentType: 'TD04', date: '2026-03-11', relatedInvoice: { number: 'ABCDE-2026-7', date: '2026-03-10' } }),
      input({ lines: [line({ description: '😀 "x" & <y> ' + 'è'.repeat(1100), quantity: 0.333, adjustment: { kind: 'discount', amountPerUnit: 0.01 } })] }),
      input({}, { ragioneSociale: 'Muster GmbH', partitaIva: 'DE123456789', address: 'Hauptstr. 1', cap: '10115', city: 'Berlin', nation: 'DE' }),
    ];
    const xmls = cases.map(buildInvoiceXml);
    for (const xml of xmls) expect(checkInvoiceSemantics(xml)).toEqual([]);
    const xsd = await validateInvoicesXsd(xmls, loadFatturapaSchemas());
    expect(xsd).toEqual(xmls.map(() => []));
  });
});
