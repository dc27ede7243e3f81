/**
 * Sale (document 1 §3, document 2 §3, document 3 §3): POS sales, and also invoice drafts and credit notes
 * (method 'Fattura' / 'Nota di Credito' with an invoiceUUID that is '' while a draft).
 */
import { deleteField, query, Timestamp, updateDoc, where, type FieldValue, type Transaction, type WriteBatch } from 'firebase/firestore';
import { customerDisplayName } from '@/domain/customers/customer-fields';
import type { DraftEditValues } from '@/domain/invoices/draft-edit';
import type { DraftLineOut } from '@/domain/invoices/draft-lines';
import { centsToEuro } from '@/domain/money/money';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { toFirestoreCustomer, type Customer } from './customer';
import type { RawDoc } from './normalize';
import { normalizeSale, readCheckedSale, toFirestoreSale, type CheckedSale, type Sale } from './sale-doc';
import { writeSaleLines, type SaleLine } from './sale-lines';

export * from './sale-doc';

/** Every numbered sale of the shop (drafts and issued invoices): a new number must not repeat one. */
export const numberedSalesQuery = (shopId: string) => query(salesCol(), where('userId', '==', shopId), where('invoiceNumber', '>=', ''));

/** Sales that are invoice documents (drafts, credit-note drafts and sent ones). */
export const INVOICE_DRAFT_METHODS = ['Fattura', 'Nota di Credito'];

/** The shop's invoice and credit-note drafts (an invoiceUUID that is '' while a draft), trash included. */
export const invoiceDraftsQuery = (shopId: string) => query(salesCol(), where('userId', '==', shopId), where('invoiceUUID', '==', ''), where('method', 'in', INVOICE_DRAFT_METHODS));

export const saleConverter = makeConverter('Sale', normalizeSale, toFirestoreSale);
export const salesCol = () => typedCollection(COLLECTIONS.sale, saleConverter);
export const saleDoc = (id: string) => typedDoc(COLLECTIONS.sale, id, saleConverter);

const checkedSaleConverter = makeConverter<CheckedSale>('Sale', readCheckedSale, () => {
  throw new Error('Sale: le vendite lette per le statistiche non si scrivono.');
});
export const checkedSalesCol = () => typedCollection(COLLECTIONS.sale, checkedSaleConverter);

/**
 * The writes of an invoice draft (a Sale with an empty invoiceUUID): created with its number inside the caller's
 * transaction, edited, merged, trashed and restored, and marked while a send is under way. Written in stored names
 * (dotted paths, deleted fields, the drafts' items[] shape): the Sale reference without its converter. In the
 * collection's own module: a module of their own would be one more shared chunk, named in every route's preload list
 * in the entry the sign-in screen loads.
 */
const rawSale = (id: string) => saleDoc(id).withConverter(null);

/**
 * In a transaction: a new draft under `id` (taken before the transaction, so a retried one writes the same draft),
 * its fields built by the screen that makes it (from a receipt, from DDTs), stamped created and updated at `at`.
 */
export function createInvoiceDraftInTransaction(tx: Transaction, id: string, fields: RawDoc, at: Timestamp): void {
  tx.set(rawSale(id), { ...fields, createdAt: at, updatedAt: at });
}

const LEGACY_LINE_FIELDS = ['scrapName', 'scrapPrice', 'scrapQuantity', 'scrapIva', 'scrapCategory', 'scrapCode', 'scrapDiscount', 'scrapBarcode'];

/** A draft's lines replaced by `lines`, stored as items[] with the older line fields removed (they would shadow them). */
function replacedLines(draft: Sale, lines: readonly SaleLine[]): RawDoc {
  const update: RawDoc = { ...writeSaleLines([...lines], 'items') };
  if (draft.lineSource === 'lines') update.lines = deleteField();
  if (draft.lineSource === 'legacy') {
    update.scrapCount = deleteField();
    draft.lines.forEach((_, i) => LEGACY_LINE_FIELDS.forEach((f) => (update[`${f}${i}`] = deleteField())));
  }
  return update;
}

export interface DraftContentChanges {
  /** The edited lines (the draft's own unit: price VAT included), replacing the stored ones. */
  lines?: DraftLineOut[];
  /** Another customer of the directory as the buyer. */
  customer?: Customer;
}

