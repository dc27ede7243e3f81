/**
 * The delivery notes' writes inside the caller's transaction (confirmation, cancellation, deferred invoice), which
 * also moves the counter, the products' stock and the invoice draft: all of it lands or none. Notes and counters are
 * read and written in stored names (normalizeDdt on the way in): the reference goes without its converter, whose
 * write would rewrite the whole note.
 */
import type { Timestamp, Transaction } from 'firebase/firestore';
import { ddtCounterId, ddtDoc, normalizeDdt, toFirestoreDdt, type Ddt, type DdtLine } from './ddt';
import { toInt } from './normalize';

const rawDdt = (id: string) => ddtDoc(id).withConverter(null);

/** The note as the transaction reads it now; undefined when it no longer exists. */
export async function readDdtInTransaction(tx: Transaction, id: string): Promise<Ddt | undefined> {
  const snap = await tx.get(rawDdt(id));
  return snap.exists() ? normalizeDdt(id, snap.data()) : undefined;
}

/** A shop's numbering of one year as the transaction reads it: the last progressive given (0 before the first). */
export interface DdtCounter {
  shopId: string;
  year: number;
  exists: boolean;
  last: number;
}

export async function readDdtCounterInTransaction(tx: Transaction, shopId: string, year: number): Promise<DdtCounter> {
  const snap = await tx.get(rawDdt(ddtCounterId(shopId, year)));
  return { shopId, year, exists: snap.exists(), last: snap.exists() ? toInt(snap.data().last, 0) : 0 };
}

/** The counter moved to `progressive`, naming the note that takes this step: the rules accept one note per step. */
export function advanceDdtCounter(tx: Transaction, counter: DdtCounter, progressive: number, ddtId: string): void {
  const ref = rawDdt(ddtCounterId(counter.shopId, counter.year));
  if (counter.exists) tx.update(ref, { last: progressive, ddtId });
  else tx.set(ref, { userId: counter.shopId, kind: 'counter', year: counter.year, last: progressive, ddtId });
}

export interface DdtConfirmation {
  progressive: number;
  number: string;
  /** The note's lines, each marked stockMoved when its product's stock was taken. */
  lines: DdtLine[];
  at: Timestamp;
}

export function markDdtConfirmed(tx: Transaction, ddt: Ddt, c: DdtConfirmation): void {
  tx.update(rawDdt(ddt.id), {
    state: 'confermato', progressive: c.progressive, number: c.number, confirmedAt: c.at, updatedAt: c.at,
    lines: toFirestoreDdt({ ...ddt, lines: c.lines }).lines,
  });
}

export function markDdtCancelled(tx: Transaction, id: string, at: Timestamp): void {
  tx.update(rawDdt(id), { state: 'annullato', cancelledAt: at, updatedAt: at });
}

/** The note went into the deferred invoice draft `invoiceId`, numbered `invoiceNumber`. */
export function markDdtInvoiced(tx: Transaction, id: string, invoiceId: string, invoiceNumber: string, at: Timestamp): void {
  tx.update(rawDdt(id), { state: 'fatturato', invoiceId, invoiceNumber, invoicedAt: at, updatedAt: at });
}
