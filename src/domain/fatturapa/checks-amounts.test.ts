import { afterAll, describe, expect, it } from 'vitest';
import { loadSample } from './test-fixtures';
import { checkInvoiceSemantics, type InvoiceProblem } from './validate';
import { afterNumero, cassa, invoiceWith, line, mutate, RITENUTA, summary, withDocumentType, xsdCleanRegistry } from './validate-test-kit';

const B1 = 'FatturaElettronicaBody[1]';
const LINES = `${B1}/DatiBeniServizi/DettaglioLinee`;
const SUMMARIES = `${B1}/DatiBeniServizi/DatiRiepilogo`;
const DOC = `${B1}/DatiGenerali/DatiGeneraliDocumento`;

/** Every document a test declares clean must also pass the XSD, so the tests never lean on a malformed file. */
const { expectClean, verify } = xsdCleanRegistry();
afterAll(verify);

const l22 = line(1, { quantity: '5.00', unit: '1.00', total: '5.00', rate: '22.00' });
const s22 = summary({ rate: '22.00', taxable: '5.00', tax: '1.10', esigibilita: 'I' });

describe('VAT rates and Natura on lines, cassa and summaries', () => {
  const zeroLine = (natura?: string) => line(1, { quantity: '2.00', unit: '3.00', total: '6.00', rate: '0.00', natura });
  const zeroSummary = (natura?: string) => summary({ rate: '0.00', natura, taxable: '6.00', tax: '0.00' });

  it('a 0% line with a specific Natura and its own summary is clean', () => {
    expectClean(invoiceWith([l22, zeroLine('N4')], [s22, zeroSummary('N4')]));
  });

  it('00400 / 00429 a 0% line or summary without Natura', () => {
    expect(checkInvoiceSemantics(invoiceWith([zeroLine()], [zeroSummary()]))).toEqual([
      { code: '00400', path: `${LINES}[1]/Natura`, message: `Riga 1 ("Articolo 1"): con IVA allo 0% va indicata la natura dell'operazione (per esempio N2.2 o N4).` },
      { code: '00429', path: `${SUMMARIES}[1]/Natura`, message: "Riepilogo IVA allo 0%: va indicata la natura dell'operazione (per esempio N2.2 o N4)." },
    ]);
  });

  it('00401 / 00430 a Natura with a non-zero rate (allowed on TD16)', () => {
    const xml = invoiceWith([line(1, { quantity: '5.00', unit: '1.00', total: '5.00', rate: '22.00', natura: 'N6.9' })], [summary({ rate: '22.00', natura: 'N6.9', taxable: '5.00', tax: '1.10' })]);
    expect(checkInvoiceSemantics(xml)).toEqual([
      { code: '00401', path: `${LINES}[1]/Natura`, message: 'Riga 1 ("Articolo 1"): con IVA al 22% non va indicata la natura (N6.9).' },
      { code: '00430', path: `${SUMMARIES}[1]/Natura`, message: 'Riepilogo IVA al 22%: non va indicata la natura (N6.9).' },
    ]);
    const td16 = withDocumentType(mutate(xml, '<CodiceFiscale>09876543210</CodiceFiscale>', '<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>'), 'TD16');
    expectClean(td16);
  });

  it('00445 generic Natura codes', () => {
    expect(checkInvoiceSemantics(invoiceWith([zeroLine('N2')], [zeroSummary('N2')]))).toEqual([
      { code: '00445', path: `${LINES}[1]/Natura`, message: 'La natura generica N2 non è più accettata dallo SdI: indicare il codice specifico (N2.1 o N2.2).' },
      { code: '00445', path: `${SUMMARIES}[1]/Natura`, message: 'La natura generica N2 non è più accettata dallo SdI: indicare il codice specifico (N2.1 o N2.2).' },
    ]);
  });

  it('00444 Natura of lines and summaries must match, both ways', () => {
    expect(checkInvoiceSemantics(invoiceWith([zeroLine('N4')], [zeroSummary('N2.2')]))).toEqual([
      { code: '00444', path: `${LINES}[1]/Natura`, message: 'Manca il riepilogo IVA per la natura N4 usata nelle righe.' },
      { code: '00444', path: `${SUMMARIES}[1]/Natura`, message: 'Il riepilogo IVA con natura N2.2 non corrisponde a nessuna riga del documento.' },
    ]);
  });

  it('00419 a line rate without summary (once per rate); 00443 a summary rate without lines', () => {
    const l10 = (n: number) => line(n, { quantity: '1.00', unit: '10.00', total: '10.00', rate: '10.00' });
    expect(checkInvoiceSemantics(invoiceWith([l22, l10(2), l10(3)], [s22]))).toEqual([
      { code: '00419', path: `${LINES}[2]/AliquotaIVA`, message: "Manca il riepilogo IVA per l'aliquota 10% usata nelle righe." },
    ]);
    const s4 = summary({ rate: '4.00', taxable: '0.00', tax: '0.00' });
    expect(checkInvoiceSemantics(invoiceWith([l22], [s22, s4]))).toEqual([
      { code: '00443', path: `${SUMMARIES}[2]/AliquotaIVA`, message: 'Il riepilogo IVA al 4% non corrisponde a nessuna riga del documento.' },
    ]);
  });

  it('00420 reverse charge (N6.x) with split payment', () => {
    expect(checkInvoiceSemantics(invoiceWith([zeroLine('N6.3')], [summary({ rate: '0.00', natura: 'N6.3', taxable: '6.00', tax: '0.00', esigibilita: 'S' })]))).toEqual([
      { code: '00420', path: `${SUMMARIES}[1]/EsigibilitaIVA`, message: 'La natura N6.3 (inversione contabile) non è compatibile con la scissione dei pagamenti (esigibilità S).' },
    ]);
  });

  it('00424 a rate written as a fraction', () => {
    const xml = invoiceWith([line(1, { quantity: '5.00', unit: '1.00', total: '5.00', rate: '0.22' })], [summary({ rate: '0.22', taxable: '5.00', tax: '0.01' })]);
    expect(checkInvoiceSemantics(xml)).toEqual([
      { code: '00424', path: `${LINES}[1]/AliquotaIVA`, message: "L'aliquota IVA 0,22 non è espressa in percentuale: per il 22% si scrive 22.00, non 0.22." },
      { code: '00424', path: `${SUMMARIES}[1]/AliquotaIVA`, message: "L'aliquota IVA 0,22 non è espressa in percentuale: per il 22% si scrive 22.00, non 0.22." },
    ]);
  });

  it('00411 / 00415 withholding without DatiRitenuta; 00413 / 00414 cassa Natura', () => {
    const withLine = invoiceWith([line(1, { quantity: '5.00', unit: '1.00', total: '5.00', rate: '22.00', ritenuta: true })], [s22]);
    expect(checkInvoiceSemantics(withLine)).toEqual([
      { code: '00411', path: `${LINES}[1]/Ritenuta`, message: 'Riga 1 ("Articolo 1"): è soggetta a ritenuta, ma mancano i dati della ritenuta (DatiRitenuta) nel documento.' },
    ]);
    expectClean(afterNumero(withLine, RITENUTA));
    const s = (taxable: string, tax: string) => summary({ rate: '22.00', taxable, tax, esigibilita: 'I' });
    const cassaOk = afterNumero(invoiceWith([l22], [s('9.00', '1.98')]), cassa('22.00', '4.00'));
    expectClean(cassaOk);
    expect(checkInvoiceSemantics(afterNumero(invoiceWith([l22], [s('9.00', '1.98')]), cassa('22.00', '4.00', { ritenuta: true, natura: 'N4' }))).map((p) => [p.code, p.path])).toEqual([
      ['00414', `${DOC}/DatiCassaPrevidenziale[1]/Natura`],
      ['00415', `${DOC}/DatiCassaPrevidenziale[1]/Ritenuta`],
      ['00444', `${DOC}/DatiCassaPrevidenziale[1]/Natura`],
    ]);
    const zeroCassa = afterNumero(invoiceWith([l22], [s22, summary({ rate: '0.00', natura: 'N4', taxable: '4.00', tax: '0.00' })]), cassa('0.00', '4.00'));
    expect(checkInvoiceSemantics(zeroCassa)).toEqual([
      { code: '00413', path: `${DOC}/DatiCassaPrevidenziale[1]/Natura`, message: "Cassa previdenziale TC22: con IVA allo 0% va indicata la natura dell'operazione." },
      { code: '00444', path: `${SUMMARIES}[2]/Natura`, message: 'Il riepilogo IVA con natura N4 non corrisponde a nessuna riga del documento.' },
    ]);
  });
});

