/**
 * One door for an invoice that arrives as a file (the XML the provider returns for a received invoice, a file a
 * user picks): signed or not, any encoding, ordinary or simplified. The bytes are never rewritten — what is kept
 * for the accountant is the file as it came; this is only how the app reads it.
 *
 * - A .p7m (or any file whose bytes are a CMS SignedData envelope, DER or base64) is opened first (signed-file.ts).
 * - The XML is decoded as xml-bytes.ts says and read by the FatturaPA reader (FPR12, FPA12, FSM10).
 * - A file that reads as no invoice at all (no body, or bodies without supplier and lines) is refused: an empty
 *   reading is never passed on as if it were an invoice.
 * Every refusal is an InvoiceReadError whose Italian message names the file.
 */
import { InvoiceReadError, readOutgoingXml, type InvoiceView } from './reader';
import { isSignedEnvelope, SignedFileError, unwrapSignedFile } from './signed-file';
import { xmlBytesToText } from './xml-bytes';

export interface InvoiceFileReading {
  views: InvoiceView[];
  /** The XML text read (inside the envelope for a signed file). */
  xml: string;
  /** The file was a signed envelope (.p7m). */
  signed: boolean;
}

const SIGNED_NAME = /\.p7m$/i;

/** Whether a file name is a signed invoice's (…xml.p7m, case-insensitive). */
export function isSignedFileName(name: string): boolean {
  return SIGNED_NAME.test(name.trim());
}

function startsLikeXml(bytes: Uint8Array): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c; // '<'
}

const label = (name: string) => (name.trim() === '' ? 'Il file' : `Il file «${name.trim()}»`);

/** Refuses a reading that holds no invoice: no body, or a body with neither a supplier nor any line. */
export function assertInvoiceContent(views: readonly InvoiceView[], name = ''): void {
  if (views.length === 0) throw new InvoiceReadError(`${label(name)} non contiene alcuna fattura (nessun FatturaElettronicaBody).`);
  const empty = views.find((v) => v.seller.name.trim() === '' && v.lines.length === 0);
  if (empty) {
    const which = views.length > 1 ? ` (documento ${empty.bodyIndex} di ${views.length})` : '';
    throw new InvoiceReadError(`${label(name)} non contiene i dati della fattura${which}: mancano il fornitore e le righe.`);
  }
}

/** The bytes of an invoice file → its XML and views; refusals name the file (`name`, when known). */
export function readInvoiceFile(bytes: Uint8Array, name = ''): InvoiceFileReading {
  let xmlBytes = bytes;
  let signed = false;
  if (isSignedFileName(name) || (!startsLikeXml(bytes) && isSignedEnvelope(bytes))) {
    try {
      xmlBytes = unwrapSignedFile(bytes);
      signed = true;
    } catch (error) {
      if (!(error instanceof SignedFileError)) throw error;
      throw new InvoiceReadError(`${label(name)} non è una fattura firmata (.p7m) leggibile: ${error.message}.`);
    }
  }
  try {
    const xml = xmlBytesToText(xmlBytes);
    const views = readOutgoingXml(xml);
    assertInvoiceContent(views, name);
    return { views, xml, signed };
  } catch (error) {
    if (!(error instanceof InvoiceReadError) || error.message.startsWith(label(name)) || (name.trim() === '' && !signed)) throw error;
    const inside = signed ? ' (contenuto della firma)' : '';
    throw new InvoiceReadError(`${label(name)}${inside}: ${error.message}`);
  }
}
