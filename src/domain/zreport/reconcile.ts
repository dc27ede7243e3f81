/**
 * Cash-closing reconciliation: per calendar day, the fiscal printer's closings (ZReport, written by
 * the POS) beside the POS sales of the same day by payment family.
 *
 * - Sales counted: the takings of the one payment-family rule (domain/sales/payment-family.ts), by family in any
 *   spelling: voided sales, preconti, credit notes, deleted documents and the back office's own invoice documents
 *   are not rung up on the fiscal printer and are left out (voided and preconto are counted apart, for the detail).
 * - Closing figures are read as stored: a total a closing does not carry stays missing (undefined), never
 *   recomputed from its parts. With several closings on one day (several printers) a figure is their sum when
 *   every closing carries it, else missing.
 * - Money is added in integer cents.
 * - Days are business days: Rome's calendar day, except that sales and closings between midnight
 *   and the shop's cut-off hour belong to the day before (a bar closing the register at 00:40).
 */
import { toCents } from '@/domain/money';
import { isBackOfficeInvoice, paymentFamily, takingsFamily, type TakingsFamily } from '@/domain/sales/payment-family';
import { businessDay } from './business-day';

export type ReconFamily = TakingsFamily;
export const RECON_FAMILIES: readonly ReconFamily[] = ['contanti', 'bancomat', 'fatture', 'altro'];

/** The fields of a Sale this module reads (the Sale converter's clean type satisfies it). */
export interface ReconSale {
  date?: Date;
  price: number;
  method: string;
  isVoid: boolean;
  deleted?: boolean;
  invoiceUUID?: string;
  sourceSaleId?: string;
}

/** The figures of a ZReport (the converter's clean type extends it): each one absent when the POS did not write it. */
export interface ReconClosing {
  id: string;
  createdAt?: Date;
  /** Progressive closing number of the fiscal printer. */
  number?: number;
  total?: number;
  cashTotal?: number;
  cardTotal?: number;
  invoiceTotal?: number;
  receiptsCount?: number;
  voidCount?: number;
  deviceId?: string;
}

export type ClosingField = 'total' | 'cashTotal' | 'cardTotal' | 'invoiceTotal';

/** 'ok' quadrata; 'difference' totals differ; 'no-closing' sales without closing; 'no-sales' closing without
 * sales; 'open' today's sales, not closed yet; 'unknown' a closing without a total. */
export type DayStatus = 'ok' | 'difference' | 'no-closing' | 'no-sales' | 'open' | 'unknown';

export interface DaySales {
  count: number;
  /** Euro per family (rounded from cents). */
  byFamily: Record<ReconFamily, number>;
  total: number;
  voidedCount: number;
  precontoCount: number;
}

export interface DayReconciliation {
  /** The business day, 'yyyy-MM-dd'. */
  day: string;
  /** Local midnight of the day. */
  date: Date;
  closings: ReconClosing[];
  sales: DaySales;
  /** The closing figures of the day (summed over its closings); undefined = not carried. */
  closing: Partial<Record<ClosingField, number>> & { receipts?: number; voids?: number };
  /** closing total − POS sales total; undefined when there is no closing total. */
  difference?: number;
  /** Per family: closing figure − POS sales, where the closing carries the figure. */
  familyDifference: Partial<Record<'contanti' | 'bancomat' | 'fatture', number>>;
  status: DayStatus;
}

export interface ReconSummary {
  days: number;
  closings: number;
  closingsTotal: number;
  /** Closings whose total is missing (their days are not in closingsTotal). */
  closingsWithoutTotal: number;
  salesTotal: number;
  /** Sum of the differences of the days that have one. */
  difference: number;
  differenceDays: number;
  noClosingDays: number;
  noSalesDays: number;
}

export const FAMILY_LABEL: Record<ReconFamily, string> = { contanti: 'Contanti', bancomat: 'Bancomat', fatture: 'Fatture', altro: 'Altri metodi' };

export const CLOSING_FIELD_FAMILY: Record<Exclude<ClosingField, 'total'>, 'contanti' | 'bancomat' | 'fatture'> = {
  cashTotal: 'contanti',
  cardTotal: 'bancomat',
  invoiceTotal: 'fatture',
};

