import { describe, expect, it } from 'vitest';
import { toSnakeCase, xmlToJsonForm, type JsonValue } from './json-form';
import { InvoiceReadError, readIncomingJson, readOutgoingXml, type InvoiceView } from './reader';
import { loadSample, SAMPLE_NAMES, type SampleName } from './test-fixtures';
import { mutate } from './validate-test-kit';
import { parseXml } from './xml-tree';

function cents(n: number): number {
  return Math.round(n * 100);
}

/** Per body: number, date, lines, Σ PrezzoTotale, Σ ImponibileImporto, Σ Imposta, total, payment (in cents). */
const EXPECTED: Record<SampleName, [string, string, number, number, number, number, number, number][]> = {
  FPA01: [['123', '2017-01-18', 1, 500, 500, 110, 610, 610]],
  FPA02: [['123', '2017-01-18', 2, 2500, 2500, 550, 3050, 3050]],
  FPA03: [
    ['12', '2017-01-18', 2, 2500, 2500, 550, 3050, 3050],
    ['456', '2017-01-20', 1, 200000, 200000, 44000, 244000, 244000],
  ],
  FPR01: [['123', '2014-12-18', 1, 500, 500, 110, 610, 610]],
  FPR02: [['123', '2014-12-18', 2, 2500, 2700, 595, 3295, 3295]],
  FPR03: [
    ['123', '2014-12-18', 2, 2500, 2700, 595, 3295, 3295],
    ['456', '2014-12-20', 1, 200000, 200000, 44000, 244000, 244000],
  ],
};

function figures(v: InvoiceView): [string, string, number, number, number, number, number, number] {
  return [
    v.number,
    v.date,
    v.lines.length,
    v.lines.reduce((s, l) => s + cents(l.total), 0),
    v.vatSummary.reduce((s, r) => s + cents(r.taxable), 0),
    v.vatSummary.reduce((s, r) => s + cents(r.tax), 0),
    cents(v.total),
    cents(v.payment?.amount ?? Number.NaN),
  ];
}

/** Independent oracle: lines and Σ PrezzoTotale per body, straight from the XML text. */
function xmlFigures(xml: string): [number, number][] {
  return xml
    .split('<FatturaElettronicaBody>')
    .slice(1)
    .map((body) => [
      (body.match(/<DettaglioLinee>/g) ?? []).length,
      [...body.matchAll(/<PrezzoTotale>([^<]+)<\/PrezzoTotale>/g)].reduce((s, m) => s + cents(Number(m[1])), 0),
    ]);
}

describe('official samples: JSON and XML give the same views, without loss', () => {
  it.each(SAMPLE_NAMES)('%s', (name) => {
    const fromXml = readOutgoingXml(loadSample(name));
    const fromJson = readIncomingJson(loadSample(name, 'json'));
    expect(fromXml).toStrictEqual(fromJson);
    expect(fromXml.map(figures)).toEqual(EXPECTED[name]);
    const lotto = fromXml.length === 2;
    expect(fromXml.map((v) => [v.payment?.method, v.payment?.methodLabel])).toEqual(
      lotto ? [['MP01', 'Contanti'], ['MP19', 'SEPA Direct Debit']] : [['MP01', 'Contanti']],
    );
    expect(fromXml.map((v) => [v.lines.length, v.lines.reduce((s, l) => s + cents(l.total), 0)])).toEqual(xmlFigures(loadSample(name)));
    for (const v of fromXml) {
      expect(v.documentType).toBe('TD01');
      expect(v.documentTypeLabel).toBe('Fattura');
      expect(v.bodyCount).toBe(fromXml.length);
      expect(v.seller.vatId).toEqual({ country: 'IT', code: '01234567890' });
      expect(v.seller.address?.city).toBe('SASSARI');
      expect(v.buyer.codiceFiscale).toBe('09876543210');
      expect(v.buyer.address).toEqual({ street: 'VIA TORINO 38-B', cap: '00145', city: 'ROMA', province: 'RM', nation: 'IT', streetNumber: undefined });
      expect(v.payment).toMatchObject({ condition: 'TP01', conditionLabel: 'pagamento a rate' });
      expect(v.lines.map((l) => l.number)).toEqual(v.lines.map((_, i) => i + 1));
    }
  });

  it('reads parties, recipient code and PEC', () => {
    const [fpr02] = readOutgoingXml(loadSample('FPR02'));
    expect(fpr02?.seller).toMatchObject({ name: "SOCIETA' ALPHA SRL", regimeFiscale: 'RF01' });
    expect(fpr02?.buyer).toMatchObject({ name: 'BETA GAMMA', codiceDestinatario: '0000000', pec: 'betagamma@pec.it' });
    expect(fpr02?.payment?.dueDate).toBe('2015-01-30');
    const [fpa01] = readOutgoingXml(loadSample('FPA01'));
    expect(fpa01?.format).toBe('FPA12');
    expect(fpa01?.buyer.codiceDestinatario).toBe('AAAAAA');
    expect(fpa01?.vatSummary).toEqual([
      { vatRate: 22, natura: undefined, taxable: 5, tax: 1.1, esigibilita: 'I', esigibilitaLabel: 'esigibilità immediata', rounding: undefined, normativeReference: undefined },
    ]);
  });
});

