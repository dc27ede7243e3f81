/**
 * Customer (document 2 §3): the stored shape and its reading, without Firebase imports (the functions read the same
 * fields). Legacy variants: pIva or vatNumber; receiverCode, codiceDestinatario or codice; postcodes stored as numbers.
 */
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
