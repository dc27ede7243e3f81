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

/** Every word of the search must appear in the name, an identity, an address or a contact (accents ignored). */
export function matchesCustomerSearch(customer: CustomerLike, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [customerDisplayName(customer), customer.name, customer.surname, customer.partitaIva, customer.codiceFiscale, customer.pec, customer.email, customer.phone, customer.city, customer.codiceDestinatario]
      .filter(Boolean)
      .join(' '),
  );
  return words.every((w) => haystack.includes(w));
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
