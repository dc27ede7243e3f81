/**
 * What a person can mean to type in a form field. Control characters (C0 but tab and newline, DEL, C1) and the
 * invisible bidirectional and zero-width marks are never meant: they arrive with a paste from a PDF, a chat or an
 * attacker, break the FatturaPA character set (the SdI refuses the invoice), and a right-to-left override can make
 * a name or an IBAN read differently from what is stored. They are dropped as they arrive.
 */

// C0 controls but \t \n \r, DEL and C1; bidi embeddings, overrides, isolates and marks; zero-width space, word joiner, BOM.
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Longest text a field takes when the form sets no limit of its own (room for any name, address or email). */
export const DEFAULT_INPUT_MAX = 300;
/** Longest text of a multi-line field (notes, descriptions) when the form sets no limit of its own. */
export const DEFAULT_TEXTAREA_MAX = 5000;

/** `text` without the characters no one means to type; single-line fields also lose tabs and line breaks. */
export function cleanTypedText(text: string, options: { multiline: boolean }): string {
  const cleaned = text.replace(INVISIBLE, '');
  return options.multiline ? cleaned : cleaned.replace(/[\t\r\n]+/g, ' ');
}

/** The message shown when a paste or typing went past a field's limit (and was cut there). */
export function tooLongMessage(max: number): string {
  return `Testo troppo lungo: questo campo accetta al massimo ${new Intl.NumberFormat('it-IT').format(max)} caratteri. Il resto non è stato inserito.`;
}
