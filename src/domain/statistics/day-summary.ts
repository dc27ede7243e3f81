/**
 * Daily summaries of 'Statistiche Vendite'. A closed day's figures (the tally of sales-statistics.ts)
 * are stored once per shop and day, so a year is read as 365 small documents instead of every sale.
 *
 * How a summary notices that its day changed afterwards (a sale voided or edited by the POS, a late sync with an
 * old date): beside the figures it stores the day's *check* — the number of sales and the sum of their stored
 * `price` over a few filters (CHECK_FILTERS) — computed from the stored fields exactly as Firestore's count() and
 * sum() aggregations compute them (sum() adds numbers only; a filter matches exact values only). A look at a range
 * asks Firestore those few aggregations over the whole range and compares them with the sum of the stored checks;
 * where they disagree it halves the range until the days that disagree are found (checks add up, so one half's
 * truth is the range's minus the other's), and only those days are read again and recomputed.
 *
 * The filters: every sale; the voided ones; per payment family, the sales whose method is set and is none of the
 * family's spellings (`not-in`, at most 10 values, so a family with more is split in parts); and the sales that are
 * not pre-bills or credit notes (`notPreconto`, since version 4: a pre-bill then paid by Satispay changes no family's
 * figure, but it changes the Z-report's 'altri metodi' takings and its pre-bill count). A sale entering or leaving a family (a pre-bill paid by card, cash
 * corrected to card) changes that family's 'not' figure. Not
 * `in` filters: Firestore answers an `in` of k values as k queries, and the emulator scans the whole collection
 * for each (a year of 100,000 sales: 48 spellings, 48 s a look); `not-in` is one query.
 *
 * What a check cannot see: an edit that changes neither count, stored price, void flag nor payment family of a
 * sale (say, only a line's product name with the same total). Changes that cancel out over the range looked at (a
 * sale moved from one day to another inside it) leave that range's sums right and are found by a look at a range
 * holding one side only. Summaries of an older SUMMARY_VERSION are rebuilt. Since version 3 the figures follow the
 * one payment-family rule (domain/sales/payment-family.ts: any spelling; invoice documents of the back office out),
 * which a document cannot leave or enter afterwards except through its method, `isVoid` or price (seen by the
 * check) or a `deleted` flag set on a POS sale (not seen: the POS app never sets it).
 *
 * Since version 4 a summary also keeps the day's POS takings for the Z-report: the calendar day's
 * sales grouped by *business* day at the shop's cut-off of the time it was built (domain/zreport/reconcile.ts
 * takingsByDay: the hours before the cut-off belong to the day before, so at most two business days). A look with
 * another cut-off (the owner changed it) recomputes the day. Not seen by the check either: a sale whose time moves
 * across the cut-off inside the same calendar day.
 */
import type { DayTakings } from '../zreport/reconcile';
import { type MethodFamily, type StatsTally } from './sales-statistics';

/** Raise when the stored shape or the way figures are computed changes: older summaries are then rebuilt. */
export const SUMMARY_VERSION = 4;

/** The aggregations of a check (CHECK_FILTERS says what each one matches); `invoices` counts incoming invoices. */
export const CHECK_KEYS = ['all', 'voided', 'notContanti', 'notBancomat1', 'notBancomat2', 'notFatture', 'notPreconto', 'invoices'] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];

/** Count and sum(price) of the stored documents an aggregation matches. */
export interface CheckFigure {
  n: number;
  sum: number;
}
export type DayCheck = Record<CheckKey, CheckFigure>;

export interface DaySummary {
  shopId: string;
  /** Rome's calendar day, 'yyyy-MM-dd'. */
  day: string;
  version: number;
  builtAt: Date;
  tally: StatsTally;
  check: DayCheck;
  /** The Z-report's takings of the day's sales by business day, at `cutoff` minutes after midnight. */
  takings: SummaryTakings;
}

export interface SummaryTakings {
  cutoff: number;
  byDay: Map<string, DayTakings>;
}

/** The stored fields of a sale that the check's aggregations look at, as stored (unnormalised). */
export interface StoredSaleFields {
  method: unknown;
  isVoid: unknown;
  price: unknown;
}

/** The exact stored spellings of each counted family. */
export type FamilySpellings = Readonly<Record<MethodFamily, readonly string[]>>;

/**
 * What one aggregation of the check matches among a range's sales: every one; `isVoid == true`; or
 * `method not-in values` (the field set, not null, and none of the values); `invoices` is the incoming invoices.
 */
export type CheckFilter = { kind: 'all' } | { kind: 'voided' } | { kind: 'notIn'; values: readonly string[] } | { kind: 'invoices' };

/** Firestore's limit on the values of a `not-in` filter. */
export const NOT_IN_LIMIT = 10;

/** The stored spellings of pre-bills and credit notes that the `notPreconto` check leaves out. */
export const PRECONTO_SPELLINGS: readonly string[] = ['preconto', 'Preconto', 'Nota di Credito', 'nota di credito'];

/** The filter of each check key, from the families' spellings (bancomat's are split in two `not-in` parts). */
export function checkFilters(spellings: FamilySpellings, preconto: readonly string[] = PRECONTO_SPELLINGS): Record<CheckKey, CheckFilter> {
  const half = Math.ceil(spellings.bancomat.length / 2);
  return {
    all: { kind: 'all' },
    voided: { kind: 'voided' },
    notContanti: { kind: 'notIn', values: spellings.contanti },
    notBancomat1: { kind: 'notIn', values: spellings.bancomat.slice(0, half) },
    notBancomat2: { kind: 'notIn', values: spellings.bancomat.slice(half) },
    notFatture: { kind: 'notIn', values: spellings.fatture },
    notPreconto: { kind: 'notIn', values: preconto },
    invoices: { kind: 'invoices' },
  };
}

