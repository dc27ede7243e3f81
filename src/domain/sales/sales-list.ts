/**
 * The sales list's pure rules (document 2 §2.1, §4.7, §5, §9): search, filters with the exact price-band edges,
 * date-time bounds, the receipt's method label, the pager's window of page buttons.
 */
import { countOf, formatCount } from '../numbers/format-count';
import { methodLabel, PAYMENT_FAMILY_LABEL, paymentFamily, takingsFamily, type TakingsDoc } from './payment-family';

export const SALES_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SALES_PAGE_SIZE = 20;
export const SALES_QUERY_LIMIT = 500;
/**
 * The first screen's live read: the default page plus room for the invoices of receipts among them (listed with
 * their receipt, not as rows). The 500 follow only when the user goes past the first page — another page, a page
 * size, a filter, the search, the export, or scrolling to the pager: a shop looking at its last sales does not
 * pay the Firestore SDK's work on 500 documents (seconds of a blocked page on a slow laptop).
 */
export const SALES_FIRST_LIVE = 30;

/**
 * Whether the window's live answer holds the whole window. Its first answer may come from a cache that holds only
 * the first page: it counts once it is the server's, or when it fills the window (a reload: the cache kept it), or
 * when the database cannot be reached (the cache is all there is, as for every list offline).
 */
export function windowAnswerComplete(answer: { fromCache: boolean; size: number; offline: boolean }): boolean {
  return !answer.fromCache || answer.size >= SALES_QUERY_LIMIT || answer.offline;
}

/**
 * Whether the first page's live answer holds every sale of the shop: shorter than asked, and not a cache that holds
 * only what another screen read (the dashboard's sales of today) unless the database cannot be reached.
 */
export function firstPageHoldsAll(answer: { fromCache: boolean; size: number; offline: boolean }): boolean {
  return answer.size < SALES_FIRST_LIVE && (!answer.fromCache || answer.offline);
}

/**
 * Whether the first page's live answer is the first page as it is: the server's, a full one from the cache (a
 * reload), or the cache when the database cannot be reached; not a cache's partial answer (another screen's rows).
 */
export function firstPageSettled(answer: { fromCache: boolean; size: number; offline: boolean }): boolean {
  return !answer.fromCache || answer.offline || answer.size >= SALES_FIRST_LIVE;
}
/**
 * A load of 500 arrives in several reads: first the rows of the default page, shown at once, then the rest from
 * the cursor in reads of at most SALES_READ_CHUNK. On a phone connection the 500 documents take seconds and their
 * decoding takes the main thread: the first page need not wait for them, and no single answer blocks input for
 * long (Lighthouse on /sales).
 */
export const SALES_FIRST_ROWS = DEFAULT_SALES_PAGE_SIZE;
export const SALES_READ_CHUNK = 50;

/** The sizes of the reads that make one load of `total` sales: [20, 50 × 9, 30] for 500. */
export function salesReadSizes(total = SALES_QUERY_LIMIT, first = SALES_FIRST_ROWS, chunk = SALES_READ_CHUNK): number[] {
  const sizes = [Math.min(first, total)];
  for (let left = total - sizes[0]!; left > 0; left -= chunk) sizes.push(Math.min(chunk, left));
  return sizes;
}

export const PRICE_BANDS = [
  { key: '0-10', label: '0 - 10 €', matches: (p: number) => p >= 0 && p <= 10 },
  { key: '10-50', label: '10 - 50 €', matches: (p: number) => p > 10 && p <= 50 },
  { key: '50-100', label: '50 - 100 €', matches: (p: number) => p > 50 && p <= 100 },
  { key: '100+', label: 'Oltre 100 €', matches: (p: number) => p > 100 },
] as const;
export type PriceBandKey = (typeof PRICE_BANDS)[number]['key'];

export interface SalesFilter {
  search: string;
  /** A payment family's label ('Contanti', 'Bancomat'...: payment-family.ts), '' for every method. */
  method: string;
  band: PriceBandKey | '';
  /** Inclusive bounds, compared as date-time (the datetime-local inputs' values as Dates). */
  from?: Date;
  to?: Date;
}

export const EMPTY_SALES_FILTER: SalesFilter = { search: '', method: '', band: '' };

/** A filter the list applies to the sales it has read (search, method, price band): not the period, which is read. */
export function filtersReadSales(filter: SalesFilter): boolean {
  return filter.search.trim() !== '' || filter.method !== '' || filter.band !== '';
}

/**
 * What the list says beside 'Carica altre' while the period (the whole history without one) holds more sales than
 * it has read: how many of how many, and — when a search or a filter is on — that they apply to those read while the
 * export takes the whole period. `total` is the period's count, once known.
 */
