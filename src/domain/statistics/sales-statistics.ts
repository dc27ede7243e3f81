/**
 * 'Statistiche Vendite' (document 3 §2.4, §9): the figures of a period from its sales and its incoming
 * invoices (costs). Counted sales: the revenue of the one payment-family rule (domain/sales/payment-family.ts:
 * contanti, bancomat, fatture in any spelling; voided, deleted, preconto, other methods and the back office's invoice
 * documents are out). Money is summed in integer cents, never as float running totals.
 */
import { toCents } from '../money/money';
import { paymentFamily, revenueFamily, type RevenueFamily } from '../sales/payment-family';

export const GENERIC_CUSTOMER = 'Cliente Generico';
export const UNKNOWN_PRODUCT = 'Prodotto Sconosciuto';
export const UNSPECIFIED_CATEGORY = 'Categoria Non Specificata';
export const CHART_TOP = 10;
export const TABLE_TOP = 20;

export type MethodFamily = RevenueFamily;
export const METHOD_LABELS: Record<MethodFamily, string> = { contanti: 'Contanti', bancomat: 'Bancomat', fatture: 'Fatture' };

export interface StatsSale {
  date?: Date;
  price: number;
  method: string;
  isVoid: boolean;
  deleted?: boolean;
  invoiceUUID?: string;
  sourceSaleId?: string;
  customerName?: string;
  lines: { name: string; qty: number; total: number; category?: string }[];
}

export interface StatsCost {
  /** The invoice's document total, else the sum of its line totals (the caller reads the payload). */
  total: number;
}

export interface CustomerRow {
  name: string;
  sales: number;
  amount: number;
  lastSale?: Date;
}

export interface ProductRow {
  name: string;
  quantity: number;
  revenue: number;
  averagePrice: number;
}

export interface SalesStatistics {
  totalSales: number;
  totalCosts: number;
  profit: number;
  uniqueCustomers: number;
  productsSold: number;
  transactions: number;
  byMethod: Record<MethodFamily, number>;
  customers: CustomerRow[];
  products: ProductRow[];
  categories: { name: string; revenue: number }[];
}

export const EMPTY_STATISTICS: SalesStatistics = {
  totalSales: 0, totalCosts: 0, profit: 0, uniqueCustomers: 0, productsSold: 0, transactions: 0,
  byMethod: { contanti: 0, bancomat: 0, fatture: 0 }, customers: [], products: [], categories: [],
};

/** The revenue family of a method text, any spelling (the one rule), or undefined for the others. */
export function methodFamily(method: string): MethodFamily | undefined {
  const family = paymentFamily(method);
  return family === 'contanti' || family === 'bancomat' || family === 'fatture' ? family : undefined;
}

/**
 * Euros to integer cents. An amount with at most two decimals (nearly all) is within a hair of a whole number of
 * cents and is rounded directly; anything else takes the exact decimal half-up path of the money module.
 */
function cents(value: number): number {
  const scaled = value * 100;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 ? whole : (toCents(value) ?? 0);
}

const collator = new Intl.Collator('it');
const euros = (c: number) => c / 100;

/** Quantities are summed in thousandths (weights like 0.25 kg), 1 when missing or not positive. */
const qtyOf = (qty: number) => (Number.isFinite(qty) && qty > 0 ? qty : 1);
const milli = (qty: number) => Math.round(qtyOf(qty) * 1000);

/**
 * The running sums behind the figures, in integer cents and thousandths of a unit, before sorting: what one day's
 * summary stores (day-summary.ts) and what several days and the live sales add up to. Customers' last sale in ms.
 */
export interface StatsTally {
  totalCents: number;
  transactions: number;
  itemsMilli: number;
  costCents: number;
  byMethod: Record<MethodFamily, number>;
  customers: Map<string, { sales: number; cents: number; last?: number }>;
  products: Map<string, { milli: number; cents: number }>;
  categories: Map<string, number>;
}

export function emptyTally(): StatsTally {
  return {
    totalCents: 0, transactions: 0, itemsMilli: 0, costCents: 0, byMethod: { contanti: 0, bancomat: 0, fatture: 0 },
    customers: new Map(), products: new Map(), categories: new Map(),
  };
}