describe('arithmetic', () => {
  function lineTotal(spec: Parameters<typeof line>[1]): InvoiceProblem[] {
    return checkInvoiceSemantics(invoiceWith([line(1, spec)], [summary({ rate: '22.00', taxable: spec.total, tax: '0.00' })])).filter((p) => p.code === '00423');
  }

  it('00423 PrezzoTotale = unit price × quantity within one cent', () => {
    expect(lineTotal({ quantity: '3.00', unit: '1.235', total: '3.71', rate: '22.00' })).toEqual([]);
    expect(lineTotal({ quantity: '3.00', unit: '1.235', total: '3.72', rate: '22.00' })).toEqual([
      { code: '00423', path: `${LINES}[1]/PrezzoTotale`, message: 'Riga 1 ("Articolo 1"): il prezzo totale (3,72) non corrisponde a prezzo unitario × quantità (3,705).' },
    ]);
    expect(lineTotal({ unit: '7.50', total: '7.50', rate: '22.00' })).toEqual([]); // no Quantita: 1
    expect(lineTotal({ unit: '7.50', total: '7.52', rate: '22.00' }).map((p) => p.code)).toEqual(['00423']);
  });

  it('00423 with discounts and markups on the unit price', () => {
    const sc = (p: string) => `<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>${p}</Percentuale></ScontoMaggiorazione>`;
    expect(lineTotal({ quantity: '2.00', unit: '10.00', total: '18.00', rate: '22.00', adjustments: sc('10.00') })).toEqual([]);
    expect(lineTotal({ quantity: '2.00', unit: '10.00', total: '20.00', rate: '22.00', adjustments: sc('10.00') })).toEqual([
      { code: '00423', path: `${LINES}[1]/PrezzoTotale`, message: 'Riga 1 ("Articolo 1"): il prezzo totale (20,00) non corrisponde a prezzo unitario scontato/maggiorato × quantità (18,00).' },
    ]);
    // Two percentages: in sequence (8.55) and additive (8.50) are both accepted; anything else is not.
    expect(lineTotal({ quantity: '1.00', unit: '10.00', total: '8.55', rate: '22.00', adjustments: sc('10.00') + sc('5.00') })).toEqual([]);
    expect(lineTotal({ quantity: '1.00', unit: '10.00', total: '8.50', rate: '22.00', adjustments: sc('10.00') + sc('5.00') })).toEqual([]);
    expect(lineTotal({ quantity: '1.00', unit: '10.00', total: '8.60', rate: '22.00', adjustments: sc('10.00') + sc('5.00') })).toHaveLength(1);
    const amount = '<ScontoMaggiorazione><Tipo>MG</Tipo><Importo>0.50</Importo></ScontoMaggiorazione>';
    expect(lineTotal({ quantity: '4.00', unit: '10.00', total: '42.00', rate: '22.00', adjustments: amount })).toEqual([]);
    expect(lineTotal({ quantity: '4.00', unit: '10.00', total: '40.50', rate: '22.00', adjustments: amount })).toHaveLength(1);
  });

  it('00421 Imposta = round half-up(ImponibileImporto × rate / 100) within one cent', () => {
    const tax = (taxable: string, imposta: string) =>
      checkInvoiceSemantics(invoiceWith([line(1, { quantity: '1.00', unit: taxable, total: taxable, rate: '22.00' })], [summary({ rate: '22.00', taxable, tax: imposta })]));
    expect(tax('25.00', '5.51')).toEqual([]);
    expect(tax('25.00', '5.52')).toEqual([
      { code: '00421', path: `${SUMMARIES}[1]/Imposta`, message: "L'imposta del riepilogo al 22% (5,52) non corrisponde al 22% dell'imponibile 25,00: dovrebbe essere 5,50." },
    ]);
    // 0.25 × 22% = 0.055 → 0.06 (half-up); 0.04 is two cents off.
    expect(tax('0.25', '0.04').map((p) => p.message)).toEqual(["L'imposta del riepilogo al 22% (0,04) non corrisponde al 22% dell'imponibile 0,25: dovrebbe essere 0,06."]);
    expect(tax('-10.00', '-2.20')).toEqual([]);
  });

  it('00422 per rate, summed over summaries of that rate, with cassa and Arrotondamento, below 1 euro', () => {
    const lines = [
      line(1, { quantity: '1.00', unit: '1000.00', total: '1000.00', rate: '22.00' }),
      line(2, { quantity: '1.00', unit: '234.50', total: '234.50', rate: '22.00' }),
      line(3, { quantity: '1.00', unit: '6.00', total: '6.00', rate: '0.00', natura: 'N4' }),
      line(4, { quantity: '1.00', unit: '4.00', total: '4.00', rate: '0.00', natura: 'N2.2' }),
    ];
    const zero = [summary({ rate: '0.00', natura: 'N4', taxable: '6.00', tax: '0.00' }), summary({ rate: '0.00', natura: 'N2.2', taxable: '4.00', tax: '0.00' })];
    expectClean(invoiceWith(lines, [summary({ rate: '22.00', taxable: '1234.50', tax: '271.59' }), ...zero]));
    expectClean(invoiceWith(lines, [summary({ rate: '22.00', taxable: '1235.49', tax: '271.81' }), ...zero]));
    expect(checkInvoiceSemantics(invoiceWith(lines, [summary({ rate: '22.00', taxable: '1235.50', tax: '271.81' }), ...zero]))).toEqual([
      { code: '00422', path: `${SUMMARIES}[1]/ImponibileImporto`, message: "La somma delle righe al 22% (1.234,50) non coincide con l'imponibile del riepilogo (1.235,50)" },
    ]);
    // The two 0% summaries are summed together: 6 + 4 = 10 either way round.
    expectClean(invoiceWith(lines, [summary({ rate: '22.00', taxable: '1234.50', tax: '271.59' }), summary({ rate: '0.00', natura: 'N4', taxable: '4.00', tax: '0.00' }), summary({ rate: '0.00', natura: 'N2.2', taxable: '6.00', tax: '0.00' })]));
    // Arrotondamento and the cassa contribution count on the lines' side.
    expectClean(invoiceWith([l22], [summary({ rate: '22.00', rounding: '2.00', taxable: '7.00', tax: '1.54' })]));
    const withCassa = afterNumero(invoiceWith([l22], [summary({ rate: '22.00', taxable: '10.50', tax: '2.31' })]), cassa('22.00', '4.00'));
    expect(checkInvoiceSemantics(withCassa)).toEqual([
      { code: '00422', path: `${SUMMARIES}[1]/ImponibileImporto`, message: "La somma delle righe al 22% più cassa previdenziale e arrotondamenti (9,00) non coincide con l'imponibile del riepilogo (10,50)" },
    ]);
  });

  it('checks every body of a lotto and reports body by body', () => {
    const lotto = mutate(mutate(loadSample('FPA03'), '<Numero>12</Numero>', '<Numero>X</Numero>'), '<Numero>456</Numero>', '<Numero>Y</Numero>');
    expect(checkInvoiceSemantics(lotto).map((p) => p.path)).toEqual([
      'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Numero',
      'FatturaElettronicaBody[2]/DatiGenerali/DatiGeneraliDocumento/Numero',
    ]);
  });
});
