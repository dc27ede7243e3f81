/**
 * Signed invoices (.xml.p7m, CAdES): a CMS SignedData envelope (RFC 5652) whose encapsulated content is the
 * FatturaPA XML. SdI delivers them as DER, some tools as base64 text of the DER (with or without PEM armour). Only
 * the content is needed to read the invoice; the signature is neither verified nor needed here (SdI verified it on
 * receipt), and the original bytes stay what is kept for the accountant.
 *
 * The envelope is read with pkijs over asn1js (BER included: indefinite lengths, chunked OCTET STRINGs): ASN.1
 * parsing of hostile input is not ours to write. The libraries weigh ~100 KB gzip, so this module is reached only
 * from code that loads lazily (the month package's build, the functions' bundle), never from a route's first chunk.
 * Pure: no Node or browser API besides atob.
 */
import * as asn1js from 'asn1js';
import { ContentInfo, SignedData } from 'pkijs';

/** The file is not a CMS SignedData we can open; the message is Italian, for the user. */
export class SignedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignedFileError';
  }
}

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_DATA = '1.2.840.113549.1.7.1';
/** A file signed again (a .p7m inside a .p7m) is unwrapped up to this depth. */
const MAX_NESTING = 4;
/** Deeper nesting of BER constructed strings than any signing tool writes: a hostile file, refused. */
const MAX_DEPTH = 64;

const damaged = () => new SignedFileError('la busta firmata (CMS) è troncata o danneggiata');

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Whether the bytes begin like a DER/BER ContentInfo (a SEQUENCE whose first element is an OID). */
function looksLikeDer(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x30) return false;
  const lengthByte = bytes[1] ?? 0;
  const lengthBytes = lengthByte === 0x80 ? 0 : lengthByte & 0x80 ? lengthByte & 0x7f : 0;
  return bytes[2 + lengthBytes] === 0x06;
}

const BASE64_TEXT = /^[A-Za-z0-9+/=\s]+$/;

/** The DER inside a base64 text file (PEM armour and line breaks allowed); undefined when it is not one. */
function fromBase64(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes.byteLength < 16) return undefined;
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i] ?? 0);
  text = text.replace(/^\uFEFF/, '').replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '');
  if (!BASE64_TEXT.test(text)) return undefined;
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return looksLikeDer(out) ? out : undefined;
}

/** The bytes of an OCTET STRING, primitive or constructed from chunks (nested or not). */
function octets(block: asn1js.AsnType, depth = 0): Uint8Array[] {
  if (depth > MAX_DEPTH || !(block instanceof asn1js.OctetString)) throw damaged();
  if (!block.idBlock.isConstructed) return [block.valueBlock.valueHexView];
  return block.valueBlock.value.flatMap((chunk) => octets(chunk, depth + 1));
}

/** The encapsulated content of one SignedData envelope (DER/BER bytes). */
function eContentOf(bytes: Uint8Array): Uint8Array {
  // asn1js reads from an ArrayBuffer: a copy, so a view into a larger buffer is read from its own start.
  const parsed = asn1js.fromBER(bytes.slice().buffer);
  if (parsed.offset === -1 || parsed.offset !== bytes.byteLength) throw damaged();
  let contentInfo: ContentInfo;
  try {
    contentInfo = new ContentInfo({ schema: parsed.result });
  } catch {
    throw damaged();
  }
  if (contentInfo.contentType !== OID_SIGNED_DATA) throw new SignedFileError('la busta non è di tipo CMS SignedData');
  let signedData: SignedData;
  try {
    signedData = new SignedData({ schema: contentInfo.content });
  } catch {
    throw damaged();
  }
  const encap = signedData.encapContentInfo;
  if (encap.eContentType !== OID_DATA) throw new SignedFileError('il contenuto firmato non è un documento (id-data)');
  // A detached signature has no eContent: the invoice is not in the file.
  if (!encap.eContent) throw new SignedFileError('la firma è separata dal documento (il file non contiene la fattura)');
  return concat(octets(encap.eContent));
}

/** Whether these bytes are a signed envelope (DER or base64 of DER), whatever the file is called. */
export function isSignedEnvelope(bytes: Uint8Array): boolean {
  const der = looksLikeDer(bytes) ? bytes : fromBase64(bytes);
  if (!der) return false;
  try {
    eContentOf(der);
    return true;
  } catch {
    return false;
  }
}

/**
 * The signed document inside a .p7m (DER, or base64 of the DER), unwrapped again when it is itself signed.
 * Throws SignedFileError (Italian reason, without the file name) when the bytes are not an envelope we can open.
 */
export function unwrapSignedFile(bytes: Uint8Array): Uint8Array {
  let current = bytes;
  for (let level = 0; level < MAX_NESTING; level++) {
    const der = looksLikeDer(current) ? current : fromBase64(current);
    if (!der) {
      if (level > 0) return current;
      if (bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)) throw new SignedFileError('il file è vuoto');
      throw new SignedFileError('il file non è una busta firmata CMS (né DER né base64)');
    }
    if (level > 0 && !isSignedEnvelope(der)) return current;
    current = eContentOf(der);
    if (current.byteLength === 0) throw new SignedFileError('la busta firmata non contiene alcun documento');
  }
  return current;
}