/** Adds the counted sales (the revenue of the payment-family rule) to `tally`, which it returns. */
export function addSales(tally: StatsTally, sales: readonly StatsSale[]): StatsTally {
  const { byMethod, customers, products, categories } = tally;
  for (const sale of sales) {
    const family = revenueFamily(sale);
    if (!family) continue;
    const amount = cents(sale.price);
    tally.totalCents += amount;
    byMethod[family] += amount;
    tally.transactions += 1;
    const name = sale.customerName?.trim() || GENERIC_CUSTOMER;
    let customer = customers.get(name);
    if (!customer) customers.set(name, (customer = { sales: 0, cents: 0 }));
    customer.sales += 1;
    customer.cents += amount;
    const at = sale.date?.getTime();
    if (at !== undefined && !Number.isNaN(at) && (customer.last === undefined || at > customer.last)) customer.last = at;
    for (const line of sale.lines) {
      const product = line.name.trim() || UNKNOWN_PRODUCT;
      const lineMilli = milli(line.qty);
      const lineCents = cents(line.total);
      let row = products.get(product);
      if (!row) products.set(product, (row = { milli: 0, cents: 0 }));
      row.milli += lineMilli;
      row.cents += lineCents;
      tally.itemsMilli += lineMilli;
      const category = line.category?.trim() || UNSPECIFIED_CATEGORY;
      categories.set(category, (categories.get(category) ?? 0) + lineCents);
    }
  }
  return tally;
}

export function addCosts(tally: StatsTally, costs: readonly StatsCost[]): StatsTally {
  tally.costCents += costs.reduce((sum, c) => sum + cents(c.total), 0);
  return tally;
}

/** Adds `from` into `into` (which it returns): the tally of two disjoint sets of sales is their sum. */
export function mergeTally(into: StatsTally, from: StatsTally): StatsTally {
  into.totalCents += from.totalCents;
  into.transactions += from.transactions;
  into.itemsMilli += from.itemsMilli;
  into.costCents += from.costCents;
  for (const key of Object.keys(into.byMethod) as MethodFamily[]) into.byMethod[key] += from.byMethod[key];
  for (const [name, c] of from.customers) {
    const row = into.customers.get(name);
    if (!row) into.customers.set(name, { ...c });
    else {
      row.sales += c.sales;
      row.cents += c.cents;
      if (c.last !== undefined && (row.last === undefined || c.last > row.last)) row.last = c.last;
    }
  }
  for (const [name, p] of from.products) {
    const row = into.products.get(name);
    if (!row) into.products.set(name, { ...p });
    else {
      row.milli += p.milli;
      row.cents += p.cents;
    }
  }
  for (const [name, c] of from.categories) into.categories.set(name, (into.categories.get(name) ?? 0) + c);
  return into;
}

/** The figures of a tally: euros, customers and products by amount (then name), categories by revenue. */
export function finishStatistics(tally: StatsTally): SalesStatistics {
  const { totalCents, costCents, byMethod } = tally;
  const byAmount = <T extends { cents: number }>(a: [string, T], b: [string, T]) => b[1].cents - a[1].cents || collator.compare(a[0], b[0]);
  return {
    totalSales: euros(totalCents),
    totalCosts: euros(costCents),
    profit: euros(totalCents - costCents),
    uniqueCustomers: [...tally.customers.keys()].filter((n) => n !== GENERIC_CUSTOMER).length,
    productsSold: tally.itemsMilli / 1000,
    transactions: tally.transactions,
    byMethod: { contanti: euros(byMethod.contanti), bancomat: euros(byMethod.bancomat), fatture: euros(byMethod.fatture) },
    customers: [...tally.customers.entries()]
      .sort(byAmount)
      .map(([name, c]) => ({ name, sales: c.sales, amount: euros(c.cents), lastSale: c.last === undefined ? undefined : new Date(c.last) })),
    products: [...tally.products.entries()]
      .sort(byAmount)
      .map(([name, p]) => ({ name, quantity: p.milli / 1000, revenue: euros(p.cents), averagePrice: p.milli > 0 ? Math.round((p.cents * 1000) / p.milli) / 100 : 0 })),
    categories: [...tally.categories.entries()].map(([name, c]) => ({ name, revenue: euros(c) })).sort((a, b) => b.revenue - a.revenue || collator.compare(a.name, b.name)),
  };
}

export function salesStatistics(sales: readonly StatsSale[], costs: readonly StatsCost[]): SalesStatistics {
  return finishStatistics(addCosts(addSales(emptyTally(), sales), costs));
}

/** The period text: 'di oggi', 'del {date}', 'dal {date} al {date}' (document 3 §2.4). */
export function periodText(mode: 'today' | 'last-month' | 'day' | 'range', start: string, end: string): string {
  if (mode === 'today') return 'di oggi';
  if (mode === 'last-month') return `del mese scorso (dal ${start} al ${end})`;
  if (mode === 'day') return `del ${start}`;
  return `dal ${start} al ${end}`;
}
