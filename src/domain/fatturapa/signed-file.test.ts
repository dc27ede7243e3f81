import * as asn1js from 'asn1js';
import { ContentInfo, EncapsulatedContentInfo, SignedData } from 'pkijs';
import { describe, expect, it } from 'vitest';
import { readInvoiceFile } from './invoice-file';
import { InvoiceReadError } from './reader';
import { isSignedEnvelope, SignedFileError, unwrapSignedFile } from './signed-file';
import { loadRealworld, loadSample } from './test-fixtures';

// A minimal DER/BER encoder for envelopes built by hand (the shapes signing tools write).
const bytes = (...parts: (number[] | Uint8Array)[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
function len(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return [0x80 | out.length, ...out];
}
const tlv = (tag: number, ...content: (number[] | Uint8Array)[]) => {
  const body = bytes(...content);
  return bytes([tag], len(body.length), body);
};
/** Indefinite length (BER): content then 00 00. */
const ber = (tag: number, ...content: (number[] | Uint8Array)[]) => bytes([tag, 0x80], ...content, [0, 0]);
const SIGNED_DATA = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
const DATA = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01];
const VERSION = [0x02, 0x01, 0x01];
const DIGESTS = tlv(0x31, tlv(0x30, [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]));
const SIGNERS = tlv(0x31);

function envelope(eContent: Uint8Array | undefined, contentOid = DATA): Uint8Array {
  const encap = eContent === undefined ? tlv(0x30, contentOid) : tlv(0x30, contentOid, tlv(0xa0, eContent));
  return tlv(0x30, SIGNED_DATA, tlv(0xa0, tlv(0x30, VERSION, DIGESTS, encap, SIGNERS)));
}
const octets = (b: Uint8Array) => tlv(0x04, b);
const encoder = new TextEncoder();
const xml = loadSample('FPR01');
const xmlBytes = encoder.encode(xml);
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

describe('unwrapSignedFile', () => {
  it('opens a DER envelope with a primitive OCTET STRING', () => {
    expect(unwrapSignedFile(envelope(octets(xmlBytes)))).toEqual(xmlBytes);
  });

  it('joins a constructed (chunked) OCTET STRING, nested chunks and BER indefinite lengths included', () => {
    const chunks = [xmlBytes.subarray(0, 100), xmlBytes.subarray(100, 1000), xmlBytes.subarray(1000)];
    const constructed = ber(0x24, octets(chunks[0]!), tlv(0x24, octets(chunks[1]!)), octets(chunks[2]!));
    const indefinite = ber(0x30, SIGNED_DATA, ber(0xa0, ber(0x30, VERSION, DIGESTS, ber(0x30, DATA, ber(0xa0, constructed)), SIGNERS)));
    expect(unwrapSignedFile(indefinite)).toEqual(xmlBytes);
  });

  it('opens what a CMS library writes: a content past 64 KB is split in chunks of a constructed OCTET STRING', () => {
    const big = encoder.encode(xml.replace('</FatturaElettronicaBody>', `<!--${'x'.repeat(70_000)}--></FatturaElettronicaBody>`));
    const signedData = new SignedData({
      version: 1,
      encapContentInfo: new EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1', eContent: new asn1js.OctetString({ valueHex: big.slice().buffer }) }),
    });
    const der = new Uint8Array(new ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signedData.toSchema(true) }).toSchema().toBER());
    expect(unwrapSignedFile(der)).toEqual(big);
  });

  it('reads base64 of the DER, with line breaks and PEM armour', () => {
    const b64 = base64(envelope(octets(xmlBytes))).replace(/(.{64})/g, '$1\r\n');
    expect(unwrapSignedFile(encoder.encode(b64))).toEqual(xmlBytes);
    expect(unwrapSignedFile(encoder.encode(`-----BEGIN PKCS7-----\n${b64}\n-----END PKCS7-----\n`))).toEqual(xmlBytes);
  });

  it('opens a file signed twice (a .p7m inside a .p7m)', () => {
    expect(unwrapSignedFile(envelope(octets(envelope(octets(xmlBytes)))))).toEqual(xmlBytes);
  });

  it('refuses, with the reason in Italian, what is not an envelope it can open', () => {
    const reason = (b: Uint8Array) => {
      try {
        unwrapSignedFile(b);
        return 'aperto';
      } catch (error) {
        if (error instanceof SignedFileError) return error.message;
        throw error;
      }
    };
    expect(reason(encoder.encode(' \n'))).toBe('il file è vuoto');
    expect(reason(new Uint8Array())).toBe('il file è vuoto');
    expect(reason(xmlBytes)).toBe('il file non è una busta firmata CMS (né DER né base64)');
    expect(reason(envelope(undefined))).toBe('la firma è separata dal documento (il file non contiene la fattura)');
    expect(reason(envelope(octets(xmlBytes), SIGNED_DATA))).toBe('il contenuto firmato non è un documento (id-data)');
    expect(reason(tlv(0x30, DATA, tlv(0xa0, octets(xmlBytes))))).toBe('la busta non è di tipo CMS SignedData');
    const whole = envelope(octets(xmlBytes));
    expect(reason(whole.subarray(0, whole.length - 40))).toBe('la busta firmata (CMS) è troncata o danneggiata');
    expect(reason(envelope(octets(new Uint8Array())))).toBe('la busta firmata non contiene alcun documento');
  });

  it('tells an envelope from an XML file, whatever the name', () => {
    expect(isSignedEnvelope(envelope(octets(xmlBytes)))).toBe(true);
    expect(isSignedEnvelope(xmlBytes)).toBe(false);
  });
});

