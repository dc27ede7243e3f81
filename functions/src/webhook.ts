/**
 * The provider's webhook (OPENAPI-SDI.md §3.2, §3.6, §4): POST {event, data}. The decisions are in the pure module
 * src/domain/provider-callbacks; here: the auth header, the body, and the one Firestore transaction per delivery.
 *
 * - Authorization must equal the configured auth header (the value registered as `auth_header` of the callbacks),
 *   compared in constant time; wrong or missing → 401, nothing written.
 * - A body that is not a well-formed callback → 400, nothing written.
 * - Idempotent by the provider's uuid: ProviderEvent/{event}_{uuid} is created in the same transaction as the
 *   writes, so a retried (or concurrent) delivery of the same event writes nothing twice and answers 200.
 *   Only placed / updated / stale outcomes are recorded so.
 * - The recipient of a supplier invoice is resolved through the fiscal-identity registry only (FiscalId,
 *   fiscal-registry.ts): a P.IVA an owner copied into a Shop document neither diverts nor blocks a delivery.
 * - A delivery that cannot be placed (unknown or ambiguous recipient, invoice uuid taken, notification for an
 *   invoice we do not have) is kept in ProviderQuarantine (one entry per delivery, attempts counted) and answered
 *   503 + Retry-After, without a ProviderEvent: the provider retries until it gets a 200 (OPENAPI-SDI.md §3.2), and
 *   each retry is examined again. An admin can also release a kept supplier invoice (release-quarantined.ts).
 * - After a supplier invoice is placed (or redelivered), its original XML is downloaded from the provider and kept
 *   with it, and the shop's invoices still waiting for theirs are tried again (received-xml.ts). The invoice is
 *   already written by then; a failure there is recorded on the invoice and never changes the answer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  eventKey,
  parseCallback,
  type CustomerNotificationCallback,
  type SupplierInvoiceCallback,
} from '@/domain/provider-callbacks/callbacks';
import { notificationSetsMarking } from '@/domain/provider-callbacks/marking-order';
import { SERVER_COLLECTIONS, WEBHOOK_ACTOR } from './collections';
import { shopsForRecipient } from './fiscal-registry';
import { invoicesCol, sdiReceiptsCol } from './typed-refs';
import { receiptFromNotification, receiptId } from '@/data/sdi-receipt-doc';
import { fillReceiptXml } from './sdi-receipts';
import { fillReceivedXml, type ProviderAccess } from './received-xml';
import { placeSupplierInvoice, providerEventRef, quarantineDelivery, readQuarantine, resolveQuarantine } from './supplier-placement';

export interface WebhookRequest {
  method: string;
  header(name: string): string | undefined;
  rawBody?: Buffer;
  body?: unknown;
}

export interface WebhookAnswer {
  status: number;
  headers?: Record<string, string>;
  body: Record<string, unknown>;
}

/** Constant-time equality of two header values (hashed first, so lengths do not leak either). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && expected !== '';
}

function readBody(req: WebhookRequest): { ok: true; value: unknown } | { ok: false } {
  if (req.rawBody && req.rawBody.length > 0) {
    try {
      return { ok: true, value: JSON.parse(req.rawBody.toString('utf8')) };
    } catch {
      return { ok: false };
    }
  }
  return req.body === undefined ? { ok: false } : { ok: true, value: req.body };
}

/** 'stale': a notification older than the one that set the marking (logged, marking kept: marking-order.ts). */
type Outcome = 'created' | 'updated' | 'stale' | 'quarantined' | 'duplicate';

/** A quarantined delivery is answered with this status, so that the provider retries it (OPENAPI-SDI.md §3.2). */
export const QUARANTINED_STATUS = 503;
/** Seconds the provider is asked to wait before the retry (A-Cube retries every 300 s with back-off). */
const RETRY_AFTER_SECONDS = 300;

/**
 * `provider`: where the received invoices' XML is downloaded from (the SDI host and token); without it (tests of
 * the callbacks alone) nothing is downloaded and the invoices wait, marked, for a later callback.
 */
export async function handleWebhook(db: Firestore, req: WebhookRequest, expectedAuth: string, now = new Date(), provider?: ProviderAccess): Promise<WebhookAnswer> {
  if (req.method !== 'POST') return { status: 405, body: { error: 'method not allowed' } };
  if (!sameSecret(req.header('authorization') ?? '', expectedAuth)) return { status: 401, body: { error: 'unauthorized' } };
  const body = readBody(req);
  if (!body.ok) return { status: 400, body: { error: 'body is not JSON' } };
  const parsed = parseCallback(body.value);
  if (!parsed.ok) return { status: 400, body: { error: parsed.reason } };
  const callback = parsed.callback;
  if (callback.kind === 'ignored') return { status: 200, body: { ok: true, outcome: 'ignored', event: callback.event } };
  const result = callback.kind === 'supplier-invoice' ? await supplierInvoice(db, callback, body.value, now) : await notification(db, callback, body.value, now);
  if (callback.kind === 'supplier-invoice' && result.shopId && provider) await keepReceivedXml(db, provider, result.shopId, callback.uuid, now);
  if (callback.kind === 'customer-notification' && result.shopId && provider) await keepReceiptXml(db, provider, result.shopId, callback.uuid);
  // Kept, not processed: anything but 200 makes the provider deliver it again later, and the retry is examined anew
  // (placed once the registry names the recipient, or the invoice exists). No ProviderEvent was written for it.
  if (result.outcome === 'quarantined') return { status: QUARANTINED_STATUS, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) }, body: { ok: false, outcome: 'quarantined', reason: result.reason } };
  return { status: 200, body: { ok: true, outcome: result.outcome } };
}

