/**
 * The text of an XML file kept as bytes (a received invoice as the provider returned it): a byte-order mark decides
 * first (UTF-8, UTF-16), else the encoding the XML declaration names, else UTF-8 (the XML default). The bytes
 * themselves are never rewritten: this is only how the reader sees them.
 */
import { decodeWindows1252 } from '../csv/windows-1252';
import { InvoiceReadError } from './reader';

const LATIN = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii']);

/** The `encoding` of the XML declaration, lower case; undefined without one. */
export function declaredXmlEncoding(bytes: Uint8Array): string | undefined {
  let head = '';
  for (let i = 0; i < bytes.length && i < 200; i++) head += String.fromCharCode(bytes[i] ?? 0);
  const m = /^(?:\xEF\xBB\xBF)?<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return m?.[1]?.toLowerCase();
}

function decode(label: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof RangeError) throw new InvoiceReadError(`Codifica del file XML non supportata (${label}).`);
    throw new InvoiceReadError(`Il file XML non è un testo ${label.toUpperCase()} valido.`);
  }
}

export function xmlBytesToText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', bytes.subarray(3));
  const declared = declaredXmlEncoding(bytes) ?? 'utf-8';
  // ISO-8859-1 is read as Windows-1252, as browsers do (the WHATWG Encoding standard): a superset in 0x80–0x9F,
  // decoded by hand because not every runtime's TextDecoder maps that range.
  return LATIN.has(declared) ? decodeWindows1252(bytes) : decode(declared, bytes);
}
