/**
 * Customer (document 2 §3): the buyers used on invoices. Legacy variants: pIva or vatNumber; receiverCode,
 * codiceDestinatario or codice; postcodes stored as numbers.
 */
import { deleteField, documentId, getDocs, limit, query, updateDoc, where, type WriteBatch } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeCustomer, toFirestoreCustomer, type Customer } from './customer-doc';

export * from './customer-doc';

export const customerConverter = makeConverter('Customer', normalizeCustomer, toFirestoreCustomer);
export const customersCol = () => typedCollection(COLLECTIONS.customer, customerConverter);
export const customerDoc = (id: string) => typedDoc(COLLECTIONS.customer, id, customerConverter);

/**
 * The shop's customer `id`, or undefined when the shop has none by that id (deleted). A query rather than a get: the
 * rules refuse a get of a missing document (no userId to check), and that refusal must not be mistaken for 'not
 * found' — a failed read rejects, so no caller sends a stale copy believing the customer is gone.
 */
export async function findShopCustomer(shopId: string, id: string): Promise<Customer | undefined> {
  // A one-id range, not '==': the rules evaluate an id equality as a get of that (possibly missing) document.
  const snapshot = await getDocs(query(customersCol(), where('userId', '==', shopId), where(documentId(), '>=', id), where(documentId(), '<=', id), limit(1)));
  return snapshot.docs[0]?.data();
}

/** The names under which the editable fields are stored (both legacy spellings where the POS reads both). */
const STORED_EDITABLE_FIELDS = Object.keys(
  toFirestoreCustomer({
    id: '', userId: '', name: 'x', surname: 'x', ragioneSociale: 'x', partitaIva: 'x', codiceFiscale: 'x', pec: 'x', email: 'x', phone: 'x',
    codiceDestinatario: 'x', address: 'x', cap: 'x', city: 'x', province: 'x', nation: 'x', birthday: 'x',
  }),
).filter((key) => key !== 'userId');

/** Older spellings the converter reads but the POS no longer writes: dropped on edit, so a cleared field stays cleared. */
const LEGACY_ONLY_FIELDS = ['partitaIva', 'codiceFiscale', 'taxCode', 'codice', 'address', 'cap', 'zipCode', 'city', 'province', 'country'];

/**
 * The update of an edited customer in stored field names: every editable field written, an emptied one deleted,
 * legacy-only spellings removed. Fields of the POS this module does not know are left untouched.
 */
function customerUpdateData(fields: Omit<Customer, 'id' | 'userId' | 'createdAt' | 'updatedAt'>, now: Date): Record<string, unknown> {
  const written = toFirestoreCustomer({ ...fields, id: '', userId: '' });
  delete written.userId;
  const update: Record<string, unknown> = { ...written, updatedAt: now };
  for (const key of STORED_EDITABLE_FIELDS) if (!(key in written)) update[key] = deleteField();
  for (const key of LEGACY_ONLY_FIELDS) update[key] = deleteField();
  return update;
}

/** Saves an edited customer's fields (customerUpdateData: an emptied field deleted, legacy-only spellings dropped). */
export function saveCustomerFields(id: string, fields: Omit<Customer, 'id' | 'userId' | 'createdAt' | 'updatedAt'>, now: Date): Promise<void> {
  return updateDoc(customerDoc(id).withConverter(null), customerUpdateData(fields, now));
}

/** In a batch: a new customer under its id, in the stored names the POS reads (toFirestoreCustomer). */
export function addCustomerInBatch(batch: WriteBatch, customer: Customer): void {
  batch.set(customerDoc(customer.id).withConverter(null), toFirestoreCustomer(customer));
}
