/**
 * The sales list's reads (document 2 §7, §9): the shop's most recent sales, live — the first page's at once, the 500
 * when the user goes further (a repeat visit resumes both from the persistent cache and is billed only the sales
 * changed since) — and on 'Carica altre' the next 500 from a query cursor after the last one listed. A period chosen
 * with 'Dal'/'Al' is read from the server in the same pages of 500: the 500 are the size of one read, not the end of
 * the shop's history. How many sales a period holds is an aggregation (no download); employee names are read once
 * per employee and cached for the session.
 */
import {
  and, count, doc, getAggregateFromServer, getDoc, getDocFromCache, getDocs, limit, orderBy, query, runTransaction, startAfter, Timestamp, where,
  type DocumentSnapshot, type QueryFieldFilterConstraint,
} from 'firebase/firestore';
import { customersCol, toFirestoreCustomer, type Customer } from '@/data/customer';
import { takeInvoiceNumber, usedInvoiceNumbers } from '@/data/invoice-number';
import { createInvoiceDraftInTransaction, isInvoiceOfReceipt, salesCol, type Sale } from '@/data/sale';
import { writeSaleLines } from '@/data/sale-lines';
import { customerDisplayName } from '@/domain/customers/customer-fields';
import { defaultPaymentCondition, receiptPaymentMethod } from '@/domain/invoices/draft-edit';
import { receiptInvoiceState, receiptInvoiceTotal, type ReceiptInvoiceState } from '@/domain/sales/receipt-invoice';
import { SALES_QUERY_LIMIT } from '@/domain/sales/sales-list';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';

export type SalesCursor = DocumentSnapshot<Sale>;

/** The bounds of the sales listed: inclusive, either may be missing (no bound: the shop's whole history). */
export interface SalesPeriod {
  from?: Date;
  to?: Date;
}

function periodFilters(shopId: string, period: SalesPeriod): QueryFieldFilterConstraint[] {
  return [
    where('userId', '==', shopId),
    ...(period.from ? [where('date', '>=', Timestamp.fromDate(period.from))] : []),
    ...(period.to ? [where('date', '<=', Timestamp.fromDate(period.to))] : []),
  ];
}

const shopSalesByDate = (shopId: string, period: SalesPeriod = {}) => query(salesCol(), and(...periodFilters(shopId, period)), orderBy('date', 'desc'));

/**
 * The live list: the shop's `size` most recent sales of the period (invoices of receipts included: see listedSales)
 * — the first screen's SALES_FIRST_LIVE, or the whole window of SALES_QUERY_LIMIT.
 */
export const recentSalesQuery = (shopId: string, size: number = SALES_QUERY_LIMIT, period: SalesPeriod = {}) => query(shopSalesByDate(shopId, period), limit(size));

/**
 * How many sales the list holds for the period, as it lists them: every document of the period but the invoices
 * made for a receipt (the receipt is the sale). Two count aggregations, no document downloaded.
 */
export async function countListedSales(shopId: string, period: SalesPeriod = {}): Promise<number> {
  const filters = periodFilters(shopId, period);
  const [all, receiptInvoices] = await Promise.all([
    getAggregateFromServer(query(salesCol(), and(...filters)), { n: count() }),
    getAggregateFromServer(query(salesCol(), and(...filters, where('sourceSaleId', '>', ''))), { n: count() }),
  ]);
  return all.data().n - receiptInvoices.data().n;
}

/** An invoice made for a receipt is not a sale of its own: the receipt is (the cursor still walks every document). */
export const listedSales = (documents: readonly Sale[]): Sale[] => documents.filter((s) => !isInvoiceOfReceipt(s));

/** The cursor after a listed document: its copy in the cache (the live list put it there, no read), else the server. */
export async function cursorAfter(saleId: string): Promise<SalesCursor> {
  const ref = doc(salesCol(), saleId);
  return getDocFromCache(ref).catch(() => getDoc(ref));
}

