/**
 * The receipts of the SDI (RC, NS, MC, NE, DT, AT), kept with the invoice: the webhook creates SdiReceipt/{uuid} in
 * the notification's own transaction (webhook.ts), then downloads the SDI's XML of it through the one provider client
 * (GET /invoices_notifications/{uuid}, Accept: application/xml, OPENAPI-SDI.md §3.4) and keeps it byte for byte.
 * The receipt itself is written by then: nothing here can lose it, and a failure here never changes the answer.
 * A receipt still without its XML is tried again at the shop's next notification, up to MAX_RECEIPT_XML_ATTEMPTS.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { MAX_RECEIPT_XML_ATTEMPTS, receiptId, receiptXmlUpdate } from '@/data/sdi-receipt-doc';
import { judgeReceiptXml, RECEIPT_DOWNLOAD_TIMEOUT_MS } from '@/domain/provider-callbacks/receipt-xml';
import type { XmlDownload } from '@/domain/provider-callbacks/received-xml';
import { callProvider } from './provider-client';
import type { ProviderAccess } from './received-xml';
import { sdiReceiptsCol } from './typed-refs';

/** Other receipts of the shop still without XML that one notification tries again. */
export const RECEIPT_RETRIES_PER_CALLBACK = 3;

export async function downloadReceiptXml(provider: ProviderAccess, uuid: string): Promise<XmlDownload> {
  const url = `${provider.baseUrl.replace(/\/+$/, '')}/invoices_notifications/${encodeURIComponent(uuid)}`;
  const answer = await callProvider(url, {
    method: 'GET', token: provider.token, accept: 'application/xml', timeoutMs: provider.timeoutMs ?? RECEIPT_DOWNLOAD_TIMEOUT_MS,
    ...(provider.fetchImpl ? { fetchImpl: provider.fetchImpl } : {}),
  });
  if (answer.kind === 'no-answer') return answer;
  return { kind: 'answer', status: answer.status, bytes: answer.bytes };
}

export type ReceiptOutcome = 'stored' | 'missing' | 'no-answer' | 'skipped';

async function fillOne(db: Firestore, provider: ProviderAccess, id: string): Promise<ReceiptOutcome> {
  const ref = sdiReceiptsCol(db).doc(id);
  const receipt = (await ref.get()).data();
  if (!receipt || receipt.xml !== undefined || receipt.xmlAttempts >= MAX_RECEIPT_XML_ATTEMPTS) return 'skipped';
  const download = await downloadReceiptXml(provider, receipt.notificationUuid);
  const verdict = judgeReceiptXml(download, { type: receipt.type, ...(receipt.fileName ? { fileName: receipt.fileName } : {}) });
  const attempt = receipt.xmlAttempts + 1;
  const pending = verdict.kind !== 'stored' && attempt < MAX_RECEIPT_XML_ATTEMPTS;
  await ref.withConverter(null).update({ ...receiptXmlUpdate(verdict, attempt), xmlPending: pending });
  if (verdict.kind === 'stored') return 'stored';
  return download.kind === 'no-answer' ? 'no-answer' : 'missing';
}

/** The XML of the notification `notificationUuid`, then of up to RECEIPT_RETRIES_PER_CALLBACK others of the shop still waiting. */
export async function fillReceiptXml(db: Firestore, provider: ProviderAccess, shopId: string, notificationUuid: string): Promise<Record<string, ReceiptOutcome>> {
  const outcomes: Record<string, ReceiptOutcome> = {};
  const uuid = receiptId(notificationUuid);
  outcomes[uuid] = await fillOne(db, provider, uuid);
  if (outcomes[uuid] === 'no-answer') return outcomes;
  const waiting = await sdiReceiptsCol(db).where('userId', '==', shopId).where('xmlPending', '==', true).limit(RECEIPT_RETRIES_PER_CALLBACK + 1).get();
  for (const doc of waiting.docs.filter((d) => d.id !== uuid).slice(0, RECEIPT_RETRIES_PER_CALLBACK)) {
    outcomes[doc.id] = await fillOne(db, provider, doc.id);
    if (outcomes[doc.id] === 'no-answer') break;
  }
  return outcomes;
}
