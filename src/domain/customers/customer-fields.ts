/**
 * The editable fields of a customer (document 2 §3 'Customer'), as plain strings, with their Italian labels.
 * One list serves the form, the CSV import mapping and the CSV export, so the export reads back unchanged.
 */
export const CUSTOMER_FIELDS = [
  'ragioneSociale', 'name', 'surname', 'partitaIva', 'codiceFiscale', 'pec', 'codiceDestinatario',
  'address', 'cap', 'city', 'province', 'nation', 'email', 'phone', 'birthday',
] as const;

export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** All fields as text; birthday is 'YYYY-MM-DD' or ''. */
export type CustomerValues = Record<CustomerField, string>;

export const CUSTOMER_FIELD_LABELS: Record<CustomerField, string> = {
  ragioneSociale: 'Ragione Sociale',
  name: 'Nome',
  surname: 'Cognome',
  partitaIva: 'P.IVA',
  codiceFiscale: 'Codice Fiscale',
  pec: 'PEC',
  codiceDestinatario: 'Codice Destinatario',
  address: 'Indirizzo',
  cap: 'CAP',
  city: 'Città',
  province: 'Provincia',
  nation: 'Nazione',
  email: 'Email',
  phone: 'Telefono',
  birthday: 'Data di nascita',
};

export const EMPTY_CUSTOMER_VALUES: CustomerValues = Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, ''])) as CustomerValues;

/** Any object with the customer's optional fields (the data layer's Customer fits). */
export type CustomerLike = Partial<Record<CustomerField, string | undefined>>;

export function customerValues(customer: CustomerLike): CustomerValues {
  return Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, customer[f] ?? ''])) as CustomerValues;
}

/**
 * The name the customer was given: 'ROSSI S.R.L.' (ragione sociale) or 'Mario Rossi' (name and surname); '' when
 * none. For forms and checks that must know whether a name was typed ('Indica il destinatario.'); screens,
 * logs and documents use customerDisplayName.
 */
export function customerOwnName(customer: CustomerLike): string {
  const company = (customer.ragioneSociale ?? '').trim();
  if (company) return company;
  return [customer.name, customer.surname].map((p) => (p ?? '').trim()).filter(Boolean).join(' ');
}

/** What a customer without any name is called when it has no fiscal identity either. */
export const UNNAMED_CUSTOMER = 'Cliente senza nome';

/**
 * The one display name of a customer, for every list, log entry, PDF and document, never empty: its own name
 * (customerOwnName), else its fiscal identity ('P.IVA 01234567890', 'C.F. RSSMRA80A01H501U'), else
 * 'Cliente senza nome'.
 */
export function customerDisplayName(customer: CustomerLike): string {
  const own = customerOwnName(customer);
  if (own) return own;
  const pIva = (customer.partitaIva ?? '').trim();
  if (pIva) return `P.IVA ${pIva}`;
  const cf = (customer.codiceFiscale ?? '').trim();
  if (cf) return `C.F. ${cf}`;
  return UNNAMED_CUSTOMER;
}

/** The customer's fiscal identities (P.IVA and codice fiscale), compacted and uppercased, for duplicate checks. */
export function fiscalKeys(customer: CustomerLike): string[] {
  const keys = [customer.partitaIva, customer.codiceFiscale]
    .map((v) => (v ?? '').replace(/[\s.\-_/]/g, '').toUpperCase())
    .map((v) => (/^IT\d{11}$/.test(v) ? v.slice(2) : v))
    .filter((v) => v !== '');
  return [...new Set(keys)];
}
