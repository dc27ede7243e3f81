import { describe, expect, it } from 'vitest';
import { InvoiceBuildError } from './build-error';
import { buildInvoiceXml, computeInvoiceAmounts } from './builder';
import { FATTURAPA_NAMESPACE } from './codes';
import { progressivoInvioFromNumber } from './numbering';
import { loadFatturapaSchemas } from './test-fixtures';
import type { BuildInvoiceInput, BuyerInput, InvoiceDraftInput, InvoiceLineInput } from './types';
import { checkInvoiceSemantics, validateInvoicesXsd } from './validate';
import { at, childrenNamed, parseXml, textAt, type XmlElement } from './xml-tree';
import * as D from '../money/decimal';

const seller = {
  ragioneSociale: 'Bottega Rossi Srl',
  partitaIva: '00743110157',
  codiceFiscale: '00743110157',
  address: 'Via Roma 1',
  cap: '20100',
  city: 'Milano',
  province: 'mi',
};
const privateBuyer: BuyerInput = {
  name: 'Mario',
  surname: 'Rossi',
  codiceFiscale: 'RSSMRA80A01H501U',
  pec: 'mario.rossi@pec.it',
  address: 'Via Po 2',
  cap: '10121',
  city: 'Torino',
  province: 'to',
  nation: 'it',
};
const companyBuyer: BuyerInput = {
  ragioneSociale: 'Alfa Spa',
  partitaIva: '12345678903',
  codiceDestinatario: 'abc1234',
  pec: 'alfa@pec.it',
  address: 'Corso Italia 10',
  cap: '00184',
  city: 'Roma',
  province: 'RM',
};
const paBuyer: BuyerInput = { ...companyBuyer, ragioneSociale: 'Comune di Prova', codiceDestinatario: 'UFABCD' };
const line = (over: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  description: 'Articolo',
  quantity: 1,
  grossUnitPrice: 12.2,
  vatRate: 22,
  ...over,
});
const draft = (over: Partial<InvoiceDraftInput> = {}): InvoiceDraftInput => ({
  number: 'ABCDE-2026-7',
  date: '2026-03-10',
  lines: [line()],
  ...over,
});
const input = (d: Partial<InvoiceDraftInput> = {}, buyer: BuyerInput = privateBuyer): BuildInvoiceInput => ({
  draft: draft(d),
  seller,
  buyer,
});

function build(d: Partial<InvoiceDraftInput> = {}, buyer: BuyerInput = privateBuyer): XmlElement {
  return parseXml(buildInvoiceXml(input(d, buyer)));
}
const body = (root: XmlElement): XmlElement | undefined => at(root, 'FatturaElettronicaBody');
const lines = (root: XmlElement): XmlElement[] => childrenNamed(at(body(root), 'DatiBeniServizi'), 'DettaglioLinee');
const summaries = (root: XmlElement): XmlElement[] => childrenNamed(at(body(root), 'DatiBeniServizi'), 'DatiRiepilogo');
const trasmissione = (root: XmlElement): XmlElement | undefined => at(root, 'FatturaElettronicaHeader', 'DatiTrasmissione');
const payment = (root: XmlElement): XmlElement | undefined => at(body(root), 'DatiPagamento');

function buildError(fn: () => unknown): InvoiceBuildError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoiceBuildError) return e;
    throw e;
  }
  throw new Error('expected an InvoiceBuildError');
}

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

