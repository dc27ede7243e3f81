import { afterAll, describe, expect, it } from 'vitest';
import { loadSample } from './test-fixtures';
import { checkInvoiceSemantics } from './validate';
import { afterNumero, invoiceWith, line, mutate, summary, withDocumentType, xsdCleanRegistry } from './validate-test-kit';

const B1 = 'FatturaElettronicaBody[1]';
const LINES = `${B1}/DatiBeniServizi/DettaglioLinee`;
const DOC = `${B1}/DatiGenerali/DatiGeneraliDocumento`;
const TRANSMISSION = 'FatturaElettronicaHeader/DatiTrasmissione';

/** Every document a test declares clean must also pass the XSD, so the tests never lean on a malformed file. */
const { expectClean, verify } = xsdCleanRegistry();
afterAll(verify);

function codes(xml: string): string[] {
  return checkInvoiceSemantics(xml).map((p) => p.code);
}

const fpr01 = loadSample('FPR01');
const s22 = summary({ rate: '22.00', taxable: '5.00', tax: '1.10', esigibilita: 'I' });

describe('transmission and parties', () => {
  it('00428 FormatoTrasmissione differs from versione', () => {
    expect(checkInvoiceSemantics(mutate(fpr01, 'versione="FPR12"', 'versione="FPA12"'))).toEqual([
      {
        code: '00428',
        path: `${TRANSMISSION}/FormatoTrasmissione`,
        message: 'Il formato di trasmissione (FPR12) non coincide con la versione dichiarata nel file (FPA12).',
      },
    ]);
  });

  it('00427 recipient code length against the format', () => {
    const fpa = loadSample('FPA01');
    expectClean(fpa);
    expect(checkInvoiceSemantics(mutate(fpa, '<CodiceDestinatario>AAAAAA<', '<CodiceDestinatario>AAAAAAA<'))).toEqual([
      {
        code: '00427',
        path: `${TRANSMISSION}/CodiceDestinatario`,
        message: 'Una fattura alla Pubblica Amministrazione (FPA12) richiede un codice destinatario di 6 caratteri: "AAAAAAA" ne ha 7.',
      },
    ]);
    expect(codes(mutate(fpr01, '<CodiceDestinatario>ABC1234<', '<CodiceDestinatario>ABC123<'))).toEqual(['00427']);
  });

  it('00426 PEC only with recipient code 0000000', () => {
    const withPec = mutate(fpr01, '<ContattiTrasmittente/>', '<ContattiTrasmittente/><PECDestinatario>beta@pec.it</PECDestinatario>');
    expect(checkInvoiceSemantics(withPec)).toEqual([
      {
        code: '00426',
        path: `${TRANSMISSION}/PECDestinatario`,
        message: 'La PEC del destinatario si indica solo con il codice destinatario 0000000, non con "ABC1234".',
      },
    ]);
    expectClean(mutate(withPec, '>ABC1234<', '>0000000<'));
    expectClean(mutate(fpr01, '>ABC1234<', '>0000000<')); // consumer's reserved area: no PEC is fine
  });

  it('00313 XXXXXXX only for a foreign buyer', () => {
    const xxx = mutate(fpr01, '>ABC1234<', '>XXXXXXX<');
    expect(checkInvoiceSemantics(xxx)).toEqual([
      {
        code: '00313',
        path: `${TRANSMISSION}/CodiceDestinatario`,
        message: 'Il codice destinatario XXXXXXX si usa solo per clienti esteri, con una partita IVA di un paese diverso da IT.',
      },
    ]);
    const foreign = mutate(xxx, '<CodiceFiscale>09876543210</CodiceFiscale>', '<IdFiscaleIVA><IdPaese>DE</IdPaese><IdCodice>123456789</IdCodice></IdFiscaleIVA>');
    expectClean(foreign);
  });

  it('00417 the buyer needs a VAT number or a fiscal code', () => {
    expect(checkInvoiceSemantics(mutate(fpr01, '<CodiceFiscale>09876543210</CodiceFiscale>', ''))).toEqual([
      {
        code: '00417',
        path: 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici',
        message: 'Il cliente non ha né partita IVA né codice fiscale: ne serve almeno uno (per un privato, il codice fiscale).',
      },
    ]);
  });

  it('00476 seller and buyer not both foreign', () => {
    const xml = mutate(
      mutate(fpr01, '<CodiceFiscale>09876543210</CodiceFiscale>', '<IdFiscaleIVA><IdPaese>DE</IdPaese><IdCodice>123456789</IdCodice></IdFiscaleIVA>'),
      /<IdFiscaleIVA>\s*<IdPaese>IT<\/IdPaese>/,
      '<IdFiscaleIVA><IdPaese>FR</IdPaese>',
    );
    expect(checkInvoiceSemantics(xml)).toEqual([
      {
        code: '00476',
        path: 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdPaese',
        message: 'Venditore e cliente non possono essere entrambi esteri (paesi FR e DE).',
      },
    ]);
  });

  const selfBuyer = mutate(
    fpr01,
    '<CodiceFiscale>09876543210</CodiceFiscale>',
    '<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>',
  );

  it('00471 a TD01 to oneself', () => {
    expect(checkInvoiceSemantics(selfBuyer)).toEqual([
      {
        code: '00471',
        path: `${DOC}/TipoDocumento`,
        message: 'Per il tipo documento TD01 (Fattura) venditore e cliente non possono coincidere (stessa partita IVA IT01234567890).',
      },
    ]);
    // Members of one VAT group: same group IdFiscaleIVA, different codici fiscali: not decidable, not reported.
    const buyerVat = '<IdCodice>01234567890</IdCodice></IdFiscaleIVA>';
    const group = mutate(selfBuyer, buyerVat, `${buyerVat}<CodiceFiscale>11111111111</CodiceFiscale>`);
    expectClean(mutate(group, /(<IdCodice>01234567890<\/IdCodice>\s*<\/IdFiscaleIVA>)/, '$1<CodiceFiscale>22222222222</CodiceFiscale>'));
  });

  it('00472 a TD27 must be to oneself; 00474 TD21 refuses 0% lines', () => {
    expect(checkInvoiceSemantics(withDocumentType(mutate(fpr01, '<CodiceFiscale>09876543210</CodiceFiscale>', '<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>'), 'TD27'))).toEqual([
      { code: '00472', path: `${DOC}/TipoDocumento`, message: 'Per il tipo documento TD27 (Fattura per autoconsumo o per cessioni gratuite senza rivalsa) venditore e cliente devono coincidere.' },
    ]);
    const zero = invoiceWith(
      [line(1, { quantity: '1.00', unit: '5.00', total: '5.00', rate: '0.00', natura: 'N2.2' })],
      [summary({ rate: '0.00', natura: 'N2.2', taxable: '5.00', tax: '0.00' })],
      withDocumentType(selfBuyer, 'TD21'),
    );
    expect(checkInvoiceSemantics(zero)).toEqual([
      {
        code: '00474',
        path: `${LINES}[1]/AliquotaIVA`,
        message: 'Riga 1 ("Articolo 1"): il tipo documento TD21 (Autofattura per splafonamento) non ammette righe con IVA allo 0%.',
      },
    ]);
  });

  it('00473 and 00475 for integration documents', () => {
    const td17 = withDocumentType(fpr01, 'TD17');
    expect(checkInvoiceSemantics(td17)).toEqual([
      { code: '00473', path: `${DOC}/TipoDocumento`, message: "Per il tipo documento TD17 (Integrazione/autofattura per acquisto servizi dall'estero) il paese del venditore (IT) non è ammesso." },
      { code: '00475', path: `${DOC}/TipoDocumento`, message: "Per il tipo documento TD17 (Integrazione/autofattura per acquisto servizi dall'estero) serve la partita IVA del cliente." },
    ]);
  });
});

