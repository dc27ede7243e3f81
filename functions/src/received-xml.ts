/**
 * The original XML of received invoices: after a supplier-invoice callback is handled, the webhook
 * downloads the invoice's file from the provider once (GET /invoices_download/{uuid}, Accept: application/octet-stream:
 * the raw file the SDI delivered, a signed .xml.p7m as it was signed,
 * OPENAPI-SDI.md §3.4) through the one provider client (provider-client.ts) and keeps it byte for byte in the
 * Invoice (receivedXml, src/data/invoice-doc.ts). The invoice itself is already written: nothing here can lose it,
 * and a failure here never changes the webhook's answer.
 *
 * - The verdict (kept, or the reason and whether to try again) is src/domain/provider-callbacks/received-xml.ts;
 *   the room left in the document comes from Firestore's size rules (src/data/document-size.ts).
 * - Tried again on the next supplier-invoice callback of the same shop (a redelivery of the same one included):
 *   that callback's invoice first, then up to RETRIES_PER_CALLBACK others of the shop still waiting
 *   (receivedXmlRetry), the longest waiting first, each up to MAX_XML_ATTEMPTS downloads in all. A provider that does not answer stops the
 *   round: the others would only wait for the same time-out.
 */
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { FIRESTORE_DOCUMENT_LIMIT, documentBytes } from '@/data/document-size';
import { INVOICE_TYPE, normalizeInvoice, receivedXmlUpdate } from '@/data/invoice-doc';
import { DOCUMENT_HEADROOM_BYTES, judgeReceivedXml, XML_DOWNLOAD_TIMEOUT_MS, type XmlDownload } from '@/domain/provider-callbacks/received-xml';
import { callProvider } from './provider-client';
import { invoicesCol } from './typed-refs';

/** The provider's SDI host and token (the proxy's SDI_API_BASE_URL and SDI_API_TOKEN). */
export interface ProviderAccess {
  baseUrl: string;
  token: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Invoices of the shop, besides the callback's own, whose XML one callback tries again. */
export const RETRIES_PER_CALLBACK = 3;

export type XmlOutcome = 'stored' | 'missing' | 'no-answer' | 'skipped';

export async function downloadReceivedXml(provider: ProviderAccess, uuid: string): Promise<XmlDownload> {
  const url = `${provider.baseUrl.replace(/\/+$/, '')}/invoices_download/${encodeURIComponent(uuid)}`;
  const answer = await callProvider(url, {
    method: 'GET',
    token: provider.token,
    // The raw file (OPENAPI-SDI.md §3.4): a signed invoice comes as its .p7m, the proof of its signature, not an
    // XML taken out of it; received-xml.ts opens the envelope to check it.
    accept: 'application/octet-stream',
    timeoutMs: provider.timeoutMs ?? XML_DOWNLOAD_TIMEOUT_MS,
    ...(provider.fetchImpl ? { fetchImpl: provider.fetchImpl } : {}),
  });
  if (answer.kind === 'no-answer') return answer;
  return { kind: 'answer', status: answer.status, bytes: answer.bytes, ...(answer.headers['content-type'] ? { contentType: answer.headers['content-type'] } : {}) };
}

/** One invoice: downloads its XML if it is a received invoice still waiting for it, and writes the outcome. */
async function fillOne(db: Firestore, ref: DocumentReference, provider: ProviderAccess, now: Date): Promise<XmlOutcome> {
  const snap = await ref.get();
  const raw = snap.data();
  if (!raw) return 'skipped';
  const invoice = normalizeInvoice(ref.id, raw);
  if (invoice.type !== INVOICE_TYPE.incoming || invoice.receivedXml !== undefined || !invoice.receivedXmlRetry) return 'skipped';
  const attempt = invoice.receivedXmlAttempts + 1;
  const download = await downloadReceivedXml(provider, invoice.uuid);
  // What the document takes without the XML (the fields this write replaces counted at their new size, below).
  const path = ref.path;
  const others = { ...raw, ...receivedXmlUpdate({ kind: 'stored', bytes: new Uint8Array() }, attempt, now) };
  const roomBytes = FIRESTORE_DOCUMENT_LIMIT - DOCUMENT_HEADROOM_BYTES - documentBytes(path, others);
  const verdict = judgeReceivedXml(download, { payload: invoice.payload, roomBytes, attempt, ...(invoice.fileName ? { fileName: invoice.fileName } : {}) });
  await ref.update(receivedXmlUpdate(verdict, attempt, now));
  if (verdict.kind === 'stored') return 'stored';
  return download.kind === 'no-answer' ? 'no-answer' : 'missing';
}

/**
 * The XML of the callback's invoice (`uuid`), then of up to RETRIES_PER_CALLBACK other invoices of the shop still
 * waiting for theirs. Returns the outcome per invoice id (tests and logs).
 */
export async function fillReceivedXml(db: Firestore, provider: ProviderAccess, shopId: string, uuid: string, now: Date): Promise<Record<string, XmlOutcome>> {
  // Stored field names: the size check below counts the stored document; the reading is normalizeInvoice's.
  const invoices = invoicesCol(db).withConverter(null);
  const outcomes: Record<string, XmlOutcome> = {};
  outcomes[uuid] = await fillOne(db, invoices.doc(uuid), provider, now);
  if (outcomes[uuid] === 'no-answer') return outcomes;
  // The longest waiting first (index userId, receivedXmlRetry, receivedXmlCheckedAt in firestore.indexes.json).
  const waiting = await invoices.where('userId', '==', shopId).where('receivedXmlRetry', '==', true).orderBy('receivedXmlCheckedAt').limit(RETRIES_PER_CALLBACK + 1).get();
  for (const doc of waiting.docs.filter((d) => d.id !== uuid).slice(0, RETRIES_PER_CALLBACK)) {
    outcomes[doc.id] = await fillOne(db, doc.ref, provider, now);
    if (outcomes[doc.id] === 'no-answer') break;
  }
  return outcomes;
}