/**
 * 'Modifica Bozza': the terms saved and the XML payload dropped, so the draft's e-invoice is generated again from what
 * the user set. The recipient code goes into the customer stored in the draft, when it has one.
 */
export function saveDraftEdit(draft: Sale, v: DraftEditValues, changes: DraftContentChanges): Promise<void> {
  const optional = (value: string): string | FieldValue => (value === '' ? deleteField() : value);
  const update: RawDoc = {
    invoiceNumber: v.number,
    date: new Date(`${v.date}T12:00:00`),
    dueDate: optional(v.dueDate),
    condizioniPagamento: v.paymentCondition,
    paymentMethod: v.paymentMethod,
    esigibilita: v.esigibilita,
    cig: optional(v.cig),
    cup: optional(v.cup),
    codiceCommessa: optional(v.codiceCommessa),
    invoicePayload: deleteField(),
    updatedAt: new Date(),
  };
  if (changes.customer) {
    // The buyer's copy inside the draft, with the recipient code as set in the form.
    const chosen = { ...changes.customer, codiceDestinatario: v.codiceDestinatario };
    Object.assign(update, { customerId: chosen.id, customer: toFirestoreCustomer(chosen), customerName: customerDisplayName(chosen) });
  } else if (draft.customer) {
    update['customer.receiverCode'] = v.codiceDestinatario;
    update['customer.codiceDestinatario'] = v.codiceDestinatario;
  }
  if (changes.lines) {
    const lines: SaleLine[] = changes.lines.map((l, i) => ({
      lineId: `l${String(i)}`, name: l.name, code: l.code, qty: l.qty, unitPrice: l.unitPrice, vatRate: l.vatRate, natura: l.natura,
      discountPercent: l.discountPercent, total: l.total, unitOfMeasure: l.unitOfMeasure ?? 'PZ', changedPrice: false, loyaltyEligible: false,
    }));
    // `total` only: a POS draft keeps its `price` (what the till took), which the dashboard adds up.
    Object.assign(update, replacedLines(draft, lines), { total: centsToEuro(changes.lines.reduce((s, l) => s + l.totalCents, 0)) });
  }
  return updateDoc(rawSale(draft.id), update);
}

/**
 * In a batch: the survivor of 'Unisci Fatture' receives every line and the recomputed total, the others become
 * 'grouped' pointing at it. `total` only: each merged sale keeps its own `price`, which the dashboard adds up (a
 * merge sells nothing new).
 */
export function mergeDraftsInBatch(batch: WriteBatch, survivor: Sale, lines: readonly SaleLine[], total: number, others: readonly Sale[]): void {
  batch.update(rawSale(survivor.id), { ...replacedLines(survivor, lines), total, invoicePayload: deleteField(), updatedAt: new Date() });
  for (const other of others) batch.update(rawSale(other.id), { invoiceUUID: 'grouped', invoiceGrouped: survivor.id, updatedAt: new Date() });
}

/** In a batch: the draft in the trash (soft: `deleted`). */
export function trashDraftInBatch(batch: WriteBatch, saleId: string, at: Date): void {
  batch.update(rawSale(saleId), { deleted: true, deletedAt: at });
}

export function restoreDraftFromTrash(saleId: string): Promise<void> {
  return updateDoc(rawSale(saleId), { deleted: false, deletedAt: deleteField() });
}

/**
 * 'Elimina definitivamente': the document is not removed but marked `permanentlyDeleted` (the POS and the trash list
 * read that flag), so it leaves every list and its number is free again.
 */
export function markDraftPurged(saleId: string, at: Date): Promise<void> {
  return updateDoc(rawSale(saleId), { permanentlyDeleted: true, permanentlyDeletedAt: at });
}

/** A draft as the send's transaction reads it, with when another tab marked it as being sent (0: never). */
export async function readDraftForSendInTransaction(tx: Transaction, id: string): Promise<{ sale: Sale; sendingSinceMs: number } | undefined> {
  const snap = await tx.get(rawSale(id));
  const raw = snap.data();
  if (!raw) return undefined;
  return { sale: normalizeSale(id, raw), sendingSinceMs: raw.sendingSince instanceof Timestamp ? raw.sendingSince.toMillis() : 0 };
}
