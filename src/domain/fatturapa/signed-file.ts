/**
 * Signed invoices (.xml.p7m, CAdES): a CMS SignedData envelope (RFC 5652) whose encapsulated content is the
 * FatturaPA XML. SdI delivers them as DER, some tools as base64 text of the DER (with or without PEM armour). Only
 * the content is needed to read the invoice; the signature is neither verified nor needed here (SdI verified it on
 * receipt), and the original bytes stay what is kept for the accountant.
 *
 * Why a walker of our own rather than an ASN.1 library: reading the content takes one path through the envelope
 * (ContentInfo → SignedData → EncapsulatedContentInfo → eContent), about a hundred lines with BER's indefinite
 * lengths and chunked (constructed) OCTET STRINGs; a full ASN.1/PKI library would add its weight to the browser
 * bundle and the functions' bundle for the same few bytes. Pure: no Node or browser API besides atob.
 */

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

interface Tlv {
  /** The identifier octet (class, constructed bit, tag number < 31). */
  tag: number;
  constructed: boolean;
  /** Offset of the first content byte. */
  start: number;
  /** Offset after the content (before the end-of-contents octets of an indefinite length). */
  end: number;
  /** Offset after the whole element. */
  next: number;
}

class Der {
  constructor(readonly bytes: Uint8Array) {}

  fail(): never {
    throw new SignedFileError('la busta firmata (CMS) è troncata o danneggiata');
  }

  read(at: number, limit: number, depth = 0): Tlv {
    const b = this.bytes;
    if (depth > MAX_DEPTH || at + 2 > limit) this.fail();
    const tag = b[at] ?? 0;
    // High tag numbers (low 5 bits all set) do not occur on the path we walk.
    if ((tag & 0x1f) === 0x1f) this.fail();
    const constructed = (tag & 0x20) !== 0;
    let pos = at + 1;
    const first = b[pos++] ?? 0;
    if (first === 0x80) {
      // Indefinite length (BER): children until the end-of-contents octets 00 00.
      if (!constructed) this.fail();
      let child = pos;
      while (child + 2 <= limit && !(b[child] === 0 && b[child + 1] === 0)) child = this.read(child, limit, depth + 1).next;
      if (child + 2 > limit) this.fail();
      return { tag, constructed, start: pos, end: child, next: child + 2 };
    }
    let length = first;
    if (first & 0x80) {
      const count = first & 0x7f;
      if (count > 4 || pos + count > limit) this.fail();
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + (b[pos++] ?? 0);
    }
    if (pos + length > limit) this.fail();
    return { tag, constructed, start: pos, end: pos + length, next: pos + length };
  }

  children(parent: Tlv): Tlv[] {
    const out: Tlv[] = [];
    for (let at = parent.start; at < parent.end; ) {
      const child = this.read(at, parent.end);
      out.push(child);
      at = child.next;
    }
    return out;
  }

  oid(el: Tlv): string {
    if (el.tag !== 0x06 || el.end <= el.start) this.fail();
    const parts: number[] = [];
    let value = 0;
    for (let i = el.start; i < el.end; i++) {
      const byte = this.bytes[i] ?? 0;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) {
        if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
        else parts.push(value);
        value = 0;
      }
    }
    return parts.join('.');
  }

  /** The bytes of an OCTET STRING, primitive (04) or constructed from chunks (24, chunks nested or not). */
  octets(el: Tlv, depth = 0): Uint8Array[] {
    if (depth > MAX_DEPTH) this.fail();
    if (el.tag === 0x04) return [this.bytes.subarray(el.start, el.end)];
    if (el.tag === 0x24) return this.children(el).flatMap((c) => this.octets(c, depth + 1));
    return this.fail();
  }
}

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

/** The encapsulated content of one SignedData envelope (DER/BER bytes). */
function eContentOf(bytes: Uint8Array): Uint8Array {
  const der: Der = new Der(bytes);
  const contentInfo = der.read(0, bytes.length);
  if (contentInfo.tag !== 0x30) der.fail();
  const [type, explicit] = der.children(contentInfo);
  if (!type || der.oid(type) !== OID_SIGNED_DATA) throw new SignedFileError('la busta non è di tipo CMS SignedData');
  if (!explicit || explicit.tag !== 0xa0) der.fail();
  const [signedData] = der.children(explicit);
  if (!signedData || signedData.tag !== 0x30) der.fail();
  // SignedData: version, digestAlgorithms, encapContentInfo, …
  const encap = der.children(signedData)[2];
  if (!encap || encap.tag !== 0x30) der.fail();
  const [contentType, wrapped] = der.children(encap);
  if (!contentType || der.oid(contentType) !== OID_DATA) throw new SignedFileError('il contenuto firmato non è un documento (id-data)');
  // A detached signature has no eContent: the invoice is not in the file.
  if (!wrapped) throw new SignedFileError('la firma è separata dal documento (il file non contiene la fattura)');
  if (wrapped.tag !== 0xa0) der.fail();
  const [octets] = der.children(wrapped);
  if (!octets) der.fail();
  return concat(der.octets(octets));
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
