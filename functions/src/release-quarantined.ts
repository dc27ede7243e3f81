/**
 * The admin's release of a quarantined supplier invoice: releaseQuarantined({ entryId, shopId }) places
 * the delivery kept in ProviderQuarantine/{entryId} into the chosen existing shop exactly as the webhook would
 * (placeSupplierInvoice: Invoice, UserLog line, ProviderEvent — so a later retry of the provider is a 'duplicate'),
 * and marks the entry released (resolution 'released', resolvedBy = the admin's uid, resolvedAt, shopId): the entry
 * stays as the record of who decided what. Admins only (User.level read here, never a claim the client sends).
 * Refused: a notification entry, an entry already resolved, an unreadable body, a missing shop, an Invoice that
 * already exists under the provider's uuid.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { eventKey, parseCallback, SUPPLIER_INVOICE } from '@/domain/provider-callbacks/callbacks';
import { SERVER_COLLECTIONS } from './collections';
import { placeSupplierInvoice, providerEventRef, quarantineRef, resolveQuarantine } from './supplier-placement';
import { invoicesCol, shopsCol } from './typed-refs';

export interface ReleaseAnswer {
  invoiceId: string;
  shopId: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function readBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export async function releaseQuarantined(db: Firestore, uid: string | undefined, data: unknown, now = new Date()): Promise<ReleaseAnswer> {
  if (!uid) throw new HttpsError('unauthenticated', 'Accesso richiesto.');
  const level: unknown = (await db.collection(SERVER_COLLECTIONS.user).doc(uid).get()).get('level');
  if (level !== 'admin') throw new HttpsError('permission-denied', 'Solo un amministratore può assegnare una consegna.');
  const input = (data ?? {}) as { entryId?: unknown; shopId?: unknown };
  const entryId = text(input.entryId);
  const shopId = text(input.shopId);
  if (entryId === '' || shopId === '' || shopId.includes('/') || entryId.includes('/')) throw new HttpsError('invalid-argument', 'Consegna o negozio mancante.');

  return db.runTransaction(async (tx) => {
    const entry = await tx.get(quarantineRef(db, entryId));
    if (!entry.exists) throw new HttpsError('not-found', 'Consegna non trovata.');
    if (entry.get('event') !== SUPPLIER_INVOICE) throw new HttpsError('failed-precondition', 'Solo le fatture fornitore si possono assegnare a un negozio.');
    if (text(entry.get('resolution')) !== '') throw new HttpsError('failed-precondition', 'Questa consegna è già stata assegnata.');
    const parsed = parseCallback(readBody(text(entry.get('body'))));
    if (!parsed.ok || parsed.callback.kind !== 'supplier-invoice') throw new HttpsError('failed-precondition', 'Il contenuto ricevuto non è una fattura fornitore leggibile.');
    const cb = parsed.callback;
    const key = eventKey(cb);
    const [shop, invoice, event] = await Promise.all([
      tx.get(shopsCol(db).doc(shopId)),
      tx.get(invoicesCol(db).doc(cb.uuid)),
      tx.get(providerEventRef(db, key)),
    ]);
    if (!shop.exists) throw new HttpsError('not-found', `Negozio ${shopId} non trovato.`);
    if (invoice.exists || event.exists) throw new HttpsError('already-exists', 'Esiste già una fattura con lo stesso identificativo: la consegna non è stata assegnata.');
    placeSupplierInvoice(tx, db, cb, { shopId, actorId: uid }, now);
    resolveQuarantine(tx, entry, 'released', uid, shopId, now);
    return { invoiceId: cb.uuid, shopId };
  });
}
