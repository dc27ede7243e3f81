/**
 * Where a provider delivery ends up: placed in a shop, or kept in quarantine. One module for both the
 * webhook (functions/src/webhook.ts) and the admin's release (functions/src/release-quarantined.ts), so that a
 * released supplier invoice is written exactly as the webhook would have written it.
 *
 * - placeSupplierInvoice: the incoming Invoice (the shape the app reads: src/data/invoice.ts), the shop's UserLog
 *   line and the ProviderEvent idempotency record, in the caller's transaction. The invoice is marked as waiting
 *   for its original XML (receivedXmlPending): the webhook downloads it next, a later callback if that fails (an
 *   admin's release is filled by the shop's next callback).
 * - quarantineDelivery: ProviderQuarantine/{eventKey}, one document per delivery, rewritten on every attempt
 *   (attempts counted, first arrival kept). No ProviderEvent: a quarantined delivery is not 'processed', so the
 *   provider's retry is examined again.
 * - resolveQuarantine: the entry of a delivery that was placed after all (a retry the registry now resolves, or an
 *   admin's release) is kept as the record, marked with who placed it, where and when.
 * Transactions read before they write: callers read the quarantine entry (readQuarantine) with their other reads.
 */
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { receivedXmlPending } from '@/data/invoice-doc';
import { eventKey, type CustomerNotificationCallback, type SupplierInvoiceCallback } from '@/domain/provider-callbacks/callbacks';
import { SERVER_COLLECTIONS, WEBHOOK_ACTOR } from './collections';
import { invoicesCol } from './typed-refs';

/** How a quarantined delivery left the quarantine: a retry of the provider placed it, or an admin released it. */
export type QuarantineResolution = 'retry-placed' | 'released';

export interface Placement {
  shopId: string;
  /** WEBHOOK_ACTOR, or the uid of the admin who released the delivery from quarantine. */
  actorId: string;
}

export const quarantineRef = (db: Firestore, key: string): DocumentReference => db.collection(SERVER_COLLECTIONS.quarantine).doc(key);
export const providerEventRef = (db: Firestore, key: string): DocumentReference => db.collection(SERVER_COLLECTIONS.providerEvent).doc(key);

/** The quarantine entry of a delivery, read in the transaction (before any write). */
export function readQuarantine(tx: Transaction, db: Firestore, key: string): Promise<DocumentSnapshot> {
  return tx.get(quarantineRef(db, key));
}

/** Writes the incoming Invoice, the shop's UserLog line and the ProviderEvent record ('created'). */
export function placeSupplierInvoice(tx: Transaction, db: Firestore, cb: SupplierInvoiceCallback, placement: Placement, now: Date): void {
  const key = eventKey(cb);
  const { shopId, actorId } = placement;
  const released = actorId !== WEBHOOK_ACTOR;
  // Exactly as the app reads incoming invoices (src/data/invoice.ts, scripts/seed/invoices-incoming.ts).
  tx.create(invoicesCol(db).doc(cb.uuid).withConverter(null), {
    uuid: cb.uuid,
    userId: shopId,
    type: 1,
    status: 'received',
    payload: JSON.stringify(cb.payload),
    marking: 'received',
    newInvoice: true,
    createdAt: Timestamp.fromDate(cb.createdAt ?? now),
    ...(cb.date ? { date: Timestamp.fromDate(new Date(`${cb.date}T00:00:00Z`)) } : {}),
    total: cb.total,
    items: cb.items,
    ...(cb.fileName ? { fileName: cb.fileName } : {}),
    // Waiting for its original XML, which the webhook downloads next (received-xml.ts; a later callback if not).
    ...receivedXmlPending(now),
  });
  tx.create(db.collection(SERVER_COLLECTIONS.userLog).doc(`webhook_${key}`), {
    userId: shopId,
    actorId,
    action: 'invoice_received',
    module: 'invoices',
    message: `Fattura ${cb.number} ricevuta da ${cb.supplierName}`,
    timestamp: Timestamp.fromDate(now),
    details: { invoiceId: cb.uuid, supplier: cb.supplierName, number: cb.number, total: cb.total, ...(released ? { releasedFromQuarantine: true } : {}) },
  });
  tx.create(providerEventRef(db, key), {
    event: cb.kind,
    uuid: cb.uuid,
    outcome: 'created',
    receivedAt: Timestamp.fromDate(now),
    ...(released ? { releasedBy: actorId } : {}),
  });
}

/**
 * Keeps a delivery that could not be placed: the entry is rewritten with the latest reason, candidates and body,
 * `attempts` counts the deliveries, `firstReceivedAt` keeps the first one. `existing` is the entry as read in the
 * transaction.
 */
export function quarantineDelivery(
  tx: Transaction,
  db: Firestore,
  cb: SupplierInvoiceCallback | CustomerNotificationCallback,
  existing: DocumentSnapshot,
  reason: string,
  extra: Record<string, unknown>,
  raw: unknown,
  now: Date,
): void {
  const previous: unknown = existing.get('attempts');
  const attempts = (typeof previous === 'number' && Number.isFinite(previous) ? previous : existing.exists ? 1 : 0) + 1;
  const first: unknown = existing.get('firstReceivedAt') ?? existing.get('receivedAt');
  tx.set(quarantineRef(db, eventKey(cb)), {
    reason,
    event: cb.kind,
    uuid: cb.uuid,
    ...extra,
    // The body as text: Firestore keeps it whatever its shape (nulls, nested lists).
    body: JSON.stringify(raw),
    receivedAt: Timestamp.fromDate(now),
    firstReceivedAt: first instanceof Timestamp ? first : Timestamp.fromDate(now),
    attempts,
  });
}

/** Marks the quarantine entry of a delivery that was placed after all (nothing when there is none). */
export function resolveQuarantine(tx: Transaction, entry: DocumentSnapshot, resolution: QuarantineResolution, by: string, shopId: string | undefined, now: Date): void {
  if (!entry.exists) return;
  tx.update(entry.ref, { resolution, resolvedBy: by, resolvedAt: Timestamp.fromDate(now), ...(shopId ? { shopId } : {}) });
}
