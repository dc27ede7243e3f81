/**
 * What a file must be before an import reads it as CSV: not too big to hold in a tab, text and not a
 * binary (a spreadsheet saved as .xlsx, a PDF, a photo), in an encoding we can read, with a sane number of columns
 * (an empty file is told by the parser: no header row).
 * Each refusal is an Italian message a shop owner can act on; nothing is written before these checks pass.
 */

/** A CSV of 100,000 products is about 10 MB; past this, a browser tab risks running out of memory. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
/** Our widest import has about 30 columns; thousands mean a wrong separator or not a table at all. */
export const MAX_CSV_COLUMNS = 500;

const SNIFF_BYTES = 64 * 1024;

const megabytes = (bytes: number) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** A refusal by size alone, known before the file is read. */
export function csvSizeProblem(size: number): string | undefined {
  if (size > MAX_CSV_BYTES) return `il file è troppo grande (${megabytes(size)} MB): il limite è ${megabytes(MAX_CSV_BYTES)} MB. Dividilo in più file e importali insieme.`;
  return undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Signatures of the files people pick by mistake instead of the CSV. */
const BINARY_SIGNATURES: { prefix: readonly number[]; what: string }[] = [
  { prefix: [0x50, 0x4b, 0x03, 0x04], what: 'un file Excel (.xlsx) o un archivio ZIP: in Excel usa «Salva con nome» → «CSV UTF-8»' },
  { prefix: [0xd0, 0xcf, 0x11, 0xe0], what: 'un file Excel (.xls): in Excel usa «Salva con nome» → «CSV UTF-8»' },
  { prefix: [0x25, 0x50, 0x44, 0x46], what: 'un PDF' },
  { prefix: [0x89, 0x50, 0x4e, 0x47], what: "un'immagine" },
  { prefix: [0xff, 0xd8, 0xff], what: "un'immagine" },
];

/**
 * The first problem of a file's bytes, or undefined when they can be decoded as CSV text (UTF-8, UTF-16 with its
 * BOM, or Windows-1252). Only the first 64 KB are sniffed: the rest is decoded as the start was.
 */
export function csvBytesProblem(bytes: Uint8Array): string | undefined {
  const size = csvSizeProblem(bytes.byteLength);
  if (size) return size;
  const head = bytes.subarray(0, SNIFF_BYTES);
  const signature = BINARY_SIGNATURES.find((s) => startsWith(head, s.prefix));
  if (signature) return `il file non è un CSV ma ${signature.what}.`;
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return undefined;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return 'il file non è un CSV di testo (contiene dati binari). Esporta il foglio come «CSV UTF-8» e riprova.';
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control += 1;
  }
  if (control / head.byteLength > 0.01) return 'il file non è un CSV di testo (contiene caratteri di controllo). Esporta il foglio come «CSV UTF-8» e riprova.';
  return undefined;
}

/** Characters Windows-1252 has but an Italian file practically never holds: where they abound, the file was another encoding. */
const UNLIKELY_IN_ITALIAN = new Set([...'ƒˆ‰Š‹ŒŽ˜š›œžŸ¤¦¨¬¯±²³´µ¶¸¹¼½¾×÷þÞðÐ¥§¢£¡¿', '\u0081', '\u008D', '\u008F', '\u0090', '\u009D']);

/**
 * Text decoded as Windows-1252 from bytes that were not UTF-8: when many of its non-ASCII characters are ones no
 * Italian file holds, the file is in another encoding (Mac, DOS, Asian code pages…) and its letters would be stored
 * garbled. Judged on the first 64 K characters.
 */
export function unknownEncodingProblem(text: string): string | undefined {
  let nonAscii = 0;
  let unlikely = 0;
  for (const ch of text.slice(0, SNIFF_BYTES)) {
    if (ch.charCodeAt(0) < 0x80) continue;
    nonAscii += 1;
    if (UNLIKELY_IN_ITALIAN.has(ch)) unlikely += 1;
  }
  if (nonAscii >= 8 && unlikely / nonAscii > 0.25) {
    return 'la codifica del file non è riconosciuta (né UTF-8 né Windows-1252): le lettere accentate verrebbero salvate sbagliate. Salvalo come «CSV UTF-8» e riprova.';
  }
  return undefined;
}

export function columnCountProblem(columns: number): string | undefined {
  if (columns > MAX_CSV_COLUMNS) {
    return `il file ha ${new Intl.NumberFormat('it-IT').format(columns)} colonne (al massimo ${MAX_CSV_COLUMNS}): controlla che sia il file giusto e che il separatore sia il punto e virgola.`;
  }
  return undefined;
}
