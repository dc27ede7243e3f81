/**
 * Text helpers for FatturaPA fields: XML escaping, the schema's character sets (Basic Latin, Latin-1) and
 * length limits, counted in code points so a multi-byte character is never cut in half.
 */

const XML_SPECIAL = /[&<>"]/;

/** Escapes text content for XML (&, <, > and, for attributes, the double quote). */
export function escapeXml(value: string): string {
  if (!XML_SPECIAL.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
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
/** Already clean: printable Latin-1 words separated by single spaces, no leading or trailing space. */
const CLEAN_LATIN1 = /^(?:[\x21-\x7e\u00a1-\u00ff]+(?: [\x21-\x7e\u00a1-\u00ff]+)*)?$/;
const CLEAN_ASCII = /^(?:[\x21-\x7e]+(?: [\x21-\x7e]+)*)?$/;

function fits(text: string, maxCode: number): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > maxCode) return false;
  return true;
}

const COMBINING_MARK = /[\u0300-\u036f]/;

function mapChars(value: string, maxCode: number): string {
  if ((maxCode === 0xff ? CLEAN_LATIN1 : CLEAN_ASCII).test(value)) return value;
  const composed = COMBINING_MARK.test(value) ? value.normalize('NFC') : value;
  let out = '';
  let runStart = 0; // start of the pending run of characters copied as they are
  for (let i = 0; i < composed.length; i++) {
    const code = composed.charCodeAt(i);
    if (code >= 0x20 && code <= maxCode && (code < 0x7f || code > 0x9f)) continue;
    out += composed.slice(runStart, i);
    if (code === 0x09 || code === 0x0a || code === 0x0d) {
      out += ' ';
    } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      // control characters: not allowed in XML 1.0 (C0) or invisible and meaningless (C1)
    } else {
      const cp = composed.codePointAt(i) ?? code;
      const ch = String.fromCodePoint(cp);
      if (cp > 0xffff) i++; // surrogate pair
      out += replacementFor(ch, maxCode);
    }
    runStart = i + 1;
  }
  out += composed.slice(runStart);
  return out.replace(WHITESPACE_RUN, ' ').trim();
}

/** What a character outside the field's range becomes: a space, its Latin spelling, its base letter, or ''. */
function replacementFor(ch: string, maxCode: number): string {
  if (/\s/u.test(ch)) return ' ';
  const replacement = LATIN1_REPLACEMENTS[ch];
  if (replacement !== undefined && fits(replacement, maxCode)) return replacement;
  const stripped = stripDiacritics(ch);
  // anything else (emoji, other scripts) has no place in a Latin-1 field and is dropped
  return stripped !== '' && fits(stripped, maxCode) ? stripped : '';
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
