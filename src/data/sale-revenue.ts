/**
 * A shop's revenue by payment family over an interval, from aggregation queries plus the few documents they cannot
 * judge (domain/sales/revenue-aggregates.ts): one home for the dashboard's and the chain dashboard's figures, so
 * both count what the statistics and the Z-report count (domain/sales/payment-family.ts).
 *
 * Cost: 6 aggregation requests (count + sum per family, and of the voided), and five document queries that read
 * only the sales spelled otherwise than EXACT_METHODS, the back office's invoice documents, the deleted documents,
 * the text-priced legacy sales and the sales whose `isVoid` is not a boolean ('true', 'sì', 1...) of the interval
 * (each read once however many of those it is).
 *
 * A period is a Timestamp range on `date`, as /sales reads it (features/sales/api.ts): a sale whose date the POS
 * stored as text or as an epoch number is in no period on either screen, so the two agree. Such a sale cannot be
 * placed in a period by any query (Italian text dates do not sort), so instead of downloading every one of them on
 * each load the dashboard counts them (legacyDateSales) and says that the Sale migration must normalise them.
 */
import {
  and, collection, count, getAggregateFromServer, getDocs, query, sum, Timestamp, where, type QueryConstraint, type QueryFieldFilterConstraint,
} from 'firebase/firestore';
import { EXACT_METHODS, EXACT_SPELLINGS, REVENUE_FAMILIES, type RevenueFamily } from '@/domain/sales/payment-family';
import { revenueFromAggregates, type CorrectionSale, type FamilyAggregate, type RevenueFigures } from '@/domain/sales/revenue-aggregates';
import { db } from '@/lib/firebase';
import { COLLECTIONS } from './collections';
import { checkedSalesCol } from './sale';

export interface RevenueInterval {
  start: Date;
  /** Exclusive. */
  end: Date;
}

export interface RevenueAnswer extends RevenueFigures {
  /** Documents downloaded for the corrections (aggregations are billed per 1000 index entries). */
  documentsRead: number;
  aggregations: number;
}

function within(interval: RevenueInterval): QueryFieldFilterConstraint[] {
  return [where('date', '>=', Timestamp.fromDate(interval.start)), where('date', '<', Timestamp.fromDate(interval.end))];
}

async function aggregate(shopId: string, family: RevenueFamily, interval: RevenueInterval, voided: boolean) {
  const filters = [where('userId', '==', shopId), where('method', 'in', [...EXACT_SPELLINGS[family]]), ...within(interval)];
  if (voided) filters.push(where('isVoid', '==', true));
  const answer = await getAggregateFromServer(query(collection(db(), COLLECTIONS.sale), and(...filters)), { n: count(), sum: sum('price') });
  return { n: answer.data().n, sum: answer.data().sum };
}

async function corrections(shopId: string, interval: RevenueInterval): Promise<CorrectionSale[]> {
  const read = (filter: QueryConstraint) => getDocs(query(checkedSalesCol(), where('userId', '==', shopId), filter, ...within(interval)));
  const answers = await Promise.all([
    read(where('method', 'not-in', [...EXACT_METHODS])),
    read(where('invoiceUUID', '>=', '')),
    read(where('deleted', '==', true)),
    read(where('price', '>=', '')),
    // The converter reads 'true', ' Sì ', 1... as voided (data/normalize.ts toBool) and /sales shows them so, but
    // `isVoid == true` matches the boolean only: every other stored shape is read and judged by the rule.
    read(where('isVoid', 'not-in', [true, false])),
  ]);
  return answers.flatMap((a) => a.docs.map((d) => ({ id: d.id, ...d.data() })));
}

/**
 * How many of the shop's sales have a `date` stored as text or as a number (in no period of the dashboard or of
 * /sales until the Sale migration makes it a Timestamp). Two count aggregations over the index the period queries
 * already use: a range matches one value type only, so each range finds exactly the values of its type.
 */
export async function legacyDateSales(shopId: string): Promise<number> {
  const counted = async (...filters: QueryFieldFilterConstraint[]) =>
    (await getAggregateFromServer(query(collection(db(), COLLECTIONS.sale), and(where('userId', '==', shopId), ...filters)), { n: count() })).data().n;
  const [text, epoch] = await Promise.all([counted(where('date', '>=', '')), counted(where('date', '>=', -Number.MAX_VALUE))]);
  return text + epoch;
}

/**
 * Revenue of a shop over an interval. `run` starts the aggregation requests (the dashboard starts them one per
 * task, lib/tasks.ts); by default all at once.
 */
export async function loadRevenue(
  shopId: string,
  interval: RevenueInterval,
  run: <T>(jobs: (() => Promise<T>)[]) => Promise<T[]> = (jobs) => Promise.all(jobs.map((j) => j())),
): Promise<RevenueAnswer> {
  const read = corrections(shopId, interval);
  read.catch(() => undefined);
  const answers = await run(REVENUE_FAMILIES.flatMap((f) => [() => aggregate(shopId, f, interval, false), () => aggregate(shopId, f, interval, true)]));
  const aggregates = Object.fromEntries(
    REVENUE_FAMILIES.map((f, i) => [f, { all: answers[2 * i] ?? { n: 0, sum: 0 }, voided: answers[2 * i + 1] ?? { n: 0, sum: 0 } }]),
  ) as Record<RevenueFamily, FamilyAggregate>;
  const docs = await read;
  return { ...revenueFromAggregates(aggregates, docs), documentsRead: new Set(docs.map((d) => d.id)).size, aggregations: answers.length };
}
