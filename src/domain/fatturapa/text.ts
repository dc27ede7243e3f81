/**
 * Text helpers for FatturaPA fields: XML escaping, the schema's character sets (Basic Latin, Latin-1) and
 * length limits, counted in code points so a multi-byte character is never cut in half.
 */

/** Escapes text content for XML (&, <, > and, for attributes, the double quote). */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&quot;'));
}

/** The first `max` code points of `value` (never splits a surrogate pair). */
export function truncateCodePoints(value: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const ch of value) {
    if (count === max) return value.slice(0, end);
    count++;
    end += ch.length;
  }
  return value;
}

/** Common characters outside Latin-1 and their closest Latin-1 spelling. */
const LATIN1_REPLACEMENTS: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'", '\u02bc': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2026': '...', '\u20ac': 'EUR', '\u2022': '-', '\u2122': 'TM', '\u2264': '<=',
  '\u2265': '>=', '\u2260': '!=', '\u2248': '~', '\u0152': 'OE', '\u0153': 'oe', '\u0192': 'f',
  '\u2030': 'per mille', '\u2116': 'N.', '\u02c6': '^', '\u02dc': '~', '\u2039': '<', '\u203a': '>',
};

/** Removes combining marks after canonical decomposition: 'ā' → 'a', 'č' → 'c'. */
function stripDiacritics(ch: string): string {
  return ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

const WHITESPACE_RUN = /[\s\u00a0]+/g;

function mapChars(value: string, maxCode: number): string {
  const composed = value.normalize('NFC');
  let out = '';
  for (const ch of composed) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0x09 || code === 0x0a || code === 0x0d || (code > 0x7e && /\s/u.test(ch))) {
      out += ' ';
    } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      // control characters: not allowed in XML 1.0 (C0) or invisible and meaningless (C1)
    } else if (code <= maxCode) {
      out += ch;
    } else {
      const replacement = LATIN1_REPLACEMENTS[ch];
      if (replacement !== undefined && [...replacement].every((c) => (c.codePointAt(0) ?? 0) <= maxCode)) {
        out += replacement;
      } else {
        const stripped = stripDiacritics(ch);
        if (stripped !== '' && [...stripped].every((c) => (c.codePointAt(0) ?? 0) <= maxCode)) out += stripped;
        // anything else (emoji, other scripts) has no place in a Latin-1 field and is dropped
      }
    }
  }
  return out.replace(WHITESPACE_RUN, ' ').trim();
}

/**
 * Text for a Latin-1 field (String{n}LatinType): curly quotes, dashes and '€' become their Latin-1 spelling,
 * other characters lose their accents when they have a Latin-1 base, the rest is dropped; whitespace runs become
 * one space; then truncated to `max` code points. May return '' (the caller decides whether that is an error).
 */
export function latinText(value: string, max: number): string {
  return truncateCodePoints(mapChars(value, 0xff), max).trimEnd();
}

/** Text for a Basic Latin field (String{n}Type): accents removed, other non-ASCII dropped, truncated to `max`. */
export function asciiText(value: string, max: number): string {
  const latin = mapChars(value, 0xff);
  return truncateCodePoints(mapChars(stripDiacritics(latin), 0x7e), max).trimEnd();
}

/** Splits text into chunks of at most `size` code points (for repeated fields such as Causale). */
export function chunkCodePoints(value: string, size: number): string[] {
  const chars = [...value];
  const chunks: string[] = [];
  for (let i = 0; i < chars.length; i += size) {
    const chunk = chars.slice(i, i + size).join('').trim();
    if (chunk !== '') chunks.push(chunk);
  }
  return chunks;
}
