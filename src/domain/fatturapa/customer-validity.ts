/**
 * Customer validity for invoicing (document 2 §5) and the mapping of a stored Customer (with its legacy field
 * names) onto the builder's BuyerInput.
 *
 * Spec rules:
 * - receiver code 0000000 requires a certified e-mail (PEC);
 * - with a VAT number: company name, address, postcode, city, 2-letter uppercase province and nation;
 * - without VAT number but with a tax code: first name, last name and the same address fields;
 * - without both, the customer is invalid ('Dati insufficienti').
 * Beyond the spec: an Italian VAT number and tax code must pass their checksums, an Italian postcode must have
 * 5 digits, a recipient code must be 6 or 7 letters/digits.
 */
import { codiceFiscaleProblem, normalizeCodiceFiscale } from '../fiscal-ids/codice-fiscale';
import { normalizePartitaIva, partitaIvaProblem } from '../fiscal-ids/partita-iva';
import { DEFAULT_CODICE_DESTINATARIO } from './codes';
import type { BuyerInput } from './types';
import { isItalianCap } from '../validation/cap';

/**
 * The fields of the typed Customer (src/data/customer.ts normalizeCustomer, structurally a subset of its
 * Customer) the buyer and the validity are computed from. The converter alone decides which legacy spelling counts
 * (pIva / vatNumber, cf / codiceFiscale, receiverCode / codiceDestinatario / codice, registeredOffice* / address...,
 * a postcode stored as a number), so /customers, the receipt's invoice panel and the send agree. Never a raw document.
 */
export interface BuyerIdentity {
  name?: string;
  surname?: string;
  ragioneSociale?: string;
  partitaIva?: string;
  codiceFiscale?: string;
  pec?: string;
  codiceDestinatario?: string;
  address?: string;
  cap?: string;
  city?: string;
  province?: string;
  nation?: string;
}

export interface CustomerValidity {
  valid: boolean;
  /** Italian field names that are missing or wrong, in form order. */
  missing: string[];
  /** Badge text, or null when the customer is valid. */
  badge: string | null;
}

export const INSUFFICIENT_DATA_BADGE = 'Dati insufficienti';
export const MISSING_DATA_BADGE_PREFIX = 'Dati mancanti/errati: ';

/** The typed customer in the builder's buyer shape (trimmed; empty values left out). */
export function customerToBuyerInput(customer: BuyerIdentity): BuyerInput {
  const text = (value: string | undefined) => value?.trim() ?? '';
  const buyer: BuyerInput = { address: text(customer.address), cap: text(customer.cap), city: text(customer.city) };
  const optional: Partial<Record<keyof BuyerInput, string>> = {
    ragioneSociale: text(customer.ragioneSociale),
    name: text(customer.name),
    surname: text(customer.surname),
    partitaIva: text(customer.partitaIva),
    codiceFiscale: text(customer.codiceFiscale),
    pec: text(customer.pec),
    codiceDestinatario: text(customer.codiceDestinatario),
    province: text(customer.province),
    nation: text(customer.nation),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined && value !== '') Object.assign(buyer, { [key]: value });
  }
  return buyer;
}

const TWO_UPPER = /^[A-Z]{2}$/;

/** Checks whether a customer can receive an invoice, per document 2 §5 (plus checksum checks). */
export function checkCustomerForInvoicing(customer: BuyerIdentity): CustomerValidity {
  const b = customerToBuyerInput(customer);
  const partitaIva = b.partitaIva ?? '';
  const codiceFiscale = b.codiceFiscale ?? '';
  if (partitaIva === '' && codiceFiscale === '') {
    return { valid: false, missing: ['P.IVA o Codice Fiscale'], badge: INSUFFICIENT_DATA_BADGE };
  }
  const nation = b.nation ?? '';
  const italian = nation === '' || nation.toUpperCase() === 'IT';
  const missing: string[] = [];

  if (partitaIva !== '') {
    if (italian && partitaIvaProblem(normalizePartitaIva(partitaIva)) !== null) missing.push('P.IVA');
    if ((b.ragioneSociale ?? '') === '') missing.push('Ragione Sociale');
  } else {
    if ((b.name ?? '') === '') missing.push('Nome');
    if ((b.surname ?? '') === '') missing.push('Cognome');
  }
  if (codiceFiscale !== '' && italian && codiceFiscaleProblem(normalizeCodiceFiscale(codiceFiscale)) !== null) {
    missing.push('Codice Fiscale');
  }
  if (b.address === '') missing.push('Indirizzo');
  if (b.cap === '' || (italian && !isItalianCap(b.cap))) missing.push('CAP');
  if (b.city === '') missing.push('Città');
  if (!TWO_UPPER.test(b.province ?? '')) missing.push('Provincia');
  if (!TWO_UPPER.test(nation)) missing.push('Nazione');

  const code = (b.codiceDestinatario ?? '').toUpperCase();
  if (code !== '' && !/^[A-Z0-9]{6,7}$/.test(code)) missing.push('Codice Destinatario');
  if ((code === '' || code === DEFAULT_CODICE_DESTINATARIO) && (b.pec ?? '') === '') missing.push('PEC');

  return missing.length === 0
    ? { valid: true, missing, badge: null }
    : { valid: false, missing, badge: MISSING_DATA_BADGE_PREFIX + missing.join(', ') };
}

/** A customer /customers and the receipt's panel show as not invoiceable is refused at send with the same badge. */
export const invalidCustomerMessage = (badge: string) => `Cliente non fatturabile (${badge}): correggi i suoi dati in Clienti.`;

/** Why no invoice (sent draft or DDT deferred invoice) may be built for this customer, or null when it may. */
export function customerRefusal(customer: BuyerIdentity): string | null {
  const { badge } = checkCustomerForInvoicing(customer);
  return badge === null ? null : invalidCustomerMessage(badge);
}
