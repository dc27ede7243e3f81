/**
 * The provider's webhook (OPENAPI-SDI.md §3.2, §3.6, §4): POST {event, data}. The decisions are in the pure module
 * src/domain/provider-callbacks; here: the auth header, the body, and the one Firestore transaction per delivery.
 *
 * - Authorization must equal the configured auth header (the value registered as `auth_header` of the callbacks),
 *   compared in constant time; wrong or missing → 401, nothing written.
 * - A body that is not a well-formed callback → 400, nothing written.
 * - Idempotent by the provider's uuid: ProviderEvent/{event}_{uuid} is created in the same transaction as the
 *   writes, so a retried (or concurrent) delivery of the same event writes nothing twice and answers 200.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  eventKey,
  parseCallback,
  type CustomerNotificationCallback,
  type SupplierInvoiceCallback,
} from '@/domain/provider-callbacks/callbacks';
import { notificationSetsMarking } from '@/domain/provider-callbacks/marking-order';
import { SERVER_COLLECTIONS, WEBHOOK_ACTOR } from './collections';

export interface WebhookRequest {
  method: string;
  header(name: string): string | undefined;
  rawBody?: Buffer;
  body?: unknown;
}

export interface WebhookAnswer {
  status: number;
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

export async function handleWebhook(db: Firestore, req: WebhookRequest, expectedAuth: string, now = new Date()): Promise<WebhookAnswer> {
  if (req.method !== 'POST') return { status: 405, body: { error: 'method not allowed' } };
  if (!sameSecret(req.header('authorization') ?? '', expectedAuth)) return { status: 401, body: { error: 'unauthorized' } };
  const body = readBody(req);
  if (!body.ok) return { status: 400, body: { error: 'body is not JSON' } };
  const parsed = parseCallback(body.value);
  if (!parsed.ok) return { status: 400, body: { error: parsed.reason } };
  const callback = parsed.callback;
  if (callback.kind === 'ignored') return { status: 200, body: { ok: true, outcome: 'ignored', event: callback.event } };
  const outcome = callback.kind === 'supplier-invoice' ? await supplierInvoice(db, callback, body.value, now) : await notification(db, callback, body.value, now);
  return { status: 200, body: { ok: true, outcome } };
}

/** The shops whose VAT number or fiscal code is one of the ids (settings.pIva is what the app edits). */
async function shopsFor(db: Firestore, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const withPrefix = ids.flatMap((id) => (/^\d{11}$/.test(id) ? [id, `IT${id}`] : [id]));
  const fields = ['settings.pIva', 'pIva', 'vatNumber', 'codiceFiscale'];
  const snaps = await Promise.all(fields.map((f) => db.collection(SERVER_COLLECTIONS.shop).where(f, 'in', withPrefix).limit(5).get()));
  return [...new Set(snaps.flatMap((s) => s.docs.map((d) => d.id)))];
}

function quarantine(tx: Transaction, db: Firestore, key: string, reason: string, extra: Record<string, unknown>, raw: unknown, now: Date): void {
  tx.set(db.collection(SERVER_COLLECTIONS.quarantine).doc(key), {
    reason,
    ...extra,
    // The body as text: Firestore keeps it whatever its shape (nulls, nested lists).
    body: JSON.stringify(raw),
    receivedAt: Timestamp.fromDate(now),
  });
}

async function supplierInvoice(db: Firestore, cb: SupplierInvoiceCallback, raw: unknown, now: Date): Promise<Outcome> {
  const key = eventKey(cb);
  const shops = await shopsFor(db, cb.recipientIds);
  return db.runTransaction(async (tx) => {
    const eventRef = db.collection(SERVER_COLLECTIONS.providerEvent).doc(key);
    const invoiceRef = db.collection(SERVER_COLLECTIONS.invoice).doc(cb.uuid);
    const [event, existing] = await Promise.all([tx.get(eventRef), tx.get(invoiceRef)]);
    if (event.exists) return 'duplicate';
    let outcome: Outcome;
    if (shops.length !== 1 || existing.exists) {
      const reason = existing.exists ? 'invoice-exists' : shops.length === 0 ? 'unknown-recipient' : 'ambiguous-recipient';
      quarantine(tx, db, key, reason, { event: cb.kind, uuid: cb.uuid, recipientIds: cb.recipientIds, candidates: shops }, raw, now);
      outcome = 'quarantined';
    } else {
      const shopId = shops[0]!;
      const createdAt = Timestamp.fromDate(cb.createdAt ?? now);
      // Exactly as the app reads incoming invoices (src/data/invoice.ts, scripts/seed/invoices-incoming.ts).
      tx.create(invoiceRef, {
        uuid: cb.uuid,
        userId: shopId,
        type: 1,
        status: 'received',
        payload: JSON.stringify(cb.payload),
        marking: 'received',
        newInvoice: true,
        createdAt,
        ...(cb.date ? { date: Timestamp.fromDate(new Date(`${cb.date}T00:00:00Z`)) } : {}),
        total: cb.total,
        items: cb.items,
        ...(cb.fileName ? { fileName: cb.fileName } : {}),
      });
      tx.create(db.collection(SERVER_COLLECTIONS.userLog).doc(`webhook_${key}`), {
        userId: shopId,
        actorId: WEBHOOK_ACTOR,
        action: 'invoice_received',
        module: 'invoices',
        message: `Fattura ${cb.number} ricevuta da ${cb.supplierName}`,
        timestamp: Timestamp.fromDate(now),
        details: { invoiceId: cb.uuid, supplier: cb.supplierName, number: cb.number, total: cb.total },
      });
      outcome = 'created';
    }
    tx.create(eventRef, { event: cb.kind, uuid: cb.uuid, outcome, receivedAt: Timestamp.fromDate(now) });
    return outcome;
  });
}

async function notification(db: Firestore, cb: CustomerNotificationCallback, raw: unknown, now: Date): Promise<Outcome> {
  const key = eventKey(cb);
  return db.runTransaction(async (tx) => {
    const eventRef = db.collection(SERVER_COLLECTIONS.providerEvent).doc(key);
    const invoiceRef = db.collection(SERVER_COLLECTIONS.invoice).doc(cb.invoiceUuid);
    const [event, invoice] = await Promise.all([tx.get(eventRef), tx.get(invoiceRef)]);
    if (event.exists) return 'duplicate';
    let outcome: Outcome;
    const userId: unknown = invoice.get('userId');
    if (!invoice.exists || typeof userId !== 'string' || userId === '') {
      quarantine(tx, db, key, 'unknown-invoice', { event: cb.kind, uuid: cb.uuid, invoiceUuid: cb.invoiceUuid, type: cb.type }, raw, now);
      outcome = 'quarantined';
    } else {
      // A late, older notification never downgrades the marking (the ordering rule: marking-order.ts).
      const notifiedAt: unknown = invoice.get('markingNotifiedAt');
      const current = {
        marking: typeof invoice.get('marking') === 'string' ? (invoice.get('marking') as string) : undefined,
        notificationType: typeof invoice.get('markingNotification') === 'string' ? (invoice.get('markingNotification') as string) : undefined,
        notifiedAt: notifiedAt instanceof Timestamp ? notifiedAt.toDate() : undefined,
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
      outcome = cb.marking && !applies ? 'stale' : 'updated';
    }
    tx.create(eventRef, { event: cb.kind, uuid: cb.uuid, outcome, receivedAt: Timestamp.fromDate(now) });
    return outcome;
  });
}
