/**
 * Invoice (document 2 §3, document 3 §3), keyed by the provider's uuid. type 0 = outgoing (payload: FatturaPA
 * XML text), type 1 = incoming (payload: JSON text in the snake_case form of fatturapa/JSON-MAPPING.md, and the
 * original XML as bytes once the webhook downloaded it: receivedXml).
 * The payload stays a string: the FatturaPA reader parses it when a row is opened.
 * The stored shape and its reading, without Firebase imports so the Cloud Functions share it (invoice.ts holds
 * the converter and references).
 */
import { isMarking, type Marking } from '@/domain/fatturapa/codes';
import type { IncomingLine } from '@/domain/provider-callbacks/callbacks';
import type { XmlVerdict } from '@/domain/provider-callbacks/received-xml';
import { compact, isBlank, pick, toBool, toBytes, toDate, toInt, toNumber, toOptStr, toRecordList, toStr, type RawDoc } from './normalize';
import { centsToEuro, lineAmountCents } from '@/domain/money';

export const INVOICE_TYPE = { outgoing: 0, incoming: 1 } as const;
export type InvoiceType = (typeof INVOICE_TYPE)[keyof typeof INVOICE_TYPE];

export type PayloadKind = 'json' | 'xml' | 'none' | 'unknown';

/** The normalised product list of an incoming invoice (document 2 §3): the webhook's line, one shape for both. */
export type InvoiceProduct = IncomingLine;

export interface Invoice {
  id: string;
  uuid: string;
  userId: string;
  type: InvoiceType;
  status?: string;
  payload: string;
  /** What the payload text looks like: '{…' JSON, '<…' XML, empty, or something else. */
  payloadKind: PayloadKind;
  /** The payload carries an attachment block (Allegati / allegati): usually the supplier's PDF. */
  hasAttachment: boolean;
  /** undefined when the stored value is missing or not one of the known markings (see markingRaw). */
  marking?: Marking;
  markingRaw?: string;
  /** The SDI notification type that set the marking (RC, NS, NE…), written by the webhook (marking-order.ts). */
  markingNotification?: string;
  /** That notification's created_at (or its arrival), written by the webhook. */
  markingNotifiedAt?: Date;
  /** After a mancata consegna (MC): when the owner recorded that the buyer was told (server time; firestore.rules). */
  buyerToldAt?: Date;
  newInvoice: boolean;
  reverted: boolean;
  addedToWarehouse: boolean;
  addedToWarehouseManually: boolean;
  manualWarehouseMarkDate?: Date;
  customerAlreadyExist: boolean;
  createdAt?: Date;
  date?: Date;
  originalInvoiceUUID?: string;
  /** The draft Sale this outgoing invoice was sent from (the rules tie its creation to that send). */
  saleId?: string;
  deletedAt?: Date;
  total?: number;
  items: InvoiceProduct[];
  /** The provider's file name of a received invoice (the webhook stores it when the callback carries it). */
  fileName?: string;
  /**
   * A received invoice's original XML, byte for byte as the provider returned it (GET /invoices_download/{uuid},
   * Accept: application/xml), downloaded once by the webhook. Server-written only (RECEIVED_XML_FIELDS).
   */
  receivedXml?: Uint8Array;
  /** Why receivedXml is not stored (Italian, for indice.csv); undefined once stored and on invoices older than it. */
  receivedXmlMissing?: string;
  /** A later supplier-invoice callback of the shop downloads the XML again. */
  receivedXmlRetry: boolean;
  /** Downloads tried so far. */
  receivedXmlAttempts: number;
  /** When the XML was last looked for: the invoice's arrival, then each download (the oldest is tried first). */
  receivedXmlCheckedAt?: Date;
}

/** The received invoice's XML fields: only the server writes them (functions/src/received-xml.ts, firestore.rules). */
export const RECEIVED_XML_FIELDS = ['receivedXml', 'receivedXmlMissing', 'receivedXmlRetry', 'receivedXmlAttempts', 'receivedXmlCheckedAt'] as const;

/** The reason a received invoice carries from its creation until the first download. */
export const XML_NOT_YET_DOWNLOADED = 'non ancora scaricato dal provider';

/** What a received invoice carries from its creation (the webhook's placement, at `at`) until the first download. */
export function receivedXmlPending(at: Date): RawDoc {
  return { receivedXmlMissing: XML_NOT_YET_DOWNLOADED, receivedXmlRetry: true, receivedXmlAttempts: 0, receivedXmlCheckedAt: at };
}

/** The update after download number `attempt` (judged by judgeReceivedXml); receivedXmlMissing is null once stored. */
export function receivedXmlUpdate(verdict: XmlVerdict, attempt: number, at: Date): RawDoc {
  return verdict.kind === 'stored'
    ? { receivedXml: verdict.bytes, receivedXmlMissing: null, receivedXmlRetry: false, receivedXmlAttempts: attempt, receivedXmlCheckedAt: at }
    : { receivedXmlMissing: verdict.reason, receivedXmlRetry: verdict.retry, receivedXmlAttempts: attempt, receivedXmlCheckedAt: at };
}

/** 'Not_Delivered', 'not delivered', 'notDelivered' → 'not-delivered'; unknown values give undefined. */
export function toMarking(value: unknown): Marking | undefined {
  const s = toStr(value)
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return isMarking(s) ? s : undefined;
}

