import { describe, expect, it } from 'vitest';
import { readInvoiceFile } from '../fatturapa/invoice-file';
import { invoiceXmlToJsonForm } from '../fatturapa/reader';
import { loadRealworld, loadSample } from '../fatturapa/test-fixtures';
import { judgeReceivedXml, MAX_XML_ATTEMPTS, type XmlDownload } from './received-xml';

const utf8 = (s: string) => new TextEncoder().encode(s);
const ok = (text: string | Uint8Array, contentType = 'application/xml'): XmlDownload => ({ kind: 'answer', status: 200, contentType, bytes: typeof text === 'string' ? utf8(text) : text });
const ctx = (over: Partial<{ payload: string; roomBytes: number; attempt: number; fileName: string }> = {}) => ({ payload: loadSample('FPR01', 'json'), roomBytes: 500_000, attempt: 1, ...over });

describe('judgeReceivedXml: is the provider answer the invoice original XML?', () => {
  it('keeps the bytes of a 200 answer that reads as the same documents as the JSON, untouched', () => {
    const bytes = utf8(loadSample('FPR01'));
    const verdict = judgeReceivedXml(ok(bytes), ctx());
    expect(verdict).toEqual({ kind: 'stored', bytes });
    expect(verdict.kind === 'stored' && verdict.bytes).toBe(bytes);
    // A lot: two bodies, two numbers, in order.
    expect(judgeReceivedXml(ok(loadSample('FPR03')), ctx({ payload: loadSample('FPR03', 'json') })).kind).toBe('stored');
  });

  it('keeps a signed answer (.xml.p7m, DER or base64) as it came, read inside its envelope', () => {
    for (const name of ['oca__l10n_it_fatturapa_in__IT01234567890_FPR03.xml.p7m', 'oca__l10n_it_fatturapa_in__IT01234567890_FPR03.base64.xml.p7m']) {
      const bytes = loadRealworld(name);
      const verdict = judgeReceivedXml(ok(bytes, 'application/octet-stream'), ctx({ payload: JSON.stringify(invoiceXmlToJsonForm(readInvoiceFile(bytes, name).xml)), fileName: name }));
      expect(verdict, name).toEqual({ kind: 'stored', bytes });
    }
    const fake = judgeReceivedXml(ok(loadRealworld('oca__l10n_it_fatturapa_in__IT05979361218_fake.xml.p7m')), ctx({ fileName: 'IT05979361218_fake.xml.p7m' }));
    expect(fake).toMatchObject({ kind: 'missing', reason: 'la risposta del provider non è un XML FatturaPA leggibile (Il file «IT05979361218_fake.xml.p7m» non è una fattura firmata (.p7m) leggibile: il file è vuoto)' });
  });

  it('keeps a file in ISO-8859-1 as its bytes (read by its declared encoding)', () => {
    const xml = loadSample('FPR01').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("SOCIETA' ALPHA SRL", 'SOCIETÀ ALPHA SRL');
    const bytes = Uint8Array.from([...xml].map((c) => c.charCodeAt(0)));
    expect(xml).toContain('ISO-8859-1');
    expect(judgeReceivedXml(ok(bytes), ctx())).toEqual({ kind: 'stored', bytes });
  });

  it('says why when the provider does not answer, or answers an error (its message kept)', () => {
    expect(judgeReceivedXml({ kind: 'no-answer', reason: 'network' }, ctx())).toEqual({ kind: 'missing', reason: 'il provider non è raggiungibile (rete assente o server spento)', retry: true });
    expect(judgeReceivedXml({ kind: 'no-answer', reason: 'timeout' }, ctx())).toEqual({ kind: 'missing', reason: 'il provider non ha risposto in tempo', retry: true });
    const envelope = utf8(JSON.stringify({ data: null, success: false, message: 'Service Unavailable', error: 503 }));
    expect(judgeReceivedXml({ kind: 'answer', status: 503, bytes: envelope }, ctx())).toEqual({ kind: 'missing', reason: 'il provider ha risposto 503 (Service Unavailable)', retry: true });
    expect(judgeReceivedXml({ kind: 'answer', status: 404, bytes: new Uint8Array() }, ctx())).toMatchObject({ reason: 'il provider ha risposto 404' });
  });

  it('refuses a 200 that is not a FatturaPA XML: empty, JSON, HTML, another root', () => {
    expect(judgeReceivedXml(ok(''), ctx())).toMatchObject({ kind: 'missing', reason: 'il provider ha restituito un file vuoto' });
    for (const body of ['{"data":{"uuid":"x"}}', '<html><body>Login</body></html>', '<FatturaElettronica><oops']) {
      const verdict = judgeReceivedXml(ok(body, 'application/json'), ctx());
      expect(verdict, body).toMatchObject({ kind: 'missing', retry: true });
      expect(verdict.kind === 'missing' && verdict.reason, body).toMatch(/^la risposta del provider non è un XML FatturaPA leggibile \(.+\)$/);
    }
  });

  it('refuses the XML of another invoice (number or date of a body differ from the JSON)', () => {
    const other = loadSample('FPR01').replace('<Numero>123</Numero>', '<Numero>999</Numero>');
    expect(judgeReceivedXml(ok(other), ctx())).toEqual({
      kind: 'missing',
      reason: "l'XML del provider non corrisponde alla fattura ricevuta (999 del 2014-12-18 invece di 123 del 2014-12-18)",
      retry: true,
    });
    expect(judgeReceivedXml(ok(loadSample('FPR01')), ctx({ payload: loadSample('FPR03', 'json') })).kind).toBe('missing');
  });

  it('does not store a file larger than the room left in the document, and does not try again', () => {
    const bytes = utf8(loadSample('FPR01'));
    expect(judgeReceivedXml(ok(bytes), ctx({ roomBytes: bytes.byteLength }))).toMatchObject({ kind: 'stored' });
    expect(judgeReceivedXml(ok(bytes), ctx({ roomBytes: bytes.byteLength - 1 }))).toEqual({
      kind: 'missing',
      reason: 'file di 5 KB: con il JSON già salvato supera il limite di 1 MiB di un documento Firestore',
      retry: false,
    });
  });

  it(`tries again up to ${MAX_XML_ATTEMPTS} downloads in all, then says so`, () => {
    const down: XmlDownload = { kind: 'no-answer', reason: 'network' };
    expect(judgeReceivedXml(down, ctx({ attempt: MAX_XML_ATTEMPTS - 1 }))).toMatchObject({ retry: true });
    expect(judgeReceivedXml(down, ctx({ attempt: MAX_XML_ATTEMPTS }))).toEqual({
      kind: 'missing',
      reason: `il provider non è raggiungibile (rete assente o server spento); tentativi esauriti (${MAX_XML_ATTEMPTS})`,
      retry: false,
    });
  });
});