export function emptyCheck(): DayCheck {
  return Object.fromEntries(CHECK_KEYS.map((key) => [key, { n: 0, sum: 0 }])) as DayCheck;
}

/** Firestore's sum(): numbers only (text, booleans, missing are skipped). */
const summable = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Whether a stored sale matches a filter, as Firestore evaluates it (exact values, no normalising). */
function matches(filter: CheckFilter, sale: StoredSaleFields): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'voided':
      return sale.isVoid === true;
    case 'notIn':
      return sale.method !== undefined && sale.method !== null && !(typeof sale.method === 'string' && filter.values.includes(sale.method));
    case 'invoices':
      return false;
  }
}

/** The check of a day's stored sales and its number of incoming invoices, as Firestore's aggregations answer it. */
export function checkOf(sales: readonly StoredSaleFields[], invoices: number, filters: Readonly<Record<CheckKey, CheckFilter>>): DayCheck {
  const check = addToCheck(emptyCheck(), sales, filters);
  check.invoices.n = invoices;
  return check;
}

/**
 * Adds `sales` to `check` (which it returns): a day read a page at a time, in the same order, gets the very same
 * figures as checkOf over the whole day (the sums are floating point, so the order of the additions is kept).
 */
export function addToCheck(check: DayCheck, sales: readonly StoredSaleFields[], filters: Readonly<Record<CheckKey, CheckFilter>>): DayCheck {
  for (const sale of sales) {
    // count() asked with sum(price) in one request considers only documents that have the field (Firestore's rule
    // for several aggregations, the emulator's too): a receipt's invoice (`total`, no `price`) is not in the answer.
    if (sale.price === undefined) continue;
    const price = summable(sale.price);
    for (const key of CHECK_KEYS) {
      if (!matches(filters[key], sale)) continue;
      check[key].n += 1;
      check[key].sum += price;
    }
  }
  return check;
}

export function addChecks(checks: readonly DayCheck[]): DayCheck {
  const total = emptyCheck();
  for (const check of checks) {
    for (const key of CHECK_KEYS) {
      total[key].n += check[key].n;
      total[key].sum += check[key].sum;
    }
  }
  return total;
}

/** `a` minus `b`, for the keys given (the other half of a range whose whole and one half are known). */
export function subtractChecks(a: Partial<DayCheck>, b: Partial<DayCheck>, keys: readonly CheckKey[]): Partial<DayCheck> {
  const out: Partial<DayCheck> = {};
  for (const key of keys) out[key] = { n: (a[key]?.n ?? 0) - (b[key]?.n ?? 0), sum: (a[key]?.sum ?? 0) - (b[key]?.sum ?? 0) };
  return out;
}

/**
 * The keys where Firestore's answer and the stored checks disagree. Counts must be equal; sums may differ by
 * floating-point noise only (they add euro amounts in a different order), so by less than a tenth of a cent.
 */
export function differingKeys(truth: Partial<DayCheck>, stored: Partial<DayCheck>, keys: readonly CheckKey[]): CheckKey[] {
  return keys.filter((key) => {
    const t = truth[key] ?? { n: 0, sum: 0 };
    const s = stored[key] ?? { n: 0, sum: 0 };
    return t.n !== s.n || Math.abs(t.sum - s.sum) >= 0.001;
  });
}

/**
 * Finds the days whose summaries disagree with Firestore. `days` are consecutive days with a summary each,
 * `truthOf(days, keys)` asks Firestore the aggregations of `keys` over those days; `known` is the truth of the
 * whole `days` when already asked. Halving: only the first half is asked, the second half is the rest. Returns
 * the disagreeing days and the number of aggregation requests it made.
 */
export async function findStaleDays(
  days: readonly string[],
  checks: ReadonlyMap<string, DayCheck>,
  keys: readonly CheckKey[],
  truthOf: (days: readonly string[], keys: readonly CheckKey[]) => Promise<Partial<DayCheck>>,
  known?: Partial<DayCheck>,
): Promise<{ stale: string[]; requests: number }> {
  if (days.length === 0 || keys.length === 0) return { stale: [], requests: 0 };
  let requests = 0;
  let truth = known;
  if (!truth) {
    truth = await truthOf(days, keys);
    requests += 1;
  }
  const stored = addChecks(days.map((d) => checks.get(d) ?? emptyCheck()));
  const bad = differingKeys(truth, stored, keys);
  if (bad.length === 0) return { stale: [], requests };
  if (days.length === 1) return { stale: [...days], requests };
  const middle = Math.ceil(days.length / 2);
  const first = days.slice(0, middle);
  const firstTruth = await truthOf(first, bad);
  requests += 1;
  const [a, b] = await Promise.all([
    findStaleDays(first, checks, bad, truthOf, firstTruth),
    findStaleDays(days.slice(middle), checks, bad, truthOf, subtractChecks(truth, firstTruth, bad)),
  ]);
  return { stale: [...a.stale, ...b.stale], requests: requests + a.requests + b.requests };
}