describe('JSON form', () => {
  it('names elements as JSON-MAPPING.md §1', () => {
    const table: [string, string][] = [
      ['FatturaElettronicaHeader', 'fattura_elettronica_header'],
      ['IdFiscaleIVA', 'id_fiscale_iva'],
      ['PECDestinatario', 'pec_destinatario'],
      ['EsigibilitaIVA', 'esigibilita_iva'],
      ['CodEORI', 'cod_eori'],
      ['NumeroREA', 'numero_rea'],
      ['CodiceCUP', 'codice_cup'],
      ['DatiDDT', 'dati_ddt'],
      ['CAP', 'cap'],
      ['IBAN', 'iban'],
      ['CFQuietanzante', 'cf_quietanzante'],
      ['Art73', 'art73'],
      ['TerzoIntermediarioOSoggettoEmittente', 'terzo_intermediario_o_soggetto_emittente'],
    ];
    for (const [xml, key] of table) expect(toSnakeCase(xml)).toBe(key);
  });

  /** Keys and list structure only (values differ: a38 normalises decimals and writes integers as numbers). */
  function shape(v: JsonValue | undefined): unknown {
    if (Array.isArray(v)) return v.map(shape);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
    return null;
  }

  it.each(SAMPLE_NAMES)('XML converted to the JSON form has the keys and lists of the a38 JSON of %s', (name) => {
    const fromXml = xmlToJsonForm(parseXml(loadSample(name)));
    expect(shape(fromXml)).toEqual(shape(JSON.parse(loadSample(name, 'json')) as JsonValue));
  });

  it('accepts single objects where lists are expected, parsed objects, and a wrapping fattura_elettronica key', () => {
    const json = JSON.parse(loadSample('FPA03', 'json')) as JsonValue;
    const unlisted = JSON.parse(JSON.stringify(json), (_k, v: unknown) => (Array.isArray(v) && v.length === 1 && typeof v[0] === 'object' ? (v as unknown[])[0] : v)) as object;
    expect(JSON.stringify(unlisted)).not.toContain('"dettaglio_pagamento":[');
    const expected = readIncomingJson(loadSample('FPA03', 'json'));
    expect(readIncomingJson(unlisted)).toStrictEqual(expected);
    expect(readIncomingJson({ fattura_elettronica: json })).toStrictEqual(expected);
    const oneBody = JSON.parse(loadSample('FPR01', 'json')) as { fattura_elettronica_body: unknown[] };
    expect(readIncomingJson({ ...oneBody, fattura_elettronica_body: oneBody.fattura_elettronica_body[0] })).toStrictEqual(readIncomingJson(loadSample('FPR01', 'json')));
  });

  it('refuses what is not an invoice, with an Italian message', () => {
    expect(() => readIncomingJson('{not json')).toThrow(new InvoiceReadError('Il contenuto della fattura non è un JSON valido.'));
    expect(() => readIncomingJson({ foo: 1 })).toThrow(InvoiceReadError);
    expect(() => readOutgoingXml('<a><b></a>')).toThrow(/Il file XML della fattura non è leggibile/);
    expect(() => readOutgoingXml('<Ordine/>')).toThrow(/elemento radice Ordine/);
  });
});

