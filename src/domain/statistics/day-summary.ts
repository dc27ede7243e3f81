/**
 * Daily summaries of 'Statistiche Vendite' (issue 25 §2). A closed day's figures (the tally of sales-statistics.ts)
 * are stored once per shop and day, so a year is read as 365 small documents instead of every sale.
 *
 * How a summary notices that its day changed afterwards (a sale voided or edited by the POS, a late sync with an
 * old date): beside the figures it stores the day's *check* — for each counted payment family the number of sales
 * and the sum of their stored `price`, and the same for the voided ones, plus the number of incoming invoices —
 * computed from the stored fields exactly as Firestore's count() and sum() aggregations compute them (sum() adds
 * numbers only; a filter matches exact values only). A look at a range asks Firestore those few aggregations over
 * the whole range and compares them with the sum of the stored checks; where they disagree it halves the range
 * until the days that disagree are found (checks add up, so one half's truth is the range's minus the other's),
 * and only those days are read again and recomputed.
 *
 * What a check cannot see: an edit that changes neither count, stored price, void flag nor payment family of a
 * sale (say, only a line's product name with the same total). Changes that cancel out over the range looked at (a
 * sale moved from one day to another inside it) leave that range's sums right and are found by a look at a range
 * holding one side only. Summaries of an older SUMMARY_VERSION are rebuilt.
 */
import { type MethodFamily, type StatsTally } from './sales-statistics';

/** Raise when the stored shape or the way figures are computed changes: older summaries are then rebuilt. */
export const SUMMARY_VERSION = 1;

/** The aggregations of a check: per family all its sales, and its voided ones; the incoming invoices. */
export const CHECK_KEYS = ['contanti', 'bancomat', 'fatture', 'voided', 'invoices'] as const;
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
}

/** The stored fields of a sale that the check's aggregations look at, as stored (unnormalised). */
export interface StoredSaleFields {
  method: unknown;
  isVoid: unknown;
  price: unknown;
}

/** The exact stored spellings of each counted family (the `in` filters of the aggregations). */
export type FamilySpellings = Readonly<Record<MethodFamily, readonly string[]>>;

export function emptyCheck(): DayCheck {
  return { contanti: { n: 0, sum: 0 }, bancomat: { n: 0, sum: 0 }, fatture: { n: 0, sum: 0 }, voided: { n: 0, sum: 0 }, invoices: { n: 0, sum: 0 } };
}

/** Firestore's sum(): numbers only (text, booleans, missing are skipped). */
const summable = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The check of a day's stored sales and its number of incoming invoices, as Firestore's aggregations would
 * answer it: family = the method is exactly one of the family's spellings; voided = one of any family's
 * spellings and isVoid exactly true.
 */
export function checkOf(sales: readonly StoredSaleFields[], invoices: number, spellings: FamilySpellings): DayCheck {
  const check = emptyCheck();
  const familyOf = new Map<string, MethodFamily>();
  for (const family of Object.keys(spellings) as MethodFamily[]) for (const s of spellings[family]) familyOf.set(s, family);
  for (const sale of sales) {
    const family = typeof sale.method === 'string' ? familyOf.get(sale.method) : undefined;
    if (!family) continue;
    const price = summable(sale.price);
    check[family].n += 1;
    check[family].sum += price;
    if (sale.isVoid === true) {
      check.voided.n += 1;
      check.voided.sum += price;
    }
  }
  check.invoices.n = invoices;
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
