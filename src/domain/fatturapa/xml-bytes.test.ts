import { describe, expect, it } from 'vitest';
import { InvoiceReadError } from './reader';
import { declaredXmlEncoding, xmlBytesToText } from './xml-bytes';

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin = (s: string) => Uint8Array.from([...s].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));

describe('xmlBytesToText', () => {
  it('reads UTF-8 by default and with its declaration, dropping a BOM', () => {
    expect(xmlBytesToText(utf8('<a>Società</a>'))).toBe('<a>Società</a>');
    expect(xmlBytesToText(utf8('<?xml version="1.0" encoding="UTF-8"?><a>è</a>'))).toBe('<?xml version="1.0" encoding="UTF-8"?><a>è</a>');
    expect(xmlBytesToText(utf8('\uFEFF<a>è</a>'))).toBe('<a>è</a>');
  });

  it('reads the Latin encodings the declaration names (ISO-8859-1 as Windows-1252)', () => {
    const declared = `<?xml version='1.0' encoding='ISO-8859-1'?><a>Società 10€</a>`;
    expect(declaredXmlEncoding(latin(declared))).toBe('iso-8859-1');
    expect(xmlBytesToText(latin(declared))).toBe(declared);
    const cp = '<?xml version="1.0" encoding="windows-1252"?><a>perché</a>';
    expect(xmlBytesToText(latin(cp))).toBe(cp);
  });

  it('reads UTF-16 from its byte-order mark', () => {
    const text = '<a>città</a>';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    [...text].forEach((c, i) => le.set([c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8], 2 + i * 2));
    expect(xmlBytesToText(le)).toBe(text);
  });

  it('refuses bytes that are not the encoding they claim, and an encoding it does not know', () => {
    expect(() => xmlBytesToText(latin('<a>Società</a>'))).toThrow(InvoiceReadError);
    expect(() => xmlBytesToText(utf8('<?xml version="1.0" encoding="x-unknown-9"?><a/>'))).toThrow(/non supportata/);
  });
});