describe('lines and summaries', () => {
  it('derives the net unit price from the gross price and rounds totals half-up', () => {
    const root = build({ lines: [line({ grossUnitPrice: 10, quantity: 3 })] });
    const l = lines(root)[0];
    expect(textAt(l, 'PrezzoUnitario')).toBe('8.19672131');
    expect(textAt(l, 'Quantita')).toBe('3.00');
    expect(textAt(l, 'PrezzoTotale')).toBe('24.59');
    expect(textAt(summaries(root)[0], 'ImponibileImporto')).toBe('24.59');
    expect(textAt(summaries(root)[0], 'Imposta')).toBe('5.41');
  });
  it('rounds the VAT half-up at the third decimal (0.25 × 22% = 0.055 → 0.06)', () => {
    const root = build({ lines: [line({ grossUnitPrice: 0.305 })] });
    expect(textAt(summaries(root)[0], 'ImponibileImporto')).toBe('0.25');
    expect(textAt(summaries(root)[0], 'Imposta')).toBe('0.06');
  });
  it('merges identical lines and numbers the result', () => {
    const root = build({
      lines: [line({ quantity: 1.5 }), line({ description: 'Altro', vatRate: 10, grossUnitPrice: 11 }), line({ quantity: 2.25 })],
    });
    expect(lines(root).map((l) => [textAt(l, 'NumeroLinea'), textAt(l, 'Descrizione'), textAt(l, 'Quantita')])).toEqual([
      ['1', 'Articolo', '3.75'],
      ['2', 'Altro', '1.00'],
    ]);
    expect(textAt(lines(root)[0], 'PrezzoTotale')).toBe('37.50');
  });
  it('does not merge lines that differ in price, VAT, discount, code or unit', () => {
    const root = build({
      lines: [
        line(),
        line({ grossUnitPrice: 12.3 }),
        line({ vatRate: 10, grossUnitPrice: 11 }),
        line({ adjustment: { kind: 'discount', percent: 10 } }),
        line({ code: 'A1' }),
        line({ unitOfMeasure: 'KG' }),
      ],
    });
    expect(lines(root)).toHaveLength(6);
  });
  it('writes discounts and markups on the unit price', () => {
    const root = build({
      lines: [
        line({ quantity: 2, adjustment: { kind: 'discount', percent: 12.5 } }),
        line({ description: 'B', quantity: 3, adjustment: { kind: 'markup', percent: 5 } }),
        line({ description: 'C', quantity: 2, adjustment: { kind: 'discount', amountPerUnit: 2.44 } }),
      ],
    });
    const [a, b, c] = lines(root);
    expect(textAt(a, 'ScontoMaggiorazione', 'Tipo')).toBe('SC');
    expect(textAt(a, 'ScontoMaggiorazione', 'Percentuale')).toBe('12.50');
    expect(textAt(a, 'PrezzoTotale')).toBe('17.50');
    expect(textAt(b, 'ScontoMaggiorazione', 'Tipo')).toBe('MG');
    expect(textAt(b, 'PrezzoTotale')).toBe('31.50');
    expect(textAt(c, 'ScontoMaggiorazione', 'Importo')).toBe('2.00');
    expect(textAt(c, 'PrezzoTotale')).toBe('16.00');
    expect(textAt(summaries(root)[0], 'ImponibileImporto')).toBe('65.00');
    expect(textAt(summaries(root)[0], 'Imposta')).toBe('14.30');
  });
  it('gives 0% lines their Natura and one summary per rate and Natura, with the legal reference', () => {
    const root = build({
      lines: [
        line(),
        line({ description: 'Esente', vatRate: 0, grossUnitPrice: 5, natura: 'N4' }),
        line({ description: 'Export', vatRate: 0, grossUnitPrice: 7, natura: 'N3.1' }),
        line({ description: 'Libro', vatRate: 4, grossUnitPrice: 10.4 }),
      ],
    }, paBuyer);
    expect(textAt(lines(root)[1], 'Natura')).toBe('N4');
    expect(textAt(lines(root)[0], 'Natura')).toBeUndefined();
    expect(summaries(root).map((s) => [textAt(s, 'AliquotaIVA'), textAt(s, 'Natura'), textAt(s, 'ImponibileImporto'), textAt(s, 'Imposta'), textAt(s, 'EsigibilitaIVA')])).toEqual([
      ['22.00', undefined, '10.00', '2.20', 'S'],
      ['4.00', undefined, '10.00', '0.40', 'S'],
      ['0.00', 'N3.1', '7.00', '0.00', undefined],
      ['0.00', 'N4', '5.00', '0.00', undefined],
    ]);
    expect(textAt(summaries(root)[3], 'RiferimentoNormativo')).toBe('Esenti');
  });
  it('refuses 0% without Natura, generic Natura codes and Natura on taxed lines', () => {
    expect(buildError(() => buildInvoiceXml(input({ lines: [line({ vatRate: 0 })] }))).message).toBe(
      "Riga 1: con IVA 0% serve la natura dell'operazione (N1–N7)",
    );
    const generic = { ...line({ vatRate: 0 }), natura: 'N2' } as unknown as InvoiceLineInput;
    expect(buildError(() => buildInvoiceXml(input({ lines: [line(), generic] }))).message).toContain('Riga 2: la natura N2 è generica');
    expect(buildError(() => buildInvoiceXml(input({ lines: [line({ natura: 'N4' })] }))).field).toBe('lines[0].natura');
  });
  it('refuses impossible quantities, prices, rates and discounts', () => {
    const field = (l: InvoiceLineInput): string => buildError(() => buildInvoiceXml(input({ lines: [l] }))).field;
    expect(field(line({ quantity: 0 }))).toBe('lines[0].quantity');
    expect(field(line({ quantity: Number.NaN }))).toBe('lines[0].quantity');
    expect(field(line({ grossUnitPrice: -1 }))).toBe('lines[0].grossUnitPrice');
    expect(field(line({ vatRate: 100 }))).toBe('lines[0].vatRate');
    expect(field(line({ description: '  😀 ' }))).toBe('lines[0].description');
    expect(field(line({ adjustment: { kind: 'discount', percent: 101 } }))).toBe('lines[0].adjustment');
    expect(field(line({ adjustment: { kind: 'discount', amountPerUnit: 12.21 } }))).toBe('lines[0].adjustment');
    expect(field(line({ adjustment: { kind: 'discount' } }))).toBe('lines[0].adjustment');
    expect(buildError(() => buildInvoiceXml(input({ lines: [] }))).message).toBe('La bozza non contiene righe');
  });
  it('computes the amounts the XML carries', () => {
    const a = computeInvoiceAmounts(draft({ lines: [line({ quantity: 3, grossUnitPrice: 10 }), line({ vatRate: 0, natura: 'N2.2', grossUnitPrice: 1 })] }), 'I');
    expect([a.taxable, a.vat, a.total, a.payable].map((d) => D.toFixed(d, 2))).toEqual(['25.59', '5.41', '31.00', '31.00']);
  });
});