export function payloadKind(payload: string): PayloadKind {
  const first = payload.trimStart().charAt(0);
  if (first === '') return 'none';
  if (first === '{' || first === '[') return 'json';
  if (first === '<') return 'xml';
  return 'unknown';
}

function toPayloadText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isBlank(value)) return '';
  try {
    // A payload saved as an object (older writers) is kept as its JSON text.
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function readProduct(raw: RawDoc): InvoiceProduct {
  const quantity = toNumber(pick(raw, 'quantity', 'qty', 'quantita'), 1);
  const unitPrice = toNumber(pick(raw, 'unitPrice', 'price', 'prezzo_unitario'), 0);
  return {
    code: toOptStr(pick(raw, 'code', 'codice')),
    description: toStr(pick(raw, 'description', 'name', 'descrizione')).trim(),
    quantity,
    um: toOptStr(pick(raw, 'um', 'unitOfMeasure', 'unita_misura')),
    unitPrice,
    iva: toNumber(pick(raw, 'iva', 'vatRate', 'aliquota_iva')),
    totalPrice: toNumber(pick(raw, 'totalPrice', 'total', 'prezzo_totale'), centsToEuro(lineAmountCents(quantity, unitPrice))),
  };
}

export function normalizeInvoice(id: string, raw: RawDoc): Invoice {
  const payload = toPayloadText(raw.payload);
  const kind = payloadKind(payload);
  const storedType = toInt(raw.type);
  const type: InvoiceType = storedType === 1 || storedType === 0 ? storedType : kind === 'json' ? 1 : 0;
  const markingRaw = toOptStr(raw.marking);
  return {
    id,
    uuid: toOptStr(raw.uuid) ?? id,
    userId: toStr(raw.userId).trim(),
    type,
    status: toOptStr(raw.status),
    payload,
    payloadKind: kind,
    hasAttachment: kind === 'json' ? /"allegati"\s*:\s*\[\s*\{/.test(payload) : kind === 'xml' && /<Allegati[\s>]/.test(payload),
    marking: toMarking(markingRaw),
    markingRaw,
    markingNotification: toOptStr(raw.markingNotification)?.trim().toUpperCase(),
    markingNotifiedAt: toDate(raw.markingNotifiedAt),
    buyerToldAt: toDate(raw.buyerToldAt),
    newInvoice: toBool(raw.newInvoice),
    reverted: toBool(raw.reverted),
    addedToWarehouse: toBool(raw.addedToWarehouse),
    addedToWarehouseManually: toBool(raw.addedToWarehouseManually),
    manualWarehouseMarkDate: toDate(raw.manualWarehouseMarkDate),
    customerAlreadyExist: toBool(raw.customerAlreadyExist),
    createdAt: toDate(raw.createdAt),
    date: toDate(raw.date),
    originalInvoiceUUID: toOptStr(raw.originalInvoiceUUID),
    saleId: toOptStr(raw.saleId),
    deletedAt: toDate(raw.deletedAt),
    total: toNumber(raw.total),
    items: toRecordList(raw.items).map(readProduct),
    fileName: toOptStr(raw.fileName),
    receivedXml: toBytes(raw.receivedXml),
    receivedXmlMissing: toOptStr(raw.receivedXmlMissing),
    receivedXmlRetry: toBool(raw.receivedXmlRetry),
    receivedXmlAttempts: toInt(raw.receivedXmlAttempts, 0),
    receivedXmlCheckedAt: toDate(raw.receivedXmlCheckedAt),
  };
}

export function toFirestoreInvoice(inv: Invoice): RawDoc {
  return compact({
    uuid: inv.uuid,
    userId: inv.userId,
    type: inv.type,
    status: inv.status,
    payload: inv.payload,
    marking: inv.marking ?? inv.markingRaw,
    markingNotification: inv.markingNotification,
    markingNotifiedAt: inv.markingNotifiedAt,
    buyerToldAt: inv.buyerToldAt,
    newInvoice: inv.newInvoice,
    reverted: inv.reverted || undefined,
    addedToWarehouse: inv.addedToWarehouse || undefined,
    addedToWarehouseManually: inv.addedToWarehouseManually || undefined,
    manualWarehouseMarkDate: inv.manualWarehouseMarkDate,
    customerAlreadyExist: inv.customerAlreadyExist || undefined,
    createdAt: inv.createdAt,
    date: inv.date,
    originalInvoiceUUID: inv.originalInvoiceUUID,
    saleId: inv.saleId,
    deletedAt: inv.deletedAt,
    total: inv.total,
    items: inv.items.length > 0 ? inv.items.map((p) => compact({ ...p })) : undefined,
    fileName: inv.fileName,
    // Bytes as a Uint8Array: firebase-admin stores it as is (the web SDK wants Bytes, but no client writes these).
    receivedXml: inv.receivedXml,
    receivedXmlMissing: inv.receivedXmlMissing,
    receivedXmlRetry: inv.receivedXmlRetry || undefined,
    receivedXmlAttempts: inv.receivedXmlAttempts || undefined,
    receivedXmlCheckedAt: inv.receivedXmlCheckedAt,
  });
}
