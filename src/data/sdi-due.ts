/**
 * What is due at the SDI for one shop, counted, never downloaded: each figure is an aggregation query over a day
 * range that src/domain/sdi-lifecycle/due-cutoffs.ts derives from the legal deadlines (12 days for a draft, 5 days
 * after a rejection, the 15th for last month's DDTs). The dashboard, the bell and the accountant's view all read
 * this one function, so they show the same figures.
 *
 * - drafts: invoice drafts (not credit notes, not in the trash) whose operation day is past its deadline, or due within NEAR_DAYS;
 * - rejected: outgoing invoices the SDI rejected (NS) not yet corrected, and corrections not yet sent again, past
 *   their 5-day window or inside it;
 * - buyersToTell: invoices not delivered (MC) in the last TELL_BUYER_DAYS whose buyer is not marked as told;
 * - ddtsToInvoice: last month's confirmed DDTs without their deferred invoice.
 * A count the caller may not read (an accountant and a collection the rules keep from them) is `undefined`.
 */
import { count, getAggregateFromServer, query, Timestamp, where, type Query } from 'firebase/firestore';
import { previousMonth, draftCutoffs, resendCutoffs } from '@/domain/sdi-lifecycle/due-cutoffs';
import type { DueFigures } from '@/domain/sdi-lifecycle/due-texts';
import { plusCalendarDays, startOfLocalDay } from '@/domain/sdi-lifecycle/calendar-days';
import { ddtsCol } from './ddt';
import { INVOICE_TYPE, invoicesCol } from './invoice';
import { salesCol } from './sale';

/** Missed deliveries this recent still ask the shop to tell the buyer (older ones were handled outside the app). */
export const TELL_BUYER_DAYS = 60;

/** The figures (one home: DueFigures, which the texts read) and what counting them cost. */
export interface SdiDueCounts extends DueFigures {
  /** Aggregation queries asked (each is billed as at least one document read). */
  queries: number;
  /** Index entries those queries counted. */
  entriesCounted: number;
  /** Document reads they are billed: per query one per 1,000 entries counted, at least one. */
  billedReads: number;
}

const ts = (d: Date) => Timestamp.fromDate(d);

export async function countSdiDue(shopId: string, now = new Date()): Promise<SdiDueCounts> {
  const drafts = draftCutoffs(now);
  const resend = resendCutoffs(now);
  const month = previousMonth(now);
  // Invoices only: a credit note has no 12-day term (art. 26 DPR 633/72 sets none for the variation).
  const liveDrafts = query(salesCol(), where('userId', '==', shopId), where('invoiceUUID', '==', ''), where('method', '==', 'Fattura'), where('deleted', '==', false));
  const outgoing = query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.outgoing));
  const rejected = query(outgoing, where('marking', '==', 'rejected'));
  const corrected = query(rejected, where('reverted', '==', true));
  const missed = query(outgoing, where('marking', '==', 'not-delivered'), where('markingNotifiedAt', '>=', ts(plusCalendarDays(startOfLocalDay(now), -TELL_BUYER_DAYS))));
  // A correction of a rejected invoice ('Correggi e reinvia') is a draft carrying the NS's date (rejectedAt): it is
  // due within the 5-day window, not 12 days from its sale, so it counts with the rejections and not with the drafts.
  const corrections = query(liveDrafts, where('rejectedAt', '>', ts(new Date(0))));
  // A term over the shop's live drafts is not asked when the shop has none (one count instead of six scans of Sale).
  const plus = (q: Query, onDrafts = false) => ({ q, sign: 1 as const, onDrafts });
  const minus = (q: Query, onDrafts = false) => ({ q, sign: -1 as const, onDrafts });
  const lateDrafts = query(liveDrafts, where('date', '<', ts(drafts.lateBefore)));
  const nearDrafts = query(liveDrafts, where('date', '>=', ts(drafts.lateBefore)), where('date', '<', ts(drafts.nearBefore)));
  const since = (q: Query, field: string) => query(q, where(field, '>=', ts(resend.lateBefore)));
  type Term = { q: Query; sign: 1 | -1; onDrafts: boolean };
  const asks: Record<Exclude<keyof SdiDueCounts, 'queries' | 'entriesCounted' | 'billedReads' | 'rejectedLate'> | 'rejectedInWindow', Term[]> = {
    draftsLate: [plus(lateDrafts, true), minus(query(lateDrafts, where('rejectedAt', '>', ts(new Date(0)))), true)],
    draftsNear: [plus(nearDrafts, true), minus(query(nearDrafts, where('rejectedAt', '>', ts(new Date(0)))), true)],
    // Open = rejected − corrected + corrections not yet sent; inside the window = the same among those rejected
    // since its start. Late is open − inside, so a rejection with no recorded date (older than the webhook's record of
    // it) counts as late.
    rejectedOpen: [plus(rejected), minus(corrected), plus(corrections, true)],
    rejectedInWindow: [plus(since(rejected, 'markingNotifiedAt')), minus(since(corrected, 'markingNotifiedAt')), plus(since(corrections, 'rejectedAt'), true)],
    buyersToTell: [plus(missed), minus(query(missed, where('buyerToldAt', '>', ts(new Date(0)))))],
    ddtsToInvoice: [plus(query(ddtsCol(), where('userId', '==', shopId), where('state', '==', 'confermato'), where('date', '>=', ts(month.start)), where('date', '<', ts(month.end))))],
  };
  type Figure = keyof typeof asks;
  let entriesCounted = 0;
  let billed = 0;
  let asked = 0;
  const ask = async (q: Query) => {
    asked += 1;
    const n = (await getAggregateFromServer(q, { n: count() })).data().n;
    entriesCounted += n;
    billed += Math.max(1, Math.ceil(n / 1000));
    return n;
  };
  // Unknown (refused, offline) counts as 'maybe': the terms are then asked and fail or answer on their own.
  const anyDraft = await ask(liveDrafts).then((n) => n > 0, () => true);
  const counted = await Promise.all(
    (Object.entries(asks) as [Figure, Term[]][]).map(async ([key, terms]) => {
      try {
        const counts = await Promise.all(terms.map(({ q, onDrafts }) => (onDrafts && !anyDraft ? Promise.resolve(0) : ask(q))));
        return [key, Math.max(0, counts.reduce((sum, n, i) => sum + (terms[i]?.sign ?? 1) * n, 0))] as const;
      } catch {
        // Refused by the rules (or the network gone): this figure is not known; the others still are.
        return [key, undefined] as const;
      }
    }),
  );
  const result: SdiDueCounts = { queries: asked, entriesCounted, billedReads: billed };
  const known = new Map(counted);
  for (const key of ['draftsLate', 'draftsNear', 'rejectedOpen', 'buyersToTell', 'ddtsToInvoice'] as const) {
    const value = known.get(key);
    if (value !== undefined) result[key] = value;
  }
  const open = known.get('rejectedOpen');
  const inWindow = known.get('rejectedInWindow');
  if (open !== undefined && inWindow !== undefined) result.rejectedLate = Math.max(0, open - inWindow);
  return result;
}