export const STATUS_LABEL: Record<DayStatus, string> = {
  ok: 'Quadrata',
  difference: 'Differenza',
  'no-closing': 'Vendite senza chiusura',
  'no-sales': 'Chiusura senza vendite',
  open: 'Giornata in corso',
  unknown: 'Totale chiusura mancante',
};

/** The statuses that ask the owner or the accountant to look. */
export function isWarning(status: DayStatus): boolean {
  return status === 'difference' || status === 'no-closing' || status === 'no-sales' || status === 'unknown';
}

export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const cents = (value: number | undefined): number => toCents(value ?? 0) ?? 0;
const euro = (c: number): number => c / 100;

/**
 * The POS takings of one business day, in integer cents: what a reconciliation row needs from the sales. Sums of
 * disjoint sets of sales add up (mergeTakings), so a day can come from a stored day summary (SaleDaySummary)
 * and the rest from the sales themselves.
 */
export interface DayTakings {
  /** Receipts counted as takings. */
  count: number;
  cents: Record<ReconFamily, number>;
  voided: number;
  preconto: number;
}

export function emptyTakings(): DayTakings {
  return { count: 0, cents: { contanti: 0, bancomat: 0, fatture: 0, altro: 0 }, voided: 0, preconto: 0 };
}

/** Adds `from` into `into` (which it returns). */
export function addTakings(into: DayTakings, from: DayTakings): DayTakings {
  into.count += from.count;
  into.voided += from.voided;
  into.preconto += from.preconto;
  for (const family of RECON_FAMILIES) into.cents[family] += from.cents[family];
  return into;
}

/** Adds every day of `from` into `into` (which it returns). */
export function mergeTakings(into: Map<string, DayTakings>, from: ReadonlyMap<string, DayTakings>): Map<string, DayTakings> {
  for (const [day, takings] of from) {
    const current = into.get(day);
    if (current) addTakings(current, takings);
    else into.set(day, addTakings(emptyTakings(), takings));
  }
  return into;
}

/**
 * The takings of `sales` by business day (cut-off in minutes after midnight): the sales the reconciliation counts,
 * the voided ones and the pre-bills counted apart; back-office documents, deleted ones and credit notes left out.
 */
export function takingsByDay(sales: readonly ReconSale[], cutoff = 0): Map<string, DayTakings> {
  const days = new Map<string, DayTakings>();
  for (const sale of sales) {
    if (!sale.date || sale.deleted === true || isBackOfficeInvoice(sale)) continue;
    const kind = paymentFamily(sale.method);
    if (kind === 'nota-di-credito') continue;
    const day = businessDay(sale.date, cutoff);
    let a = days.get(day);
    if (!a) days.set(day, (a = emptyTakings()));
    const family = takingsFamily(sale);
    if (family) {
      a.count += 1;
      a.cents[family] += cents(sale.price);
    } else if (sale.isVoid) a.voided += 1;
    else if (kind === 'preconto') a.preconto += 1;
  }
  return days;
}

/** Sum of a field over the closings, in cents; undefined when any closing lacks it (or there is none). */
function closingCents(closings: readonly ReconClosing[], field: ClosingField | 'receiptsCount' | 'voidCount'): number | undefined {
  if (closings.length === 0) return undefined;
  let total = 0;
  for (const c of closings) {
    const value = c[field];
    if (value === undefined) return undefined;
    total += field === 'receiptsCount' || field === 'voidCount' ? value * 100 : cents(value);
  }
  return total;
}

/**
 * One row per business day that has sales or closings, oldest first. `today` ('yyyy-MM-dd', the current business
 * day) marks the day still open: its sales without a closing are not a warning. `cutoff`: minutes after midnight
 * until which sales and closings count on the day before (0 = calendar days).
 */
export function reconcileDays(
  sales: readonly ReconSale[],
  closings: readonly ReconClosing[],
  today: string,
  cutoff = 0,
): DayReconciliation[] {
  return reconcileTakings(takingsByDay(sales, cutoff), closings, today, cutoff);
}

