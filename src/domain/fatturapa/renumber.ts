/**
 * Changes the number of an already built FatturaPA document (document 2 §4.3: 'before sending, the number is
 * changed if it duplicates another'): DatiGeneraliDocumento/Numero and the ProgressivoInvio derived from it, in
 * the one body of the document. Everything else is left byte for byte as the builder (or the draft form) wrote it.
 */
import { InvoiceBuildError } from './build-error';
import { progressivoInvioFromNumber } from './numbering';
import { childrenNamed, parseXml, textAt } from './xml-tree';

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every body's DatiGeneraliDocumento/Numero of an issued document, read by a scan rather than a parse: the send
 * looks through all of a shop's issued payloads for numbers in use, and a malformed one still gives what it has.
 */
export function documentNumbersOfXml(xml: string): string[] {
  const numbers: string[] = [];
  const pattern = /<(?:[\w.-]+:)?DatiGeneraliDocumento\b[^>]*>[\s\S]*?<(?:[\w.-]+:)?Numero\b[^>]*>([^<]*)</g;
  for (const m of xml.matchAll(pattern)) {
    const number = (m[1] ?? '').trim();
    if (number !== '') numbers.push(number);
  }
  return numbers;
}

/** The Numero of the document's (first) body, or undefined when unreadable. */
export function invoiceNumberOfXml(xml: string): string | undefined {
  try {
    return textAt(parseXml(xml), 'FatturaElettronicaBody', 'DatiGenerali', 'DatiGeneraliDocumento', 'Numero')?.trim();
  } catch {
    return undefined;
  }
}

/** The supplier's VAT code (CedentePrestatore IdFiscaleIVA IdCodice) of an invoice XML; undefined when unreadable. */
export function senderVatOfXml(xml: string): string | undefined {
  try {
    return textAt(parseXml(xml), 'FatturaElettronicaHeader', 'CedentePrestatore', 'DatiAnagrafici', 'IdFiscaleIVA', 'IdCodice')?.trim() || undefined;
  } catch {
    return undefined;
  }
}

function replaceFirstWithin(xml: string, sectionTag: string, tag: string, value: string): string {
  const section = new RegExp(`<(?:\\w+:)?${sectionTag}[\\s>]`).exec(xml);
  if (!section) throw new InvoiceBuildError(`Elemento ${sectionTag} mancante nel documento`, 'number');
  const element = new RegExp(`(<(?:\\w+:)?${tag}>)[^<]*(</(?:\\w+:)?${tag}>)`);
  const tail = xml.slice(section.index);
  const m = element.exec(tail);
  if (!m) throw new InvoiceBuildError(`Elemento ${tag} mancante nel documento`, 'number');
  return xml.slice(0, section.index) + tail.slice(0, m.index) + `${m[1] ?? ''}${escapeText(value)}${m[2] ?? ''}` + tail.slice(m.index + m[0].length);
}

/** The document with `number` as its Numero (and ProgressivoInvio); throws InvoiceBuildError with an Italian message. */
export function renumberInvoiceXml(xml: string, number: string): string {
  const n = number.trim();
  if (!/^[\x20-\x7e]{1,20}$/.test(n) || !/\d/.test(n)) {
    throw new InvoiceBuildError(`Numero del documento non valido: ${n} (al massimo 20 caratteri senza accenti, almeno una cifra)`, 'number');
  }
  let root;
  try {
    root = parseXml(xml);
  } catch {
    throw new InvoiceBuildError('Il documento della bozza non è un XML leggibile: rigenera la bozza', 'payload');
  }
  if (childrenNamed(root, 'FatturaElettronicaBody').length !== 1) {
    throw new InvoiceBuildError('Il documento della bozza deve avere un solo corpo per poter cambiare numero', 'payload');
  }
  const renumbered = replaceFirstWithin(xml, 'DatiGeneraliDocumento', 'Numero', n);
  return replaceFirstWithin(renumbered, 'DatiTrasmissione', 'ProgressivoInvio', progressivoInvioFromNumber(n));
}