interface Result {
  outcome: Outcome;
  reason?: string;
  /** The shop of a supplier invoice placed now or before (created, duplicate), or of the notified invoice. */
  shopId?: string;
}

/** The XML of the invoice (and of the shop's others still waiting): recorded on the invoices, whatever happens. */
async function keepReceivedXml(db: Firestore, provider: ProviderAccess, shopId: string, uuid: string, now: Date): Promise<void> {
  try {
    await fillReceivedXml(db, provider, shopId, uuid, now);
  } catch (error) {
    // A write that failed (Firestore busy…): the invoice keeps its 'pending' fields, the next callback tries again.
    console.error('received XML not recorded', uuid, error);
  }
}

/** The SDI's XML of the notification (and of the shop's other receipts still without theirs): never changes the answer. */
async function keepReceiptXml(db: Firestore, provider: ProviderAccess, shopId: string, notificationUuid: string): Promise<void> {
  try {
    await fillReceiptXml(db, provider, shopId, notificationUuid);
  } catch (error) {
    console.error('SDI receipt XML not recorded', notificationUuid, error);
  }
}

async function supplierInvoice(db: Firestore, cb: SupplierInvoiceCallback, raw: unknown, now: Date): Promise<Result> {
  const key = eventKey(cb);
  // Only the fiscal-identity registry names the recipient (never the P.IVA fields an owner types in a Shop).
  const shops = await shopsForRecipient(db, cb.recipientIds);
  return db.runTransaction(async (tx): Promise<Result> => {
    const invoiceRef = invoicesCol(db).doc(cb.uuid);
    const [event, existing, kept] = await Promise.all([tx.get(providerEventRef(db, key)), tx.get(invoiceRef), readQuarantine(tx, db, key)]);
    if (event.exists) {
      const owner = existing.data()?.userId ?? '';
      return { outcome: 'duplicate', ...(owner !== '' ? { shopId: owner } : {}) };
    }
    if (shops.length !== 1 || existing.exists) {
      const reason = existing.exists ? 'invoice-exists' : shops.length === 0 ? 'unknown-recipient' : 'ambiguous-recipient';
      quarantineDelivery(tx, db, cb, kept, reason, { recipientIds: cb.recipientIds, candidates: shops }, raw, now);
      return { outcome: 'quarantined', reason };
    }
    const shopId = shops[0]!;
    placeSupplierInvoice(tx, db, cb, { shopId, actorId: WEBHOOK_ACTOR }, now);
    resolveQuarantine(tx, kept, 'retry-placed', WEBHOOK_ACTOR, shopId, now);
    return { outcome: 'created', shopId };
  });
}

async function notification(db: Firestore, cb: CustomerNotificationCallback, raw: unknown, now: Date): Promise<Result> {
  const key = eventKey(cb);
  return db.runTransaction(async (tx): Promise<Result> => {
    const eventRef = providerEventRef(db, key);
    const invoiceRef = invoicesCol(db).doc(cb.invoiceUuid);
    const [event, snap, kept] = await Promise.all([tx.get(eventRef), tx.get(invoiceRef), readQuarantine(tx, db, key)]);
    if (event.exists) return { outcome: 'duplicate' };
    // The Invoice as the app reads it (src/data/invoice-doc.ts): legacy spellings of the marking normalised.
    const invoice = snap.data();
    const userId = invoice?.userId ?? '';
    if (!invoice || userId === '') {
      quarantineDelivery(tx, db, cb, kept, 'unknown-invoice', { invoiceUuid: cb.invoiceUuid, type: cb.type }, raw, now);
      return { outcome: 'quarantined', reason: 'unknown-invoice' };
    }
    // A late, older notification never downgrades the marking (the ordering rule: marking-order.ts).
    const current = {
      marking: invoice.marking ?? invoice.markingRaw,
      notificationType: invoice.markingNotification,
      notifiedAt: invoice.markingNotifiedAt,
    };
    const applies = cb.marking !== undefined && notificationSetsMarking(current, { type: cb.type, ...(cb.createdAt ? { createdAt: cb.createdAt } : {}) });
    if (cb.marking && applies) {
      tx.update(invoiceRef, { marking: cb.marking, markingNotification: cb.type, markingNotifiedAt: Timestamp.fromDate(cb.createdAt ?? now), updatedAt: Timestamp.fromDate(now) });
    }
    // The entry the invoices screen reads for 'Motivo del Rifiuto SDI' (src/data/api-log.ts). A stale notification
    // is logged too, without newMarking (it changed nothing): staleMarking says what it would have set.
    tx.create(db.collection(SERVER_COLLECTIONS.apiLog).doc(key), {
      userId,
      functionName: 'customer-notification',
      timestamp: Timestamp.fromDate(now),
      details: {
        invoiceId: cb.invoiceUuid,
        ...(cb.marking && applies ? { newMarking: cb.marking } : {}),
        ...(cb.marking && !applies ? { staleMarking: cb.marking, keptMarking: current.marking ?? '' } : {}),
        body: { type: cb.type, ...(cb.note ? { message: cb.note } : {}), errors: cb.errors, notification: JSON.stringify(cb.notification) },
      },
    });
    // The receipt itself, kept with the invoice for the shop and its accountant (a stale one too: it is still a receipt).
    tx.set(sdiReceiptsCol(db).withConverter(null).doc(receiptId(cb.uuid)), receiptFromNotification(cb, userId, now));
    const outcome: Outcome = cb.marking && !applies ? 'stale' : 'updated';
    resolveQuarantine(tx, kept, 'retry-placed', WEBHOOK_ACTOR, userId, now);
    tx.create(eventRef, { event: cb.kind, uuid: cb.uuid, outcome, receivedAt: Timestamp.fromDate(now) });
    return { outcome, shopId: userId };
  });
}