describe('tolerance and optional blocks', () => {
  const fpr01 = loadSample('FPR01');

  it('survives absent optional blocks', () => {
    const bare = mutate(mutate(fpr01, /<DatiPagamento>[\s\S]*<\/DatiPagamento>/, ''), /<CessionarioCommittente>[\s\S]*<\/CessionarioCommittente>/, '<CessionarioCommittente/>');
    const [v] = readOutgoingXml(bare);
    expect(v?.payments).toEqual([]);
    expect(v?.payment).toBeUndefined();
    expect(v?.buyer).toEqual({ vatId: undefined, name: '', codiceFiscale: undefined, address: undefined, codiceDestinatario: 'ABC1234', pec: undefined });
    expect(v?.total).toBe(6.1);
    // Without ImportoTotaleDocumento the total is Σ ImponibileImporto + Σ Imposta, whatever their digits.
    const loose = mutate(mutate(fpr01, '<ImponibileImporto>5.00<', '<ImponibileImporto>5<'), '<Imposta>1.10<', '<Imposta>1.1<');
    expect(readOutgoingXml(loose)[0]?.total).toBe(6.1);
  });

  it('reads persons, discounts, article codes, credit-note links, ImportoTotaleDocumento and unknown types', () => {
    let xml = mutate(fpr01, /<Anagrafica>\s*<Denominazione>DITTA BETA<\/Denominazione>\s*<\/Anagrafica>/, '<Anagrafica><Nome>MARIO</Nome><Cognome>ROSSI</Cognome></Anagrafica>');
    xml = mutate(xml, '<NumeroLinea>1</NumeroLinea>', '<NumeroLinea>1</NumeroLinea><CodiceArticolo><CodiceTipo>INTERNO</CodiceTipo><CodiceValore>ART-9</CodiceValore></CodiceArticolo>');
    xml = mutate(xml, '<PrezzoTotale>5.00', '<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>10.00</Percentuale></ScontoMaggiorazione><ScontoMaggiorazione><Tipo>MG</Tipo><Importo>0.25</Importo></ScontoMaggiorazione><PrezzoTotale>5.00');
    xml = mutate(xml, '<Numero>123</Numero>', '<Numero>123</Numero><ImportoTotaleDocumento>99.99</ImportoTotaleDocumento>');
    xml = mutate(xml, '<DatiTrasporto>', '<DatiFattureCollegate><IdDocumento>ABCDE-2014-1</IdDocumento><Data>2014-12-01</Data></DatiFattureCollegate><DatiTrasporto>');
    xml = mutate(xml, '<TipoDocumento>TD01', '<TipoDocumento>TD99');
    const [v] = readOutgoingXml(xml);
    expect(v?.buyer.name).toBe('MARIO ROSSI');
    expect(v?.documentTypeLabel).toBe('Sconosciuto');
    expect(v?.lines[0]).toMatchObject({
      articleCode: 'ART-9',
      articleCodes: [{ type: 'INTERNO', value: 'ART-9' }],
      adjustments: [
        { type: 'SC', percent: 10, amount: undefined },
        { type: 'MG', percent: undefined, amount: 0.25 },
      ],
      adjustmentPercent: -10,
    });
    expect(v?.totalDocument).toBe(99.99);
    expect(v?.total).toBe(99.99);
    expect(v?.relatedDocuments).toEqual([{ id: 'ABCDE-2014-1', date: '2014-12-01' }]);
  });

  it('reads attachments with base64 without whitespace and a MIME type; JSON and XML agree', () => {
    const pdf = 'JVBERi0xLjQK\n  JSVFT0YK';
    const xml = mutate(
      fpr01,
      '</DatiPagamento>',
      `</DatiPagamento><Allegati><NomeAttachment>fattura.pdf</NomeAttachment><FormatoAttachment>PDF</FormatoAttachment><Attachment>${pdf}</Attachment></Allegati><Allegati><NomeAttachment>note.txt</NomeAttachment><AlgoritmoCompressione>ZIP</AlgoritmoCompressione><Attachment>UEsDBA==</Attachment></Allegati>`,
    );
    const [v] = readOutgoingXml(xml);
    expect(v?.attachments).toEqual([
      { name: 'fattura.pdf', format: 'PDF', compression: undefined, description: undefined, mimeType: 'application/pdf', base64: 'JVBERi0xLjQKJSVFT0YK' },
      { name: 'note.txt', format: undefined, compression: 'ZIP', description: undefined, mimeType: 'application/zip', base64: 'UEsDBA==' },
    ]);
    const json = JSON.parse(loadSample('FPR01', 'json')) as { fattura_elettronica_body: Record<string, unknown>[] };
    const body = json.fattura_elettronica_body[0] ?? {};
    body.allegati = [
      { nome_attachment: 'fattura.pdf', formato_attachment: 'PDF', attachment: 'JVBERi0xLjQKJSVFT0YK' },
      { nome_attachment: 'note.txt', algoritmo_compressione: 'ZIP', attachment: 'UEsDBA==' },
    ];
    expect(readIncomingJson(json)).toStrictEqual(readOutgoingXml(xml));
  });
});
