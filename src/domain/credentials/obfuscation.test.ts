import { describe, expect, it } from 'vitest';
import { decodeCredentials, encodeCredentials, fromBase64Url, OBFUSCATION_KEY, QR_PREFIX, toBase64Url } from './obfuscation';

describe('base64url', () => {
  it('matches RFC 4648 test vectors without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(toBase64Url(new TextEncoder().encode(plain))).toBe(encoded);
      expect(new TextDecoder().decode(fromBase64Url(encoded))).toBe(plain);
    }
  });

  it('uses - and _ instead of + and /', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(Array.from(fromBase64Url('-_-_') ?? [])).toEqual([0xfb, 0xff, 0xbf]);
  });

  it('rejects characters outside the alphabet, padding, impossible lengths and non-zero spare bits', () => {
    expect(fromBase64Url('Zm9v+')).toBeUndefined();
    expect(fromBase64Url('Zm9v/w')).toBeUndefined();
    expect(fromBase64Url('Zg==')).toBeUndefined();
    expect(fromBase64Url('Zm9vY')).toBeUndefined();
    expect(fromBase64Url('Zh')).toBeUndefined();
  });
});

describe('encodeCredentials / decodeCredentials', () => {
  it('round-trips plain, accented and emoji credentials', () => {
    const samples = [
      { email: 'negozio@demo.it', password: 'Demo!2026' },
      { email: 'caffè.perù@esempio.it', password: 'àèéìòù€ÀÈ' },
      { email: 'x@y.it', password: '🔑🍕 pässwörd 漢字 "quote" \\ back' },
      { email: '', password: '' },
    ];
    for (const credentials of samples) {
      const payload = encodeCredentials(credentials);
      expect(decodeCredentials(payload)).toEqual(credentials);
    }
  });

  it('starts with the versioned prefix and uses only URL-safe characters after it', () => {
    const payload = encodeCredentials({ email: 'negozio@demo.it', password: 'Demo!2026' });
    expect(payload.startsWith(QR_PREFIX)).toBe(true);
    expect(QR_PREFIX).toBe('BOQR1:');
    expect(payload.slice(QR_PREFIX.length)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('does not show the email or the password in clear', () => {
    const payload = encodeCredentials({ email: 'negozio@demo.it', password: 'Demo!2026' });
    expect(payload).not.toContain('Demo!2026');
    expect(payload).not.toContain('negozio');
    // Nor in plain base64 of the JSON: the XOR step is really applied.
    const plainBase64 = toBase64Url(new TextEncoder().encode(JSON.stringify({ v: 1, email: 'negozio@demo.it', password: 'Demo!2026' })));
    expect(payload.slice(QR_PREFIX.length)).not.toBe(plainBase64);
  });

  it('is the documented scheme: base64url of the UTF-8 JSON XOR-ed with the fixed key', () => {
    const payload = encodeCredentials({ email: 'a@b.it', password: 'p' });
    const bytes = fromBase64Url(payload.slice(QR_PREFIX.length));
    expect(bytes).toBeDefined();
    const key = new TextEncoder().encode(OBFUSCATION_KEY);
    const plain = Uint8Array.from(bytes ?? [], (byte, i) => byte ^ (key[i % key.length] ?? 0));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ v: 1, email: 'a@b.it', password: 'p' });
  });

  it('is deterministic', () => {
    const credentials = { email: 'negozio@demo.it', password: 'Demo!2026' };
    expect(encodeCredentials(credentials)).toBe(encodeCredentials(credentials));
  });

  it('rejects garbage', () => {
    const good = encodeCredentials({ email: 'negozio@demo.it', password: 'Demo!2026' });
    const body = good.slice(QR_PREFIX.length);
    const xored = (text: string) => {
      const key = new TextEncoder().encode(OBFUSCATION_KEY);
      const bytes = new TextEncoder().encode(text);
      return QR_PREFIX + toBase64Url(bytes.map((byte, i) => byte ^ (key[i % key.length] ?? 0)));
    };
    expect(decodeCredentials('')).toBeUndefined();
    expect(decodeCredentials(QR_PREFIX)).toBeUndefined();
    expect(decodeCredentials(body)).toBeUndefined(); // no prefix
    expect(decodeCredentials(`BOQR2:${body}`)).toBeUndefined(); // unknown version
    expect(decodeCredentials(`${QR_PREFIX}${body}!`)).toBeUndefined(); // outside the alphabet
    expect(decodeCredentials(`${QR_PREFIX}${body.slice(0, -1)}`)).toBeUndefined(); // cut JSON
    expect(decodeCredentials(`${QR_PREFIX}SGVsbG8gd29ybGQ`)).toBeUndefined(); // plain base64, not XOR-ed
    expect(decodeCredentials(xored('not json'))).toBeUndefined();
    expect(decodeCredentials(xored('null'))).toBeUndefined();
    expect(decodeCredentials(xored('{"v":1,"email":"a@b.it"}'))).toBeUndefined(); // no password
    expect(decodeCredentials(xored('{"v":1,"email":"a@b.it","password":42}'))).toBeUndefined();
    expect(decodeCredentials(xored('{"v":2,"email":"a@b.it","password":"x"}'))).toBeUndefined();
    expect(decodeCredentials(`${QR_PREFIX}${toBase64Url(new Uint8Array([0xff ^ 66, 0xfe ^ 97]))}`)).toBeUndefined(); // not UTF-8
  });
});