describe('document data', () => {
  it('00425 the number needs a digit', () => {
    expect(checkInvoiceSemantics(mutate(fpr01, '<Numero>123</Numero>', '<Numero>ABC</Numero>'))).toEqual([
      { code: '00425', path: `${DOC}/Numero`, message: 'Il numero del documento ("ABC") deve contenere almeno una cifra.' },
    ]);
  });

  it('00437 / 00438 a discount without percentage or amount', () => {
    expect(checkInvoiceSemantics(afterNumero(fpr01, '<ScontoMaggiorazione><Tipo>SC</Tipo></ScontoMaggiorazione>'))).toEqual([
      { code: '00437', path: `${DOC}/ScontoMaggiorazione[1]`, message: 'Il documento ha uno sconto sul totale senza percentuale né importo.' },
    ]);
    const xml = invoiceWith([line(1, { quantity: '5.00', unit: '1.00', total: '5.00', rate: '22.00', adjustments: '<ScontoMaggiorazione><Tipo>MG</Tipo></ScontoMaggiorazione>' })], [s22]);
    expect(checkInvoiceSemantics(xml)).toEqual([
      { code: '00438', path: `${LINES}[1]/ScontoMaggiorazione[1]`, message: 'Riga 1 ("Articolo 1"): maggiorazione senza percentuale né importo.' },
    ]);
  });

  it('00418 a credit note dated before the invoice it corrects', () => {
    const td04 = mutate(
      withDocumentType(fpr01, 'TD04'),
      '<DatiTrasporto>',
      '<DatiFattureCollegate><IdDocumento>ABCDE-2014-7</IdDocumento><Data>2014-12-19</Data></DatiFattureCollegate><DatiTrasporto>',
    );
    expect(checkInvoiceSemantics(td04)).toEqual([
      {
        code: '00418',
        path: `${B1}/DatiGenerali/DatiFattureCollegate[1]/Data`,
        message: 'La nota di credito è datata 18/12/2014, prima della fattura ABCDE-2014-7 che corregge (19/12/2014): deve avere la stessa data o una successiva.',
      },
    ]);
    expectClean(mutate(td04, '<Data>2014-12-19</Data>', '<Data>2014-12-18</Data>'));
  });

  it('00409 the same number twice in one lotto, unless one is a credit note', () => {
    const lotto = mutate(loadSample('FPA03'), '<Numero>456</Numero>', '<Numero>12</Numero>');
    expect(checkInvoiceSemantics(lotto)).toEqual([
      {
        code: '00409',
        path: 'FatturaElettronicaBody[2]/DatiGenerali/DatiGeneraliDocumento/Numero',
        message: 'Il numero 12 è già usato nello stesso file da un altro documento dello stesso anno (documento 1).',
      },
    ]);
    expectClean(mutate(lotto, /(<Data>2017-01-20<\/Data>)/, '$1').replace(/<TipoDocumento>TD01<\/TipoDocumento>(?![\s\S]*<TipoDocumento>)/, '<TipoDocumento>TD04</TipoDocumento>'));
    expectClean(mutate(lotto, '<Data>2017-01-20</Data>', '<Data>2018-01-20</Data>'));
  });

  it('00003 a file over 5 MB', () => {
    const big = mutate(fpr01, '<FatturaElettronicaBody>', `<!--${'x'.repeat(5_000_001)}--><FatturaElettronicaBody>`);
    expect(checkInvoiceSemantics(big)).toEqual([
      { code: '00003', path: '', message: 'Il file della fattura supera i 5 MB ammessi dallo SdI: ridurre o togliere gli allegati.' },
    ]);
  });
});
