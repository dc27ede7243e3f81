/**
 * Credentials for the POS app's QR code, OBFUSCATED — NOT ENCRYPTED (document 1 §9 'Other').
 *
 * The POS app on the shop's iPad scans the QR shown by the back office and signs in with the email and password
 * it contains. The text is made unreadable at a glance, nothing more: anyone who has this source (or the POS
 * app) can reverse it in a line. Real protection comes from elsewhere: the back office stores no password
 * anywhere, asks for it again (re-authentication) before every QR, and keeps it only in memory while the
 * dialog is open.
 *
 * Scheme, version 1 (reversible, deterministic):
 *
 *   payload  = 'BOQR1:' + base64url( utf8( JSON.stringify({ v: 1, email, password }) ) XOR KEY )
 *
 * - utf8: the JSON text as UTF-8 bytes (accents, emoji and any other character survive).
 * - XOR KEY: byte i is XOR-ed with KEY[i mod KEY.length], KEY being the ASCII bytes of OBFUSCATION_KEY.
 * - base64url: RFC 4648 §5 alphabet (A–Z a–z 0–9 - _), no '=' padding, so the QR stays in byte mode with
 *   no characters that need escaping.
 * - The prefix names the scheme and its version; a future scheme gets a new prefix and decoders refuse what
 *   they do not know.
 *
 * Decoding is the exact reverse; anything that does not follow the scheme (wrong prefix, characters outside
 * the alphabet, impossible length, bytes that are not UTF-8, JSON without string email and password) is
 * rejected with undefined.
 */
export const QR_PREFIX = 'BOQR1:';
export const OBFUSCATION_KEY = 'BackOffice>POS:qr-obfuscation-v1';

export interface PosCredentials {
  email: string;
  password: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const KEY_BYTES = new TextEncoder().encode(OBFUSCATION_KEY);

function xorWithKey(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) {
    out[i] = (bytes[i] ?? 0) ^ (KEY_BYTES[i % KEY_BYTES.length] ?? 0);
  }
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const triple = (b0 << 16) | (b1 << 8) | b2;
    const remaining = bytes.length - i;
    text += ALPHABET[(triple >> 18) & 63];
    text += ALPHABET[(triple >> 12) & 63];
    if (remaining > 1) text += ALPHABET[(triple >> 6) & 63];
    if (remaining > 2) text += ALPHABET[triple & 63];
  }
  return text;
}

/** undefined when the text is not unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  const values: number[] = [];
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    values.push(value);
  }
  const out = new Uint8Array(Math.floor((values.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < values.length; i += 4) {
    const v0 = values[i] ?? 0;
    const v1 = values[i + 1] ?? 0;
    const v2 = values[i + 2] ?? 0;
    const v3 = values[i + 3] ?? 0;
    const quad = (v0 << 18) | (v1 << 12) | (v2 << 6) | v3;
    const remaining = values.length - i;
    out[o++] = (quad >> 16) & 255;
    if (remaining > 2) out[o++] = (quad >> 8) & 255;
    if (remaining > 3) out[o++] = quad & 255;
  }
  // Unused low bits of the last character must be zero, else the text was not produced by an encoder.
  if (toBase64Url(out) !== text) return undefined;
  return out;
}

export function encodeCredentials(credentials: PosCredentials): string {
  const json = JSON.stringify({ v: 1, email: credentials.email, password: credentials.password });
  return QR_PREFIX + toBase64Url(xorWithKey(new TextEncoder().encode(json)));
}

export function decodeCredentials(payload: string): PosCredentials | undefined {
  if (!payload.startsWith(QR_PREFIX)) return undefined;
  const bytes = fromBase64Url(payload.slice(QR_PREFIX.length));
  if (!bytes || bytes.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(xorWithKey(bytes)));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { v, email, password } = parsed as Record<string, unknown>;
  if (v !== 1 || typeof email !== 'string' || typeof password !== 'string') return undefined;
  return { email, password };
}
