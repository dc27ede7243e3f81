/**
 * SaleDaySummary: the figures of 'Statistiche Vendite' for one shop and one closed Rome calendar day,
 * with the check that tells when the day's sales changed afterwards (src/domain/statistics/day-summary.ts). Our
 * own collection: the POS app does not know it. Id `{shopId}_{yyyy-MM-dd}` (the rules check that it names the
 * writer's shop). Written by the shop's owner (or an admin) when a look finds the day missing or stale; read by the
 * shop's readers, its accountants included.
 *
 * Stored compactly: per-customer, per-product and per-category rows as parallel arrays (one array of names, one of
 * each figure), which decode much faster than an array of maps; those fields are exempt from indexing
 * (firestore.indexes.json fieldOverrides).
 */
import { CHECK_KEYS, emptyCheck, type DayCheck, type DaySummary, type SummaryTakings } from '@/domain/statistics/day-summary';
import { RECON_FAMILIES, type DayTakings } from '@/domain/zreport/reconcile';
import { emptyTally, type MethodFamily, type StatsTally } from '@/domain/statistics/sales-statistics';
import { asRecord, isRecord, toDate, toNumber, toStr, type RawDoc } from './normalize';

export const summaryId = (shopId: string, day: string) => `${shopId}_${day}`;

const FAMILIES: readonly MethodFamily[] = ['contanti', 'bancomat', 'fatture'];

const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (value as number[]) : undefined;
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value) : undefined);

/** The named rows of a stored table, or undefined when any column is missing or of another length. */
function table(value: unknown, columns: readonly string[]): { names: string[]; columns: number[][] } | undefined {
  const raw = asRecord(value);
  const names = strings(raw.names);
  if (!names) return undefined;
  const cols = columns.map((c) => numbers(raw[c]));
  if (cols.some((c) => c === undefined || c.length !== names.length)) return undefined;
  return { names, columns: cols as number[][] };
}

function readCheck(value: unknown): DayCheck | undefined {
  if (!isRecord(value)) return undefined;
  const check = emptyCheck();
  for (const key of CHECK_KEYS) {
    const figure = asRecord(value[key]);
    const n = toNumber(figure.n);
    const sum = toNumber(figure.sum);
    if (typeof figure.n !== 'number' || typeof figure.sum !== 'number' || n === undefined || sum === undefined) return undefined;
    check[key] = { n, sum };
  }
  return check;
}

const TAKINGS_COUNTS = ['count', 'voided', 'preconto'] as const;
const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The Z-report's takings (since version 4): `{ cutoff, days: { 'yyyy-MM-dd': { count, voided, preconto, <family cents> } } }`. */
function readTakings(value: unknown): SummaryTakings | undefined {
  const raw = asRecord(value);
  const days = asRecord(raw.days);
  if (!wholeNumber(raw.cutoff) || !isRecord(raw.days)) return undefined;
  const byDay = new Map<string, DayTakings>();
  for (const [day, figures] of Object.entries(days)) {
    const f = asRecord(figures);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || ![...TAKINGS_COUNTS, ...RECON_FAMILIES].every((k) => wholeNumber(f[k]))) return undefined;
    const cents = Object.fromEntries(RECON_FAMILIES.map((k) => [k, f[k] as number])) as DayTakings['cents'];
    byDay.set(day, { count: f.count as number, voided: f.voided as number, preconto: f.preconto as number, cents });
  }
  return { cutoff: raw.cutoff, byDay };
}

function writeTakings(t: SummaryTakings): RawDoc {
  return {
    cutoff: t.cutoff,
    days: Object.fromEntries([...t.byDay].map(([day, d]) => [day, { count: d.count, voided: d.voided, preconto: d.preconto, ...d.cents }])),
  };
}

/** A document that cannot be read as a whole summary reads as version 0: the next look by a writer rebuilds it. */
export function normalizeSaleDaySummary(_id: string, raw: RawDoc): DaySummary {
  const shopId = toStr(raw.userId);
  const day = toStr(raw.day);
  const builtAt = toDate(raw.builtAt) ?? new Date(0);
  const broken: DaySummary = { shopId, day, version: 0, builtAt, tally: emptyTally(), check: emptyCheck(), takings: { cutoff: 0, byDay: new Map() } };
  const customers = table(raw.customers, ['sales', 'cents', 'last']);
  const products = table(raw.products, ['milli', 'cents']);
  const categories = table(raw.categories, ['cents']);
  const check = readCheck(raw.check);
  const byMethod = asRecord(raw.byMethod);
  const takings = readTakings(raw.takings);
  if (!customers || !products || !categories || !check || !takings || FAMILIES.some((f) => typeof byMethod[f] !== 'number')) return broken;
  const tally: StatsTally = {
    totalCents: toNumber(raw.totalCents, 0),
    transactions: toNumber(raw.transactions, 0),
    itemsMilli: toNumber(raw.itemsMilli, 0),
    costCents: toNumber(raw.costCents, 0),
    byMethod: { contanti: byMethod.contanti as number, bancomat: byMethod.bancomat as number, fatture: byMethod.fatture as number },
    customers: new Map(customers.names.map((name, i) => {
      const last = customers.columns[2]?.[i] ?? 0;
      return [name, { sales: customers.columns[0]?.[i] ?? 0, cents: customers.columns[1]?.[i] ?? 0, ...(last > 0 ? { last } : {}) }];
    })),
    products: new Map(products.names.map((name, i) => [name, { milli: products.columns[0]?.[i] ?? 0, cents: products.columns[1]?.[i] ?? 0 }])),
    categories: new Map(categories.names.map((name, i) => [name, categories.columns[0]?.[i] ?? 0])),
  };
  return { shopId, day, version: toNumber(raw.version, 0), builtAt, tally, check, takings };
}

export function toFirestoreSaleDaySummary(s: DaySummary): RawDoc {
  const { tally } = s;
  const customers = [...tally.customers.entries()];
  const products = [...tally.products.entries()];
  const categories = [...tally.categories.entries()];
  return {
    userId: s.shopId,
    day: s.day,
    version: s.version,
    builtAt: s.builtAt,
    totalCents: tally.totalCents,
    transactions: tally.transactions,
    itemsMilli: tally.itemsMilli,
    costCents: tally.costCents,
    byMethod: { ...tally.byMethod },
    customers: {
      names: customers.map(([n]) => n),
      sales: customers.map(([, c]) => c.sales),
      cents: customers.map(([, c]) => c.cents),
      last: customers.map(([, c]) => c.last ?? 0),
    },
    products: { names: products.map(([n]) => n), milli: products.map(([, p]) => p.milli), cents: products.map(([, p]) => p.cents) },
    categories: { names: categories.map(([n]) => n), cents: categories.map(([, c]) => c) },
    check: Object.fromEntries(CHECK_KEYS.map((k) => [k, { n: s.check[k].n, sum: s.check[k].sum }])),
    takings: writeTakings(s.takings),
  };
}
