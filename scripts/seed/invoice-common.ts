/**
 * Shared pieces of the invoice seed: parties from shops and customers, lines from catalog items.
 */
import { DEMO_ACCOUNTS as A, type ShopAccountKey } from './accounts';
import type { DemoCustomer } from './customers';
import type { FpLine, FpParty } from './fatturapa-template';
import { SHOP_INFO } from './people';
import type { CatalogItem } from './products';
import { invoicePrefix } from './random';

/** A catalog item and its quantity on an invoice line. */
export interface Picked {
  item: CatalogItem;
  qty: number;
}

/** An outgoing invoice the seed issued (read again by the SDI notification logs of api-logs.ts). */
export interface Issued {
  uuid: string;
  number: string;
  date: Date;
  picked: Picked[];
  customer: DemoCustomer;
  xml: string;
  total: number;
}

export function shopParty(key: ShopAccountKey): FpParty {
  const info = SHOP_INFO[key];
  return {
    denominazione: info.ragioneSociale,
    partitaIva: info.vat,
    indirizzo: info.address,
    cap: info.zipCode,
    comune: info.city,
    provincia: info.province,
    nazione: 'IT',
  };
}

export function customerParty(c: DemoCustomer): FpParty {
  const d = c.data;
  const s = (k: string) => { const v = d[k]; return typeof v === 'string' ? v : undefined; };
  const cap = d.registeredOfficeCap;
  return {
    denominazione: s('ragioneSociale'),
    nome: s('ragioneSociale') ? undefined : s('name'),
    cognome: s('ragioneSociale') ? undefined : s('surname'),
    partitaIva: s('vatNumber') ?? s('pIva'),
    codiceFiscale: s('cf'),
    indirizzo: s('registeredOfficeAddress') ?? 'Indirizzo non indicato',
    cap: typeof cap === 'number' ? String(cap).padStart(5, '0') : typeof cap === 'string' ? cap : '00000',
    comune: s('registeredOfficeCity') ?? 'Comune non indicato',
    provincia: s('registeredOfficeProvince')?.toUpperCase(),
    nazione: (s('nation') ?? 'IT').toUpperCase(),
  };
}

export function customerCode(c: DemoCustomer): string {
  const d = c.data;
  const code = d.codiceDestinatario ?? d.receiverCode ?? d.codice;
  return typeof code === 'string' && code !== '' ? code : '0000000';
}

/** A sold line: gross shop price → net unit price with 4 decimals (document 2 §5). */
export function saleLine(item: CatalogItem, quantita: number): FpLine {
  return {
    descrizione: item.name,
    quantita,
    prezzoUnitario: Math.round((item.price / (1 + item.vat / 100)) * 10000) / 10000,
    aliquota: item.vat,
    codiceArticolo: { tipo: 'INTERNO', valore: item.code },
    unitaMisura: 'PZ',
  };
}

/** Draft item in the stored shape (gross price, like the POS). */
export function draftItem(item: CatalogItem, quantity: number): Record<string, unknown> {
  return { code: item.code, description: item.name, quantity, price: item.price, iva: item.vat };
}

export function invoiceNumber(key: ShopAccountKey, year: number, n: number | string): string {
  return `${invoicePrefix(A[key].uid)}-${year}-${n}`;
}