describe('readInvoiceFile', () => {
  it('reads a signed file as the invoice inside it, and an unsigned one as it is', () => {
    const signed = readInvoiceFile(envelope(octets(xmlBytes)), 'IT01234567890_FPR01.xml.p7m');
    const plain = readInvoiceFile(xmlBytes, 'IT01234567890_FPR01.xml');
    expect(signed.signed).toBe(true);
    expect(plain.signed).toBe(false);
    expect(signed.views).toEqual(plain.views);
    // An envelope that came without its .p7m name is recognised by its bytes.
    expect(readInvoiceFile(envelope(octets(xmlBytes)), 'fattura.xml').signed).toBe(true);
  });

  it('refuses by name a .p7m it cannot open, never reading it as empty', () => {
    expect(() => readInvoiceFile(loadRealworld('oca__l10n_it_fatturapa_in__IT05979361218_fake.xml.p7m'), 'IT05979361218_fake.xml.p7m')).toThrow(
      new InvoiceReadError('Il file «IT05979361218_fake.xml.p7m» non è una fattura firmata (.p7m) leggibile: il file è vuoto.'),
    );
    expect(() => readInvoiceFile(xmlBytes, 'IT01234567890_FPR01.xml.p7m')).toThrow(
      new InvoiceReadError('Il file «IT01234567890_FPR01.xml.p7m» non è una fattura firmata (.p7m) leggibile: il file non è una busta firmata CMS (né DER né base64).'),
    );
  });

  it('names the file when its XML inside is not an invoice', () => {
    expect(() => readInvoiceFile(envelope(octets(encoder.encode('<Ordine/>'))), 'ordine.xml.p7m')).toThrow(
      new InvoiceReadError('Il file «ordine.xml.p7m» (contenuto della firma): Il file non è una fattura elettronica (elemento radice Ordine).'),
    );
    expect(() => readInvoiceFile(encoder.encode('<p:FatturaElettronica xmlns:p="x"><FatturaElettronicaHeader/></p:FatturaElettronica>'), 'vuota.xml')).toThrow(
      new InvoiceReadError('Il file «vuota.xml» non contiene alcuna fattura (nessun FatturaElettronicaBody).'),
    );
    const noData = '<FatturaElettronica><FatturaElettronicaHeader/><FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><Numero>1</Numero></DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody></FatturaElettronica>';
    expect(() => readInvoiceFile(encoder.encode(noData), 'x.xml')).toThrow('Il file «x.xml» non contiene i dati della fattura: mancano il fornitore e le righe.');
  });
});
