import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder';
import { input } from './builder-test-kit';
import { progressivoInvioFromNumber } from './numbering';
import { documentNumbersOfXml, invoiceNumberOfXml, renumberInvoiceXml } from './renumber';
import { checkInvoiceSemantics } from './validate';

describe('renumberInvoiceXml', () => {
  const xml = buildInvoiceXml(input({ number: 'ABCDE-2026-7' }));

  it('changes Numero and ProgressivoInvio only, and the result is what the builder writes for that number', () => {
    const renumbered = renumberInvoiceXml(xml, 'ABCDE-2026-8');
    expect(invoiceNumberOfXml(renumbered)).toBe('ABCDE-2026-8');
    expect(renumbered).toContain(`<ProgressivoInvio>${progressivoInvioFromNumber('ABCDE-2026-8')}</ProgressivoInvio>`);
    expect(renumbered).toBe(buildInvoiceXml(input({ number: 'ABCDE-2026-8' })));
    expect(checkInvoiceSemantics(renumbered)).toEqual([]);
  });

  it('escapes markup characters and refuses numbers the SdI would reject', () => {
    expect(invoiceNumberOfXml(renumberInvoiceXml(xml, 'A&B-7'))).toBe('A&B-7');
    expect(() => renumberInvoiceXml(xml, 'senza cifre')).toThrow('Numero del documento non valido');
    expect(() => renumberInvoiceXml(xml, 'X'.repeat(21) + '1')).toThrow('Numero del documento non valido');
    expect(() => renumberInvoiceXml('<non chiuso', 'A-1')).toThrow('non è un XML leggibile');
  });

  it('reads the number of a document, undefined for junk', () => {
    expect(invoiceNumberOfXml(xml)).toBe('ABCDE-2026-7');
    expect(invoiceNumberOfXml('junk')).toBeUndefined();
  });
});

describe('documentNumbersOfXml', () => {
  it("reads every body's number, prefixed or not, and skips empty ones", () => {
    const body = (n: string) => `<FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><TipoDocumento>TD01</TipoDocumento><Numero>${n}</Numero></DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody>`;
    expect(documentNumbersOfXml(`<p:FatturaElettronica>${body(' A-1 ')}${body('A-2')}${body('')}</p:FatturaElettronica>`)).toEqual(['A-1', 'A-2']);
    expect(documentNumbersOfXml('<a:DatiGeneraliDocumento><a:Numero>7</a:Numero></a:DatiGeneraliDocumento>')).toEqual(['7']);
  });
});