describe('texts', () => {
  it('escapes XML and keeps accents', () => {
    const xml = buildInvoiceXml(input({ lines: [line({ description: 'Vino "rosso" & <bianco> più caffè' })], causale: 'Saldo & acconto' }));
    expect(xml).toContain('<Descrizione>Vino &quot;rosso&quot; &amp; &lt;bianco&gt; più caffè</Descrizione>');
    const root = parseXml(xml);
    expect(textAt(lines(root)[0], 'Descrizione')).toBe('Vino "rosso" & <bianco> più caffè');
    expect(textAt(body(root), 'DatiGenerali', 'DatiGeneraliDocumento', 'Causale')).toBe('Saldo & acconto');
  });
  it('truncates descriptions at 1000 and names at 80 code points without breaking characters', () => {
    const root = build(
      { lines: [line({ description: 'àé😀'.repeat(600) })] },
      { ...companyBuyer, ragioneSociale: 'Società '.repeat(20) },
    );
    const description = textAt(lines(root)[0], 'Descrizione') ?? '';
    expect([...description]).toHaveLength(1000);
    expect(description).toMatch(/^[àé]+$/);
    const name = textAt(root, 'FatturaElettronicaHeader', 'CessionarioCommittente', 'DatiAnagrafici', 'Anagrafica', 'Denominazione') ?? '';
    expect([...name].length).toBeLessThanOrEqual(80);
    expect(name.startsWith('Società Società')).toBe(true);
  });
  it('splits a long causale into 200-character Causale elements', () => {
    const root = build({ causale: 'x'.repeat(450) });
    const causali = childrenNamed(at(body(root), 'DatiGenerali', 'DatiGeneraliDocumento'), 'Causale').map((c) => c.text.length);
    expect(causali).toEqual([200, 200, 50]);
  });
});

describe('input errors', () => {
  it.each<[string, Partial<InvoiceDraftInput>, BuyerInput, string]>([
    ['missing number', { number: ' ' }, privateBuyer, 'number'],
    ['number without digits', { number: 'ABC' }, privateBuyer, 'number'],
    ['number too long', { number: 'ABCDE-2026-123456789012' }, privateBuyer, 'number'],
    ['invalid date', { date: '2026-02-30' }, privateBuyer, 'date'],
    ['invalid due date', { dueDate: '31/12/2026' }, privateBuyer, 'dueDate'],
    ['buyer without ids', {}, { ...privateBuyer, codiceFiscale: '' }, 'buyer.partitaIva'],
    ['wrong buyer tax code', {}, { ...privateBuyer, codiceFiscale: 'RSSMRA80A01H501X' }, 'buyer.codiceFiscale'],
    ['wrong buyer VAT number', {}, { ...companyBuyer, partitaIva: '12345678901' }, 'buyer.partitaIva'],
    ['bad recipient code', {}, { ...companyBuyer, codiceDestinatario: 'AB-12' }, 'buyer.codiceDestinatario'],
    ['bad PEC', {}, { ...privateBuyer, pec: 'mario at pec' }, 'buyer.pec'],
    ['bad Italian CAP', {}, { ...privateBuyer, cap: '1012' }, 'buyer.cap'],
    ['bad province', {}, { ...privateBuyer, province: 'Torino' }, 'buyer.province'],
    ['missing address', {}, { ...privateBuyer, address: '' }, 'buyer.address'],
    ['missing name', {}, { ...privateBuyer, name: '', surname: '' }, 'buyer.ragioneSociale'],
  ])('%s', (_, d, buyer, field) => {
    const e = buildError(() => buildInvoiceXml(input(d, buyer)));
    expect(e.field).toBe(field);
    expect(e.message.length).toBeGreaterThan(10);
  });
  it('refuses a shop with a wrong VAT number, regime or no name', () => {
    const withSeller = (s: Partial<typeof seller> & { regimeFiscale?: string }): string =>
      buildError(() => buildInvoiceXml({ draft: draft(), seller: { ...seller, ...s }, buyer: privateBuyer })).field;
    expect(withSeller({ partitaIva: '01234567890' })).toBe('seller.partitaIva');
    expect(withSeller({ regimeFiscale: 'RF03' })).toBe('seller.regimeFiscale');
    expect(withSeller({ ragioneSociale: '' })).toBe('seller.ragioneSociale');
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
