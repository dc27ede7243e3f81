import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder';
import { buildError, input, seller } from './builder-test-kit';
import { withCurrentSeller } from './current-seller';
import { senderVatOfXml } from './renumber';
import { loadFatturapaSchemas, loadSample, SAMPLE_NAMES } from './test-fixtures';
import { checkInvoiceSemantics, validateInvoicesXsd } from './validate';

/** The shop after the technician corrected its P.IVA, address and CAP. */
const corrected = { ...seller, partitaIva: '01234567897', codiceFiscale: '01234567897', address: 'Borgo delle Colonne 7', cap: '43122', city: 'Parma', province: 'PR' };

/** The document without its seller block and its transmitter, which are the only parts allowed to change. */
const rest = (xml: string) => xml.replace(/<CedentePrestatore>[\s\S]*<\/CedentePrestatore>/, '').replace(/<IdTrasmittente>[\s\S]*?<\/IdTrasmittente>/, '');

describe('withCurrentSeller', () => {
  it('a draft built before the correction is sent with the shop as it is now; the rest of the document is unchanged', () => {
    const stored = buildInvoiceXml(input());
    const xml = withCurrentSeller(stored, corrected);
    expect(senderVatOfXml(xml)).toBe('01234567897');
    const sellerXml = /<CedentePrestatore>[\s\S]*<\/CedentePrestatore>/.exec(xml)?.[0] ?? '';
    expect(sellerXml).toContain('<Indirizzo>Borgo delle Colonne 7</Indirizzo>');
    expect(sellerXml).toContain('<CAP>43122</CAP>');
    expect(sellerXml).not.toContain(seller.partitaIva);
    // The builder names the shop as transmitter too: it follows.
    expect(/<IdTrasmittente>[\s\S]*?<IdCodice>(\d+)<\/IdCodice>/.exec(xml)?.[1]).toBe('01234567897');
    expect(rest(xml)).toBe(rest(stored));
    expect(checkInvoiceSemantics(xml)).toEqual([]);
  });

  it('the shop unchanged: the document is the same, byte for byte', () => {
    const stored = buildInvoiceXml(input());
    expect(withCurrentSeller(stored, seller)).toBe(stored);
  });

  it('the official samples with the shop as seller: the schema finds nothing new', async () => {
    const xmls = SAMPLE_NAMES.map((name) => withCurrentSeller(loadSample(name), corrected));
    const transmitter = (xml: string) => /<IdTrasmittente>[\s\S]*?<IdCodice>\s*([^<]*?)\s*<\/IdCodice>/.exec(xml)?.[1];
    for (const [i, xml] of xmls.entries()) {
      const sample = loadSample(SAMPLE_NAMES[i] ?? 'FPR01');
      expect(senderVatOfXml(xml)).toBe('01234567897');
      const byShop = transmitter(sample) === senderVatOfXml(sample);
      expect(transmitter(xml)).toBe(byShop ? '01234567897' : transmitter(sample));
    }
    // FPR02 as published carries an empty ContattiTrasmittente the schema does not allow there: the same problem, no other.
    const originals = await validateInvoicesXsd(SAMPLE_NAMES.map((name) => loadSample(name)), loadFatturapaSchemas());
    expect(await validateInvoicesXsd(xmls, loadFatturapaSchemas())).toEqual(originals);
  });

  it('an intermediary that transmits for the shop stays the transmitter', () => {
    const stored = buildInvoiceXml(input()).replace(/(<IdTrasmittente>[\s\S]*?<IdCodice>)[^<]*/, '$109876543210');
    expect(/<IdTrasmittente>[\s\S]*?<IdCodice>(\d+)<\/IdCodice>/.exec(withCurrentSeller(stored, corrected))?.[1]).toBe('09876543210');
  });

  it('a namespace-qualified seller block is rebuilt qualified', () => {
    const xml = withCurrentSeller('<a>\n  <ns:CedentePrestatore><ns:X>1</ns:X></ns:CedentePrestatore>\n</a>', corrected);
    expect(xml).toMatch(/^<a>\n {2}<ns:CedentePrestatore>\n {4}<ns:DatiAnagrafici>/);
    expect(xml).toContain('<ns:IdCodice>01234567897</ns:IdCodice>');
    expect(xml).toMatch(/<\/ns:CedentePrestatore>\n<\/a>$/);
  });

  it('refuses, in Italian, a document without a seller and a shop whose data cannot make one', () => {
    expect(buildError(() => withCurrentSeller('<a/>', corrected)).message).toBe('Il documento della bozza non indica il cedente: rigenera la bozza');
    expect(buildError(() => withCurrentSeller(buildInvoiceXml(input()), { ...corrected, ragioneSociale: '' })).message).toBe('Ragione sociale del negozio mancante');
  });
});
