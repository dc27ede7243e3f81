/**
 * Revenue by family from Firestore aggregation queries, counting every spelling the payment-family rule accepts.
 * Per revenue family the screens ask count() and sum(price) of the sales whose method is one of the
 * family's exact spellings (EXACT_SPELLINGS), and of the voided ones among them: all minus voided, so legacy sales
 * with no `isVoid` field still count (a filter never matches a missing field). Those answers are right for every
 * sale except a few that the screens read as documents and correct here, one by one:
 * - the sales spelled otherwise (`method not-in EXACT_METHODS`: 'Contanti ', 'CONTANTI', 'BancoMat', 'Satispay'...);
 * - the back office's invoice documents (`invoiceUUID >= ''`) and the deleted documents (`deleted == true`), which
 *   an aggregation over 'Fattura' matched but are not takings (payment-family.ts);
 * - the sales whose price is stored as text (`price >= ''`), which sum() skips.
 * - the sales whose `isVoid` is stored otherwise than as a boolean (`isVoid not-in [true, false]`: 'true', 'Sì', 1,
 *   'false'...): the voided aggregation matches the boolean only, so those were counted as takings; the converter's
 *   reading decides.
 * For each document read: what the aggregations counted for it is taken away and what the rule says is added, so a
 * document read twice (by two of those queries) must be passed once (dedupe by id). A request that asks count() and
 * sum(price) together only considers the documents that have a `price` field (Firestore's rule for several
 * aggregations in one request; the emulator does the same): an invoice made for a receipt, which carries `total` and
 * no `price`, was never counted, so nothing is taken away for it.
 */
import { toCents } from '../money/money';
import { EXACT_SPELLINGS, REVENUE_FAMILIES, revenueFamily, type RevenueFamily, type TakingsDoc } from './payment-family';

/** count() and sum(price) of one aggregation, as Firestore answers it (sum in euro, floating point). */
export interface AggregateFigure {
  n: number;
  sum: number;
}

export interface FamilyAggregate {
  all: AggregateFigure;
  voided: AggregateFigure;
}

/** A sale read for a correction: its stored fields (as the aggregations saw them) and its clean reading. */
export interface CorrectionSale {
  id: string;
  stored: { method: unknown; isVoid: unknown; price: unknown };
  sale: TakingsDoc & { price: number };
}

export interface RevenueFigures {
  byFamily: Record<RevenueFamily, { cents: number; count: number }>;
  totalCents: number;
  count: number;
}

/** The family whose exact-spelling aggregation matched a stored method, if any. */
function aggregatedFamily(method: unknown): RevenueFamily | undefined {
  if (typeof method !== 'string') return undefined;
  return REVENUE_FAMILIES.find((f) => EXACT_SPELLINGS[f].includes(method));
}

const euroCents = (euro: number) => toCents(euro) ?? 0;

export function revenueFromAggregates(aggregates: Readonly<Record<RevenueFamily, FamilyAggregate>>, corrections: readonly CorrectionSale[]): RevenueFigures {
  const byFamily = Object.fromEntries(
    REVENUE_FAMILIES.map((f) => {
      const a = aggregates[f];
      return [f, { cents: euroCents(a.all.sum) - euroCents(a.voided.sum), count: a.all.n - a.voided.n }];
    }),
  ) as RevenueFigures['byFamily'];
  const seen = new Set<string>();
  for (const { id, stored, sale } of corrections) {
    if (seen.has(id)) continue;
    seen.add(id);
    const counted = stored.isVoid === true || stored.price === undefined ? undefined : aggregatedFamily(stored.method);
    if (counted) {
      byFamily[counted].count -= 1;
      if (typeof stored.price === 'number') byFamily[counted].cents -= euroCents(stored.price);
    }
    const family = revenueFamily(sale);
    if (family) {
      byFamily[family].count += 1;
      byFamily[family].cents += toCents(sale.price) ?? 0;
    }
  }
  const totalCents = REVENUE_FAMILIES.reduce((s, f) => s + byFamily[f].cents, 0);
  const count = REVENUE_FAMILIES.reduce((s, f) => s + byFamily[f].count, 0);
  return { byFamily, totalCents, count };
}