/** reconcileDays from the takings by business day (from the sales, or from day summaries and the sales of today). */
export function reconcileTakings(
  takings: ReadonlyMap<string, DayTakings>,
  closings: readonly ReconClosing[],
  today: string,
  cutoff = 0,
): DayReconciliation[] {
  const days = new Map<string, { closings: ReconClosing[]; takings: DayTakings }>();
  const acc = (day: string) => {
    let a = days.get(day);
    if (!a) days.set(day, (a = { closings: [], takings: emptyTakings() }));
    return a;
  };
  for (const [day, t] of takings) addTakings(acc(day).takings, t);
  for (const closing of closings) {
    if (closing.createdAt) acc(businessDay(closing.createdAt, cutoff)).closings.push(closing);
  }

  const rows: DayReconciliation[] = [];
  for (const [day, { closings: dayClosings, takings: a }] of days) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const salesCents = a.cents.contanti + a.cents.bancomat + a.cents.fatture + a.cents.altro;
    const closingsSorted = [...dayClosings].sort((p, q) => (p.createdAt?.getTime() ?? 0) - (q.createdAt?.getTime() ?? 0));
    const totalC = closingCents(closingsSorted, 'total');
    const closing: DayReconciliation['closing'] = {};
    const familyDifference: DayReconciliation['familyDifference'] = {};
    if (totalC !== undefined) closing.total = euro(totalC);
    for (const [field, family] of Object.entries(CLOSING_FIELD_FAMILY) as [Exclude<ClosingField, 'total'>, 'contanti' | 'bancomat' | 'fatture'][]) {
      const c = closingCents(closingsSorted, field);
      if (c === undefined) continue;
      closing[field] = euro(c);
      familyDifference[family] = euro(c - a.cents[family]);
    }
    const receipts = closingCents(closingsSorted, 'receiptsCount');
    const voids = closingCents(closingsSorted, 'voidCount');
    if (receipts !== undefined) closing.receipts = receipts / 100;
    if (voids !== undefined) closing.voids = voids / 100;
    const difference = totalC === undefined ? undefined : euro(totalC - salesCents);
    const hasSales = a.count > 0;
    let status: DayStatus;
    if (closingsSorted.length === 0) status = day >= today ? 'open' : 'no-closing';
    else if (!hasSales) status = 'no-sales';
    else if (totalC === undefined) status = 'unknown';
    else status = totalC === salesCents ? 'ok' : 'difference';
    if (!hasSales && closingsSorted.length === 0) continue; // only voided or preconto sales, nothing to close
    rows.push({
      day,
      date: new Date(y, m - 1, d),
      closings: closingsSorted,
      sales: {
        count: a.count,
        byFamily: { contanti: euro(a.cents.contanti), bancomat: euro(a.cents.bancomat), fatture: euro(a.cents.fatture), altro: euro(a.cents.altro) },
        total: euro(salesCents),
        voidedCount: a.voided,
        precontoCount: a.preconto,
      },
      closing,
      difference,
      familyDifference,
      status,
    });
  }
  return rows.sort((p, q) => p.day.localeCompare(q.day));
}

export function summarize(rows: readonly DayReconciliation[]): ReconSummary {
  let closingsC = 0;
  let salesC = 0;
  let diffC = 0;
  const s: ReconSummary = {
    days: rows.length, closings: 0, closingsTotal: 0, closingsWithoutTotal: 0, salesTotal: 0, difference: 0,
    differenceDays: 0, noClosingDays: 0, noSalesDays: 0,
  };
  for (const row of rows) {
    s.closings += row.closings.length;
    for (const c of row.closings) {
      if (c.total === undefined) s.closingsWithoutTotal += 1;
      else closingsC += cents(c.total);
    }
    salesC += cents(row.sales.total);
    if (row.difference !== undefined) diffC += cents(row.difference);
    if (row.status === 'difference') s.differenceDays += 1;
    if (row.status === 'no-closing') s.noClosingDays += 1;
    if (row.status === 'no-sales') s.noSalesDays += 1;
  }
  s.closingsTotal = euro(closingsC);
  s.salesTotal = euro(salesC);
  s.difference = euro(diffC);
  return s;
}
