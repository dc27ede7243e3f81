/**
 * SdiReceipt/{notification uuid}: one SDI notification of an outgoing invoice (RC, NS, MC, NE, DT, AT), kept with the
 * invoice it concerns (`invoiceId`) for the shop (`userId`) and its accountant, and the SDI's own XML of it once the
 * webhook has downloaded it (GET /invoices_notifications/{uuid}, Accept: application/xml, OPENAPI-SDI.md §3.4).
 * Written by the webhook only (functions/src/sdi-receipts.ts); the rules give clients read access and nothing else.
 * The stored shape and its reading, without Firebase imports so the Cloud Functions share it.
 */
import type { CustomerNotificationCallback } from '@/domain/provider-callbacks/callbacks';
import { toBytes, toDate, toInt, toOptStr, toRecordList, toStr, type RawDoc } from './normalize';

export interface SdiReceiptError {
  code: string;
  description: string;
  suggestion?: string;
}

export interface SdiReceipt {
  id: string;
  /** The provider's uuid of the notification (the document id is it, made safe for a path). */
  notificationUuid: string;
  userId: string;
  invoiceId: string;
  /** RC, NS, MC, NE, DT, AT (upper case). */
  type: string;
  /** NE only: EC01 accepted, EC02 refused. */
  outcome?: string;
  /** When the SDI issued it (the notification's created_at), else when it reached us. */
  createdAt?: Date;
  receivedAt?: Date;
  fileName?: string;
  errors: SdiReceiptError[];
  /** The SDI's XML of the receipt, byte for byte as the provider returned it. */
  xml?: Uint8Array;
  /** Why `xml` is not stored yet (Italian). */
  xmlMissing?: string;
  xmlAttempts: number;
}

export const RECEIPT_XML_NOT_YET = 'non ancora scaricata dal provider';
/** Downloads of one receipt's XML before the webhook stops asking (each later notification of the shop tries again). */
export const MAX_RECEIPT_XML_ATTEMPTS = 5;

export function normalizeSdiReceipt(id: string, raw: RawDoc): SdiReceipt {
  const errors = toRecordList(raw.errors).map((e) => {
    const suggestion = toOptStr(e.suggestion);
    return { code: toStr(e.code), description: toStr(e.description), ...(suggestion ? { suggestion } : {}) };
  });
  const outcome = toOptStr(raw.outcome);
  const createdAt = toDate(raw.createdAt);
  const receivedAt = toDate(raw.receivedAt);
  const fileName = toOptStr(raw.fileName);
  const xml = toBytes(raw.xml);
  const xmlMissing = toOptStr(raw.xmlMissing);
  return {
    id, notificationUuid: toStr(raw.notificationUuid, id), userId: toStr(raw.userId), invoiceId: toStr(raw.invoiceId), type: toStr(raw.type).toUpperCase(), errors, xmlAttempts: toInt(raw.xmlAttempts, 0),
    ...(outcome ? { outcome } : {}), ...(createdAt ? { createdAt } : {}), ...(receivedAt ? { receivedAt } : {}), ...(fileName ? { fileName } : {}),
    ...(xml ? { xml } : {}), ...(xmlMissing ? { xmlMissing } : {}),
  };
}

/** The receipt's document id: the notification's uuid, with anything a path cannot hold replaced. */
export const receiptId = (notificationUuid: string): string => notificationUuid.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 1400);

/** The document the webhook creates for a notification of the shop's invoice (the XML follows: receiptXmlUpdate). */
export function receiptFromNotification(cb: CustomerNotificationCallback, shopId: string, now: Date): RawDoc {
  const message = cb.notification.message;
  const esito = typeof message === 'object' && message !== null && !Array.isArray(message) ? (message as RawDoc).esito_committente : undefined;
  const outcome = typeof esito === 'object' && esito !== null ? toOptStr((esito as RawDoc).esito) : undefined;
  const fileName = toOptStr(cb.notification.file_name);
  return {
    notificationUuid: cb.uuid, userId: shopId, invoiceId: cb.invoiceUuid, type: cb.type, createdAt: cb.createdAt ?? now, receivedAt: now,
    errors: cb.errors.map((e) => ({ code: e.code, description: e.description, ...(e.suggestion ? { suggestion: e.suggestion } : {}) })),
    ...(outcome ? { outcome } : {}), ...(fileName ? { fileName } : {}),
    xmlMissing: RECEIPT_XML_NOT_YET, xmlAttempts: 0, xmlPending: true,
  };
}

export type ReceiptXmlVerdict = { kind: 'stored'; bytes: Uint8Array } | { kind: 'missing'; reason: string };

/** What a download changes: the XML (and the reason cleared), or why it is still missing. */
export function receiptXmlUpdate(verdict: ReceiptXmlVerdict, attempt: number): RawDoc {
  return verdict.kind === 'stored' ? { xml: verdict.bytes, xmlMissing: null, xmlAttempts: attempt } : { xmlMissing: verdict.reason, xmlAttempts: attempt };
}

/** The file name a downloaded receipt is saved under: the SDI's own, else one built from the invoice and type. */
export function receiptFileName(receipt: SdiReceipt): string {
  return receipt.fileName ?? `${receipt.invoiceId}_${receipt.type}_${receipt.id.slice(0, 8)}.xml`;
}
