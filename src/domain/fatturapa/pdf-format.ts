/**
 * Formatting for the invoice PDF: Italian amounts and dates, text the PDF's standard fonts can show, the file
 * name, and the PDF an incoming invoice carries as attachment.
 */
import type { AttachmentView, InvoiceView } from './invoice-view';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** '1.234,50 €' style (Intl it-IT); `maxDecimals` > 2 for unit prices with more digits ('8,19672131 €'). */
export function formatMoney(value: number, currency = 'EUR', maxDecimals = 2): string {
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'EUR';
  return formatter(`${code}|${maxDecimals}`, () =>
    new Intl.NumberFormat('it-IT', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: maxDecimals, useGrouping: 'always' }),
  ).format(value);
}

/** Quantities and percentages: '1,5', '10', '0,25'. */
export function formatNumber(value: number, maxDecimals = 8): string {
  return formatter(`n|${maxDecimals}`, () => new Intl.NumberFormat('it-IT', { maximumFractionDigits: maxDecimals })).format(value);
}

/** 'YYYY-MM-DD' → 'dd/mm/yy'; other input unchanged (and '' for undefined). */
export function formatShortDate(iso: string | undefined): string {
  if (iso === undefined) return '';
  const m = /^(\d{2})(\d{2})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[4]}/${m[3]}/${m[2]}` : iso;
}

/** Characters of Windows-1252 beyond Latin-1 that jsPDF's standard fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text that jsPDF's standard fonts (WinAnsi encoding) can draw: accents are kept, other characters lose their
 * diacritics or become '?'. Control characters become spaces.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ch === '\n' ? '\n' : ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) ? base : '?';
    }
  }
  return out;
}

/** One part of the PDF file name: ASCII letters, digits, '-' and '_' only, at most 40 characters. */
export function fileNamePart(text: string, fallback = 'ND'): string {
  const safe = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 40)
    .replace(/[_-]+$/, '');
  return safe === '' ? fallback : safe;
}

/** 'Fattura_{number}_{supplier}_to_{customer}_{date}.pdf', each part sanitised to at most 40 characters. */
export function invoicePdfFileName(view: InvoiceView): string {
  return `Fattura_${fileNamePart(view.number)}_${fileNamePart(view.seller.name)}_to_${fileNamePart(view.buyer.name)}_${fileNamePart(view.date)}.pdf`;
}

function base64ToBytes(base64: string): Uint8Array | undefined {
  try {
    const binary = atob(base64.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function looksLikePdf(bytes: Uint8Array): boolean {
  // '%PDF-' must appear within the first 1024 bytes.
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

export interface AttachedPdf {
  name: string;
  bytes: Uint8Array;
}

/**
 * The first uncompressed PDF attachment of an invoice, decoded, so that the UI shows it first for incoming
 * invoices. Attachments that are not really PDFs (or are not valid base64) are skipped.
 */
export function attachedPdf(view: InvoiceView): AttachedPdf | undefined {
  const candidates = view.attachments.filter((a: AttachmentView) => a.mimeType === 'application/pdf' && !a.compression);
  for (const a of candidates) {
    const bytes = base64ToBytes(a.base64);
    if (bytes && looksLikePdf(bytes)) return { name: a.name, bytes };
  }
  return undefined;
}
