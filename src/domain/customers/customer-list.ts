/** The customer directory (document 2 §2.3): search, sort on the four columns, 20 per page. */
import { customerDisplayName, type CustomerLike } from './customer-fields';

export const CUSTOMERS_PAGE_SIZE = 20;

export const CUSTOMER_SORT_KEYS = ['name', 'codiceFiscale', 'partitaIva', 'pec'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];
export interface CustomerSort {
  key: CustomerSortKey;
  direction: 'asc' | 'desc';
}
export const DEFAULT_CUSTOMER_SORT: CustomerSort = { key: 'name', direction: 'asc' };

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The folded text a customer is searched on: the name, the identities, the city and the contacts. */
export function customerSearchText(customer: CustomerLike): string {
  return fold(
    [customerDisplayName(customer), customer.name, customer.surname, customer.partitaIva, customer.codiceFiscale, customer.pec, customer.email, customer.phone, customer.city, customer.codiceDestinatario]
      .filter(Boolean)
      .join(' '),
  );
}

// Customers are immutable values (a snapshot makes new objects), so the text computed once per object stays true.
const textCache = new WeakMap<CustomerLike, string>();

function cachedSearchText(customer: CustomerLike): string {
  let text = textCache.get(customer);
  if (text === undefined) {
    text = customerSearchText(customer);
    textCache.set(customer, text);
  }
  return text;
}

/** The search's words, folded (accents and case ignored); none = everything matches. */
export function searchWords(search: string): string[] {
  return fold(search).split(/\s+/).filter(Boolean);
}

/** Every word of the search must appear in the name, an identity, an address or a contact (accents ignored). */
export function matchesCustomerSearch(customer: CustomerLike, search: string): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const haystack = cachedSearchText(customer);
  return words.every((w) => haystack.includes(w));
}

/**
 * The customers matching the search, in the order given (filter the sorted directory and it stays sorted). The
 * search text of each customer is computed once and remembered, so a keystroke only compares strings.
 */
export function filterCustomers<T extends CustomerLike>(customers: readonly T[], search: string): T[] {
  const words = searchWords(search);
  if (words.length === 0) return [...customers];
  return customers.filter((c) => {
    const haystack = cachedSearchText(c);
    return words.every((w) => haystack.includes(w));
  });
}

function sortValue(customer: CustomerLike, key: CustomerSortKey): string {
  return key === 'name' ? customerDisplayName(customer) : (customer[key] ?? '');
}

/** Sorted copy; empty values go last in either direction. */
export function sortCustomers<T extends CustomerLike>(customers: readonly T[], sort: CustomerSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...customers].sort((a, b) => {
    const va = sortValue(a, sort.key);
    const vb = sortValue(b, sort.key);
    if (va === '' || vb === '') return va === vb ? 0 : va === '' ? 1 : -1;
    return sign * collator.compare(va, vb);
  });
}

/** Clicking a column: a new column sorts ascending, the same column flips. */
export function nextSort(current: CustomerSort, key: CustomerSortKey): CustomerSort {
  return current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}
