/**
 * 'Statistiche Vendite' (document 3 §2.4, §9): the figures of a period from its sales and its incoming
 * invoices (costs). Counted sales: payment methods contanti, bancomat, fatture (any spelling); preconto,
 * voided and other methods are out. Money is summed in integer cents, never as float running totals.
 */
import { toCents } from '../money/money';

export const GENERIC_CUSTOMER = 'Cliente Generico';
export const UNKNOWN_PRODUCT = 'Prodotto Sconosciuto';
export const UNSPECIFIED_CATEGORY = 'Categoria Non Specificata';
export const CHART_TOP = 10;
export const TABLE_TOP = 20;

export type MethodFamily = 'contanti' | 'bancomat' | 'fatture';
export const METHOD_LABELS: Record<MethodFamily, string> = { contanti: 'Contanti', bancomat: 'Bancomat', fatture: 'Fatture' };

export interface StatsSale {
  date?: Date;
  price: number;
  method: string;
  isVoid: boolean;
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

export function methodFamily(method: string): MethodFamily | undefined {
  const m = method.trim().toLowerCase();
  if (m === 'contanti' || m === 'cash') return 'contanti';
  if (m === 'bancomat' || m === 'carta' || m === 'pos' || m === 'card') return 'bancomat';
  if (m === 'fatture' || m === 'fattura') return 'fatture';
  return undefined;
}

const cents = (value: number) => toCents(value) ?? 0;
const euros = (c: number) => c / 100;

/** Quantities are summed in thousandths (weights like 0.25 kg), 1 when missing or not positive. */
const qtyOf = (qty: number) => (Number.isFinite(qty) && qty > 0 ? qty : 1);
const milli = (qty: number) => Math.round(qtyOf(qty) * 1000);

export function salesStatistics(sales: readonly StatsSale[], costs: readonly StatsCost[]): SalesStatistics {
  const byMethod: Record<MethodFamily, number> = { contanti: 0, bancomat: 0, fatture: 0 };
  const customers = new Map<string, { sales: number; cents: number; last?: Date }>();
  const products = new Map<string, { milli: number; cents: number }>();
  const categories = new Map<string, number>();
  let totalCents = 0;
  let transactions = 0;
  let itemsMilli = 0;

  for (const sale of sales) {
    const family = methodFamily(sale.method);
    if (sale.isVoid || !family) continue;
    const amount = cents(sale.price);
    totalCents += amount;
    byMethod[family] += amount;
    transactions += 1;
    const name = sale.customerName?.trim() || GENERIC_CUSTOMER;
    const customer = customers.get(name) ?? { sales: 0, cents: 0 };
    customer.sales += 1;
    customer.cents += amount;
    if (sale.date && (!customer.last || sale.date > customer.last)) customer.last = sale.date;
    customers.set(name, customer);
    for (const line of sale.lines) {
      const product = line.name.trim() || UNKNOWN_PRODUCT;
      const row = products.get(product) ?? { milli: 0, cents: 0 };
      row.milli += milli(line.qty);
      row.cents += cents(line.total);
      products.set(product, row);
      itemsMilli += milli(line.qty);
      const category = line.category?.trim() || UNSPECIFIED_CATEGORY;
      categories.set(category, (categories.get(category) ?? 0) + cents(line.total));
    }
  }
  const costCents = costs.reduce((sum, c) => sum + cents(c.total), 0);
  const byAmount = <T extends { cents: number }>(a: [string, T], b: [string, T]) => b[1].cents - a[1].cents || a[0].localeCompare(b[0], 'it');

  return {
    totalSales: euros(totalCents),
    totalCosts: euros(costCents),
    profit: euros(totalCents - costCents),
    uniqueCustomers: [...customers.keys()].filter((n) => n !== GENERIC_CUSTOMER).length,
    productsSold: itemsMilli / 1000,
    transactions,
    byMethod: { contanti: euros(byMethod.contanti), bancomat: euros(byMethod.bancomat), fatture: euros(byMethod.fatture) },
    customers: [...customers.entries()].sort(byAmount).map(([name, c]) => ({ name, sales: c.sales, amount: euros(c.cents), lastSale: c.last })),
    products: [...products.entries()]
      .sort(byAmount)
      .map(([name, p]) => ({ name, quantity: p.milli / 1000, revenue: euros(p.cents), averagePrice: p.milli > 0 ? Math.round((p.cents * 1000) / p.milli) / 100 : 0 })),
    categories: [...categories.entries()].map(([name, c]) => ({ name, revenue: euros(c) })).sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'it')),
  };
}

/** The period text: 'di oggi', 'del {date}', 'dal {date} al {date}' (document 3 §2.4). */
export function periodText(mode: 'today' | 'day' | 'range', start: string, end: string): string {
  if (mode === 'today') return 'di oggi';
  if (mode === 'day') return `del ${start}`;
  return `dal ${start} al ${end}`;
}
