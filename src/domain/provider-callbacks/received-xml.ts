/**
 * The original XML of a received (supplier) invoice: the webhook asks the provider for it once, after the invoice is
 * stored from the callback's JSON (GET /invoices_download/{uuid} with Accept: application/xml, OPENAPI-SDI.md §3.4),
 * and keeps it byte for byte with the invoice. Pure: this module judges the provider's answer; the I/O is in
 * functions/src/received-xml.ts, the stored fields in src/data/invoice-doc.ts.
 *
 * Kept: the bytes of a 200 answer that the app's FatturaPA reader reads as the same documents (numbers and dates of
 * every body) as the callback's JSON — a signed .p7m is opened to read it, and kept signed, as it came — and that fit in the invoice's document. Otherwise the reason, in Italian
 * (the month package writes it in indice.csv), and whether a later callback should try again: every failure is
 * tried again, up to MAX_XML_ATTEMPTS in all, except a file too large for the document (its size will not change).
 */
import { readInvoiceFile } from '../fatturapa/invoice-file';
import { InvoiceReadError, readIncomingJson, type InvoiceView } from '../fatturapa/reader';

/** Downloads of one invoice's XML, the first included; after the last failure the JSON stays the only copy. */
export const MAX_XML_ATTEMPTS = 5;
/** The time one download may take (the provider waits for the webhook's answer meanwhile). */
export const XML_DOWNLOAD_TIMEOUT_MS = 10_000;
/** Room kept free in the invoice's document for the flags written later (read, paid, warehouse, marking). */
export const DOCUMENT_HEADROOM_BYTES = 16 * 1024;

/** What came back from GET /invoices_download/{uuid}. */
export type XmlDownload =
  | { kind: 'answer'; status: number; contentType?: string; bytes: Uint8Array }
  | { kind: 'no-answer'; reason: 'network' | 'timeout' };

export type XmlVerdict = { kind: 'stored'; bytes: Uint8Array } | { kind: 'missing'; reason: string; retry: boolean };

export interface XmlContext {
  /** The invoice's stored JSON payload (what the callback delivered). */
  payload: string;
  /** Bytes the XML may take in the invoice's document (the 1 MiB limit less the rest of the document). */
  roomBytes: number;
  /** This download's number, 1 for the first. */
  attempt: number;
  /** The SDI file name of the invoice (a '.xml.p7m' is a signed file), when the callback gave one. */
  fileName?: string;
}

const kb = (bytes: number) => `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 }).format(Math.ceil(bytes / 1024))} KB`;

/** The provider's `message` of an error envelope, when the body is one. */
function providerMessage(bytes: Uint8Array): string | undefined {
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(bytes.subarray(0, 4096)));
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message.trim() !== '' ? message.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

const documentKey = (v: Pick<InvoiceView, 'number' | 'date'>) => `${v.number} del ${v.date}`;

function failure(download: XmlDownload, ctx: XmlContext): string | undefined {
  if (download.kind === 'no-answer') {
    return download.reason === 'timeout' ? 'il provider non ha risposto in tempo' : 'il provider non è raggiungibile (rete assente o server spento)';
  }
  if (download.status !== 200) {
    const message = providerMessage(download.bytes);
    return `il provider ha risposto ${download.status}${message ? ` (${message})` : ''}`;
  }
  if (download.bytes.byteLength === 0) return 'il provider ha restituito un file vuoto';
  let views: InvoiceView[];
  try {
    // A signed invoice may come back as its .p7m: it is opened to compare, and kept as it came.
    views = readInvoiceFile(download.bytes, ctx.fileName ?? '').views;
  } catch (error) {
    if (!(error instanceof InvoiceReadError)) throw error;
    return `la risposta del provider non è un XML FatturaPA leggibile (${error.message.replace(/\.$/, '')})`;
  }
  let expected: InvoiceView[] | undefined;
  try {
    expected = readIncomingJson(ctx.payload);
  } catch {
    expected = undefined; // nothing to compare with: the XML is the better copy
  }
  if (expected && expected.map(documentKey).join('|') !== views.map(documentKey).join('|')) {
    return `l'XML del provider non corrisponde alla fattura ricevuta (${views.map(documentKey).join(', ')} invece di ${expected.map(documentKey).join(', ')})`;
  }
  return undefined;
}

/** Whether the provider's answer is kept as the invoice's original XML, and why not. */
export function judgeReceivedXml(download: XmlDownload, ctx: XmlContext): XmlVerdict {
  const reason = failure(download, ctx);
  const retry = ctx.attempt < MAX_XML_ATTEMPTS;
  if (reason !== undefined) return { kind: 'missing', reason: retry ? reason : `${reason}; tentativi esauriti (${ctx.attempt})`, retry };
  const bytes = (download as { bytes: Uint8Array }).bytes;
  if (bytes.byteLength > ctx.roomBytes) {
    return { kind: 'missing', reason: `file di ${kb(bytes.byteLength)}: con il JSON già salvato supera il limite di 1 MiB di un documento Firestore`, retry: false };
  }
  return { kind: 'stored', bytes };
}
