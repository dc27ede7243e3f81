/**
 * The SDI's own XML of a notification (ricevuta di consegna, notifica di scarto…), as the provider returns it from
 * GET /invoices_notifications/{uuid} with Accept: application/xml (OPENAPI-SDI.md §3.4). Pure: this module judges
 * the answer; the download is functions/src/sdi-receipts.ts, the stored fields src/data/sdi-receipt-doc.ts.
 *
 * Kept: a 200 answer whose bytes read as XML and whose root is the receipt of the notification's type (an NS is a
 * NotificaScarto, never a RicevutaConsegna), naming the same file when both say it. Anything else keeps the reason,
 * in Italian, and is asked again later: a receipt is a legal proof, and a page of HTML is no proof of anything.
 */
import { XmlSyntaxError, parseXml, textAt } from '../fatturapa/xml-tree';
import type { XmlDownload } from './received-xml';

/** The receipt's root element for each notification type (SDI, MessaggiTypes v1.1). */
export const RECEIPT_ROOTS: Readonly<Record<string, string>> = {
  RC: 'RicevutaConsegna',
  NS: 'NotificaScarto',
  MC: 'NotificaMancataConsegna',
  NE: 'NotificaEsito',
  DT: 'NotificaDecorrenzaTermini',
  AT: 'AttestazioneTrasmissioneFattura',
};

/** The time one download may take (the provider waits for the webhook's answer meanwhile). */
export const RECEIPT_DOWNLOAD_TIMEOUT_MS = 10_000;

export type ReceiptVerdict = { kind: 'stored'; bytes: Uint8Array } | { kind: 'missing'; reason: string };

export function judgeReceiptXml(download: XmlDownload, expected: { type: string; fileName?: string }): ReceiptVerdict {
  if (download.kind === 'no-answer') return { kind: 'missing', reason: download.reason === 'timeout' ? 'il provider non ha risposto in tempo' : 'il provider non è raggiungibile' };
  if (download.status !== 200) return { kind: 'missing', reason: `il provider ha risposto con l'errore ${download.status}` };
  let root;
  try {
    root = parseXml(new TextDecoder('utf-8', { fatal: true }).decode(download.bytes));
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof TypeError) return { kind: 'missing', reason: 'il provider ha inviato un file che non è XML leggibile' };
    throw error;
  }
  const wanted = RECEIPT_ROOTS[expected.type.toUpperCase()];
  const got = root.name;
  if (wanted && got !== wanted) return { kind: 'missing', reason: `il provider ha inviato ${got} invece di ${wanted}` };
  const named = textAt(root, 'NomeFile');
  if (expected.fileName && named && !sameFile(named, expected.fileName)) return { kind: 'missing', reason: `la ricevuta riguarda il file ${named}, non ${expected.fileName}` };
  return { kind: 'stored', bytes: download.bytes };
}

/** A receipt's own file name is '<invoice file>_<type>_<n>.xml'; it names the invoice file it concerns in NomeFile. */
function sameFile(named: string, receiptFile: string): boolean {
  const invoiceFile = receiptFile.replace(/_[A-Z]{2}_\d+\.xml$/i, '');
  return named === receiptFile || named.replace(/\.xml(\.p7m)?$/i, '') === invoiceFile.replace(/\.xml(\.p7m)?$/i, '');
}

export interface ReceiptContent {
  type: string;
  sdiFileId: string;
  /** The invoice file the receipt concerns. */
  fileName: string;
  /** The time of the receipt as the SDI writes it (ISO 8601). */
  receivedAt: string;
  errors?: readonly { code: string; description: string }[];
  /** NE only: EC01 / EC02. */
  outcome?: string;
  messageId: string;
}

const xmlText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A receipt as the SDI writes it (namespace http://www.fatturapa.gov.it/sdi/messaggi/v1.0, MessaggiTypes v1.1):
 * what the provider stub serves and the demo data hold. The app never writes receipts: the SDI's own are kept.
 */
export function renderReceiptXml(r: ReceiptContent): string {
  const root = RECEIPT_ROOTS[r.type.toUpperCase()] ?? 'Notifica';
  const errors = r.errors && r.errors.length > 0
    ? `<ListaErrori>${r.errors.map((e) => `<Errore><Codice>${xmlText(e.code)}</Codice><Descrizione>${xmlText(e.description)}</Descrizione></Errore>`).join('')}</ListaErrori>`
    : '';
  const esito = r.type.toUpperCase() === 'NE' ? `<EsitoCommittente><Esito>${xmlText(r.outcome ?? '')}</Esito></EsitoCommittente>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ns3:${root} xmlns:ns3="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0">`,
    `<IdentificativoSdI>${xmlText(r.sdiFileId)}</IdentificativoSdI>`,
    `<NomeFile>${xmlText(r.fileName)}</NomeFile>`,
    `<DataOraRicezione>${xmlText(r.receivedAt)}</DataOraRicezione>`,
    errors,
    esito,
    `<MessageId>${xmlText(r.messageId)}</MessageId>`,
    `</ns3:${root}>`,
  ].join('');
}