/** `size` sales of the period after the cursor ('Carica altre', the export, and the benchmark's reads). */
export async function loadSalesPage(
  shopId: string,
  after?: SalesCursor,
  size = SALES_QUERY_LIMIT,
  period: SalesPeriod = {},
): Promise<{ sales: Sale[]; cursor: SalesCursor | undefined; hasMore: boolean }> {
  const snapshot = await getDocs(query(shopSalesByDate(shopId, period), ...(after ? [startAfter(after)] : []), limit(size)));
  return { sales: listedSales(snapshot.docs.map((d) => d.data())), cursor: snapshot.docs.at(-1) ?? after, hasMore: snapshot.size === size };
}

export { UNKNOWN_EMPLOYEE } from '@/data/employee';
export { employeeName } from '@/data/employee-directory';

/** The invoice documents made for a receipt (document 2 §3 Sale, with sourceSaleId). */
const receiptInvoicesQuery = (shopId: string, saleId: string) => query(salesCol(), where('userId', '==', shopId), where('sourceSaleId', '==', saleId));

export async function loadReceiptInvoiceState(shopId: string, saleId: string): Promise<ReceiptInvoiceState> {
  const snapshot = await getDocs(receiptInvoicesQuery(shopId, saleId));
  return receiptInvoiceState(snapshot.docs.map((d) => d.data()));
}

/** The shop's customers for the invoice's buyer picker, by name (read when the picker opens, not with the list). */
export async function loadInvoiceCustomers(shopId: string): Promise<Customer[]> {
  const snapshot = await getDocs(query(customersCol(), where('userId', '==', shopId)));
  return snapshot.docs.map((d) => d.data()).sort((a, b) => customerDisplayName(a).localeCompare(customerDisplayName(b), 'it'));
}

export class ReceiptInvoiceError extends Error {}

/**
 * 'Crea fattura' on a receipt: an invoice draft (a Sale with an empty invoiceUUID, document 2 §3) with the
 * receipt's lines, the chosen customer, the Causale naming the receipt and `sourceSaleId`; its number is the
 * first free one from settings.invoiceNumber, taken in the same transaction by data/invoice-number (as the deferred
 * invoices of /ddt).
 * It carries `total` and no `price`: the money was counted at the till, the dashboard must not count it twice.
 * A receipt that already has a draft or an invoice gets no second one.
 */
export async function createReceiptInvoice(shopId: string, sale: Sale, customer: Customer, causale: string, now = new Date()): Promise<{ id: string; number: string }> {
  const [existing, used] = await Promise.all([loadReceiptInvoiceState(shopId, sale.id), usedInvoiceNumbers(shopId)]);
  if (existing.kind !== 'none') throw new ReceiptInvoiceError(`Questo scontrino ha già una fattura (n. ${existing.number}).`);
  const draftId = doc(salesCol()).id;
  const total = receiptInvoiceTotal(sale.lines);
  const name = customerDisplayName(customer);
  const number = await confirmedWrite(
    runTransaction(db(), async (tx) => {
      const free = await takeInvoiceNumber(tx, shopId, used, now);
      if (!free) throw new ReceiptInvoiceError('Negozio non trovato: impossibile intestare la fattura.');
      const at = Timestamp.fromDate(now);
      createInvoiceDraftInTransaction(tx, draftId, {
        userId: shopId, shopId, method: 'Fattura', invoiceUUID: '', invoiceNumber: free.number, type: 'TD01',
        customerId: customer.id, customer: toFirestoreCustomer(customer), customerName: name,
        // Paid in full at the till: 'pagamento completo', by the receipt's own means of payment.
        condizioniPagamento: defaultPaymentCondition({ sourceSaleId: sale.id }), paymentMethod: receiptPaymentMethod(sale.method),
        date: at, total, causale, sourceSaleId: sale.id, ...(sale.date ? { sourceSaleDate: Timestamp.fromDate(sale.date) } : {}),
        ...writeSaleLines(sale.lines, 'items'),
        isVoid: false, deleted: false,
      }, at);
      return free.number;
    }),
  );
  logActivity({ action: 'invoice_draft_created', module: 'invoices', details: { invoiceId: draftId, number, counterpart: name, customerId: customer.id, saleId: sale.id, total } });
  return { id: draftId, number };
}
