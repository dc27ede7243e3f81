/** Windows-1252 bytes → text: Excel's 'CSV' on Windows (csv.ts), and the ISO-8859-1 XML files (fatturapa/xml-bytes.ts). */

// 0x80–0x9F (€, ‚, ƒ, „, …): written out because not every runtime's TextDecoder maps them.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return out;
}
