import { documentTypeLabel } from './codes';
import { parseDec, type Dec } from './exact-decimal';
import { child, childrenNamed, textAt, type XmlElement } from './xml-tree';

/** One reason why SdI would reject the invoice, explained for a shop owner. */
export interface InvoiceProblem {
  /** SdI error code ('00422'), or 'XSD' for a schema error. */
  code: string;
  /** Field path, 1-based indexes on repeatable elements: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[2]/ImponibileImporto'. */
  path: string;
  /** Italian, with amounts in Italian format. */
  message: string;
}

/** One FatturaElettronicaBody with what most checks need. */
export interface BodyContext {
  readonly el: XmlElement;
  /** 'FatturaElettronicaBody[1]'. */
  readonly path: string;
  readonly tipo: string;
  readonly general: XmlElement | undefined;
}

/** The parsed document as the checks see it. */
export interface InvoiceContext {
  readonly root: XmlElement;
  readonly header: XmlElement | undefined;
  readonly bodies: readonly BodyContext[];
}

export type Check = (ctx: InvoiceContext) => InvoiceProblem[];

export const HEADER = 'FatturaElettronicaHeader';
export const GENERAL_DOC = 'DatiGenerali/DatiGeneraliDocumento';

export function problem(code: string, path: string, message: string): InvoiceProblem {
  return { code, path, message };
}

/** 'Name[i]' with a 1-based index. */
export function indexed(name: string, zeroBased: number): string {
  return `${name}[${zeroBased + 1}]`;
}

export function buildContext(root: XmlElement): InvoiceContext {
  const bodies = childrenNamed(root, 'FatturaElettronicaBody').map((el, i) => {
    const general = child(child(el, 'DatiGenerali'), 'DatiGeneraliDocumento');
    return { el, path: indexed('FatturaElettronicaBody', i), tipo: textAt(general, 'TipoDocumento') ?? '', general };
  });
  return { root, header: child(root, HEADER), bodies };
}

/** Decimal value of a child element; undefined when absent or not a decimal (the XSD reports that). */
export function decAt(el: XmlElement | undefined, ...names: string[]): Dec | undefined {
  return parseDec(textAt(el, ...names));
}

/** 'TD04 (Nota di Credito)' for messages. */
export function documentTypeText(tipo: string): string {
  const label = documentTypeLabel(tipo);
  return label === 'Sconosciuto' ? tipo : `${tipo} (${label})`;
}

/** An ISO date as dd/mm/yyyy for messages; the input unchanged if it is not an ISO date. */
export function formatDateIt(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** A short quote of a line description for messages (first 40 characters). */
export function shortText(text: string): string {
  if (text.length <= 40) return text;
  const chars = Array.from(text);
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text;
}
