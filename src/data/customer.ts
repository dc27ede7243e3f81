/**
 * Customer (document 2 §3): the buyers used on invoices. Legacy variants: pIva or vatNumber; receiverCode,
 * codiceDestinatario or codice; postcodes stored as numbers.
 */
import { deleteField, documentId, getDocs, limit, query, where } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, pick, toDate, toIsoDate, toOptStr, type RawDoc } from './normalize';

export interface Customer {
  id: string;
  userId: string;
  name?: string;
  surname?: string;
  ragioneSociale?: string;
  partitaIva?: string;
  codiceFiscale?: string;
  pec?: string;
  email?: string;
  phone?: string;
  /** Recipient code: 7 characters, 6 for a public administration, '0000000' with PEC. */
  codiceDestinatario?: string;
  /** Registered office. Province and nation are kept as stored: the validity check reports bad ones. */
  address?: string;
  cap?: string;
  city?: string;
  province?: string;
  nation?: string;
  /** 'YYYY-MM-DD'. */
  birthday?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** A postcode stored as a number loses its leading zeros (7100 for '07100'): put them back. */
function toCap(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100000) return String(value).padStart(5, '0');
  return toOptStr(value);
}

export function normalizeCustomer(id: string, raw: RawDoc): Customer {
  return {
    id,
    userId: toOptStr(raw.userId) ?? '',
    name: toOptStr(raw.name),
    surname: toOptStr(raw.surname),
    ragioneSociale: toOptStr(raw.ragioneSociale),
    partitaIva: toOptStr(pick(raw, 'pIva', 'vatNumber', 'partitaIva')),
    codiceFiscale: toOptStr(pick(raw, 'cf', 'codiceFiscale', 'taxCode')),
    pec: toOptStr(raw.pec),
    email: toOptStr(raw.email),
    phone: toOptStr(raw.phone),
    codiceDestinatario: toOptStr(pick(raw, 'receiverCode', 'codiceDestinatario', 'codice')),
    address: toOptStr(pick(raw, 'registeredOfficeAddress', 'address')),
    cap: toCap(pick(raw, 'registeredOfficeCap', 'cap', 'zipCode')),
    city: toOptStr(pick(raw, 'registeredOfficeCity', 'city')),
    province: toOptStr(pick(raw, 'registeredOfficeProvince', 'province')),
    nation: toOptStr(pick(raw, 'nation', 'country')),
    birthday: toIsoDate(raw.birthday),
    createdAt: toDate(raw.createdAt),
    updatedAt: toDate(raw.updatedAt),
  };
}

/** Writes both legacy names of the VAT number and of the recipient code, so queries on either one match. */
export function toFirestoreCustomer(c: Customer): RawDoc {
  return compact({
    userId: c.userId,
    name: c.name,
    surname: c.surname,
    ragioneSociale: c.ragioneSociale,
    pIva: c.partitaIva,
    vatNumber: c.partitaIva,
    cf: c.codiceFiscale,
    pec: c.pec,
    email: c.email,
    phone: c.phone,
    receiverCode: c.codiceDestinatario,
    codiceDestinatario: c.codiceDestinatario,
    registeredOfficeAddress: c.address,
    registeredOfficeCap: c.cap,
    registeredOfficeCity: c.city,
    registeredOfficeProvince: c.province,
    nation: c.nation,
    birthday: c.birthday,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  });
}

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
export function customerUpdateData(fields: Omit<Customer, 'id' | 'userId' | 'createdAt' | 'updatedAt'>, now: Date): Record<string, unknown> {
  const written = toFirestoreCustomer({ ...fields, id: '', userId: '' });
  delete written.userId;
  const update: Record<string, unknown> = { ...written, updatedAt: now };
  for (const key of STORED_EDITABLE_FIELDS) if (!(key in written)) update[key] = deleteField();
  for (const key of LEGACY_ONLY_FIELDS) update[key] = deleteField();
  return update;
}
