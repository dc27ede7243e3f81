/**
 * ProviderQuarantine: the provider's callbacks the webhook could not place — a supplier invoice whose
 * recipient no shop has (or more than one has), an invoice that already exists, a notification for an invoice we do
 * not know. Written only by the functions (functions/src/webhook.ts, supplier-placement.ts, release-quarantined.ts);
 * admins read them in the developer dashboard. One entry per delivery: the provider's retries rewrite it (attempts);
 * once placed (a retry the registry resolved, or an admin's release) it stays as the record, with `resolution`.
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection } from './converter';
import { compact, toDate, toInt, toOptStr, toStr, toStringList, type RawDoc } from './normalize';

export interface ProviderQuarantineEntry {
  id: string;
  reason: string;
  /** 'supplier-invoice' or 'customer-notification'. */
  event: string;
  /** The provider's uuid of the delivery. */
  uuid: string;
  /** Supplier invoice: the recipient's VAT number / fiscal ids as the provider sent them. */
  recipientIds: string[];
  /** Supplier invoice: the shops that matched (none, or more than one). */
  candidates: string[];
  /** Notification: the invoice it is about, and its SDI type (RC, NS…). */
  invoiceUuid?: string;
  notificationType?: string;
  /** The callback's body as received (JSON text). */
  body: string;
  /** The latest delivery, and the first one. */
  receivedAt?: Date;
  firstReceivedAt?: Date;
  /** Deliveries of the provider kept so far (1 for entries written before attempts were counted). */
  attempts: number;
  /** Placed after all: by a retry of the provider ('retry-placed') or by an admin ('released'). */
  resolution?: 'retry-placed' | 'released';
  /** The admin's uid, or 'provider-webhook'. */
  resolvedBy?: string;
  resolvedAt?: Date;
  /** The shop it was placed in. */
  shopId?: string;
}

const RESOLUTIONS = ['retry-placed', 'released'] as const;

export function normalizeProviderQuarantine(id: string, raw: RawDoc): ProviderQuarantineEntry {
  return {
    id,
    reason: toStr(raw.reason),
    event: toStr(raw.event),
    uuid: toStr(raw.uuid),
    recipientIds: toStringList(raw.recipientIds),
    candidates: toStringList(raw.candidates),
    invoiceUuid: toOptStr(raw.invoiceUuid),
    notificationType: toOptStr(raw.type),
    body: toStr(raw.body),
    receivedAt: toDate(raw.receivedAt),
    firstReceivedAt: toDate(raw.firstReceivedAt),
    attempts: Math.max(1, toInt(raw.attempts, 1)),
    resolution: RESOLUTIONS.find((r) => r === raw.resolution),
    resolvedBy: toOptStr(raw.resolvedBy),
    resolvedAt: toDate(raw.resolvedAt),
    shopId: toOptStr(raw.shopId),
  };
}

/** The app never writes this collection (the rules refuse it); the converter's write side exists for the seed. */
export function toFirestoreProviderQuarantine(entry: ProviderQuarantineEntry): RawDoc {
  const { id: _id, notificationType, ...fields } = entry;
  return compact({ ...fields, type: notificationType });
}

export const providerQuarantineConverter = makeConverter('ProviderQuarantine', normalizeProviderQuarantine, toFirestoreProviderQuarantine);
export const providerQuarantineCol = () => typedCollection(COLLECTIONS.providerQuarantine, providerQuarantineConverter);