export function salesReadNote(read: number, total: number | undefined, bounded: boolean, filtering: boolean): string {
  const of = total === undefined ? countOf(read, 'vendita', 'vendite') : `${formatCount(read)} delle ${countOf(total, 'vendita', 'vendite')}`;
  const note = `Caricate ${of}${bounded ? ' del periodo' : ''}, le più recenti.`;
  if (!filtering) return note;
  return `${note} Ricerca e filtri valgono per quelle caricate: 'Carica altre' per cercare anche nelle precedenti; 'Esporta CSV' comprende tutte quelle ${bounded ? 'del periodo ' : ''}che corrispondono.`;
}

export interface ListedSale {
  date?: Date;
  method: string;
  price: number;
  employeeName: string;
}

export function matchesSalesFilter(sale: ListedSale, filter: SalesFilter): boolean {
  const search = filter.search.trim().toLowerCase();
  if (search && !sale.employeeName.toLowerCase().includes(search) && !sale.method.toLowerCase().includes(search) && !methodLabel(sale.method).toLowerCase().includes(search)) return false;
  if (filter.method && PAYMENT_FAMILY_LABEL[paymentFamily(sale.method)] !== filter.method) return false;
  if (filter.band) {
    const band = PRICE_BANDS.find((b) => b.key === filter.band);
    if (band && !band.matches(sale.price)) return false;
  }
  if (filter.from && (!sale.date || sale.date.getTime() < filter.from.getTime())) return false;
  if (filter.to && (!sale.date || sale.date.getTime() > filter.to.getTime())) return false;
  return true;
}

/**
 * The payment families present in the data, as the filter's options (their labels, sorted): one rule for every
 * screen (payment-family.ts), so 'Contanti ', 'CONTANTI' and 'contanti' are one option, as the totals count them.
 */
export function methodsPresent(sales: readonly { method: string }[]): string[] {
  return [...new Set(sales.map((s) => PAYMENT_FAMILY_LABEL[paymentFamily(s.method)]))].sort((a, b) => a.localeCompare(b, 'it'));
}

export const SALES_CSV_HEADERS = ['Data', 'Ora', 'Dipendente', 'Metodo', 'Prezzo', 'Famiglia', 'Incasso'] as const;

/**
 * One row of the sales export: the stored method as shown, its family and whether the sale counts in the takings
 * ('Sì'/'No', payment-family.ts), so the file's sums agree with the dashboard, the statistics and the Z-report.
 */
export function salesCsvRow(sale: TakingsDoc & { date?: Date; price: number }, employeeName: string): (string | number | Date | undefined)[] {
  const time = sale.date ? `${String(sale.date.getHours()).padStart(2, '0')}:${String(sale.date.getMinutes()).padStart(2, '0')}` : '';
  return [sale.date, time, employeeName, sale.method, sale.price, PAYMENT_FAMILY_LABEL[paymentFamily(sale.method)], takingsFamily(sale) ? 'Sì' : 'No'];
}

export interface ReceiptPosInput {
  method: string;
  isManualBancomatSale: boolean;
  posAnswer?: { msgCode?: string; acquirer?: string; authCode?: string; approved: boolean };
}

export type ReceiptKind = 'manual-card' | 'pos-auto' | 'other';

/** Document 2 §4.7: manual card-terminal sale, automatic POS sale, or neither. */
export function receiptKind(sale: ReceiptPosInput): ReceiptKind {
  const pos = sale.posAnswer;
  if (sale.isManualBancomatSale || pos?.msgCode === 'B' || pos?.acquirer === 'MANUAL_BANCOMAT' || pos?.authCode === 'MANUAL_BANCOMAT') return 'manual-card';
  if (sale.method.trim().toLowerCase() === 'bancomat' && pos?.approved === true && pos.msgCode !== 'B' && pos.msgCode !== 'M') return 'pos-auto';
  return 'other';
}

export function receiptMethodLabel(sale: ReceiptPosInput): string {
  const kind = receiptKind(sale);
  if (kind === 'manual-card') return 'Bancomat';
  if (kind === 'pos-auto') return 'POS auto';
  return methodLabel(sale.method);
}

/** What a listed document is when it is not a sale that was paid: a voided receipt or a pre-bill. */
export type SaleStatus = { label: 'Annullato'; note: string } | { label: 'Preconto'; note: string };

/**
 * 'Annullato' for a voided receipt (isVoid), 'Preconto' for a pre-bill (the preconto family), null for a sale: shown
 * wherever the sale is (its row in /sales and its receipt), so neither reads as money taken. A voided pre-bill is
 * 'Annullato'.
 */
export function saleStatus(sale: { isVoid: boolean; method: string }): SaleStatus | null {
  if (sale.isVoid) return { label: 'Annullato', note: 'Scontrino annullato: non conta negli incassi.' };
  if (paymentFamily(sale.method) === 'preconto') return { label: 'Preconto', note: 'Preconto: conto provvisorio, non è una vendita né un incasso.' };
  return null;
}
