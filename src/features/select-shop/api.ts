/**
 * Firestore reads of the accountant's shop choice. Security rules let an accountant read only the shops whose
 * `accountants` array lists them, so both sources go through those rules: the `array-contains` query and a
 * read by id of each shop the User profile links to.
 */
import { getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { shopDoc, shopsCol, type Shop } from '@/data/shop';
import { runWithLimit } from '@/lib/tasks';
import { mergeAccountantShops, type ShopChoice, type ShopLink } from './shop-list';
import { lastPackageDownload, monthFingerprint, FINGERPRINT_QUERIES } from '@/data/month-fingerprint';
import { readSummaries } from '@/data/sale-day-summary-reads';
import { salesCol } from '@/data/sale';
import { countSdiDue } from '@/data/sdi-due';
import { businessDayCutoffMinutes } from '@/data/shop';
import { reconciliationQueries } from '@/data/z-report';
import { periodRange, type PackagePeriod } from '@/domain/month-package/period';
import { businessDay, nextDay } from '@/domain/zreport/business-day';
import { localDay, mergeTakings, reconcileTakings, summarize, type DayTakings } from '@/domain/zreport/reconcile';
import type { DeskFigures } from './desk-status';


export type AccountantShopChoice = ShopChoice<Shop>;

async function readLinkedShop(shopId: string): Promise<Shop | undefined> {
  const snapshot = await getDoc(shopDoc(shopId));
  return snapshot.exists() ? snapshot.data() : undefined;
}

/**
 * The shops the accountant may work on. A linked shop that cannot be read (deleted, or it no longer lists the
 * accountant) is skipped; the load fails only when the query fails and no linked shop could be read either.
 */
export async function loadAccountantShops(uid: string, links: readonly ShopLink[]): Promise<AccountantShopChoice[]> {
  const listedPromise = getDocs(query(shopsCol(), where('accountants', 'array-contains', uid))).then((s) => s.docs.map((d) => d.data()));
  const [listed, ...linked] = await Promise.allSettled([listedPromise, ...links.map((link) => readLinkedShop(link.shopId))]);
  const linkedShops = linked.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  if (listed?.status === 'rejected') {
    if (linkedShops.length === 0) throw listed.reason;
    console.warn('Negozi del commercialista: ricerca per accountants non riuscita, uso i collegamenti del profilo', listed.reason);
  }
  const listedShops = listed?.status === 'fulfilled' ? listed.value : [];
  return mergeAccountantShops(links, linkedShops, listedShops);
}

/*
 * The desk: the reads of one row of the accountant's desk, for one shop and one month, without downloading the shop's
 * documents: the month's fingerprint and the SDI's due counts are aggregation queries (src/data/month-fingerprint.ts,
 * src/data/sdi-due.ts, the same functions the package screen and the shop's dashboard read); the closings are
 * reconciled with the nightly day summaries (one small document per day) as /zreport does; the last sale is one
 * document; the package's last download is one activity-log entry.
 */
export interface DeskRowFigures extends DeskFigures {
  /** What the row cost: queries asked (aggregations included) and documents downloaded. */
  reads: { queries: number; documents: number };
}

/** The calendar days from `from` to `to` included ('yyyy-MM-dd'). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) days.push(d);
  return days;
}

/**
 * The month's closings against the takings of the days whose summaries are stored. A business day is known when its
 * calendar day's summary is (and, with a cut-off, the next day's, which holds its small hours); the closings of the
 * other closed days are left for /zreport, which builds the missing summaries from the sales.
 */
async function closingsOfMonth(shopId: string, period: PackagePeriod, cutoff: number, now: Date) {
  const { start, end } = periodRange(period);
  const from = localDay(start);
  const to = localDay(new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1));
  const today = businessDay(now, cutoff);
  const [{ byDay, read }, closingsSnapshot] = await Promise.all([
    readSummaries(shopId, from, cutoff > 0 ? nextDay(to) : to),
    getDocs(reconciliationQueries(shopId, { start, end }, cutoff).closings),
  ]);
  const closedDays = daysBetween(from, to).filter((d) => d < today);
  const known = new Set(closedDays.filter((d) => byDay.has(d) && (cutoff === 0 || byDay.has(nextDay(d)) || nextDay(d) >= today)));
  const takings = new Map<string, DayTakings>();
  for (const summary of byDay.values()) mergeTakings(takings, summary.takings.byDay);
  const knownTakings = new Map([...takings].filter(([day]) => known.has(day)));
  const closings = closingsSnapshot.docs.map((d) => d.data()).filter((c) => c.createdAt && known.has(businessDay(c.createdAt, cutoff)));
  return {
    summary: summarize(reconcileTakings(knownTakings, closings, today, cutoff)),
    daysToSummarise: closedDays.length - known.size,
    documents: read + closingsSnapshot.size,
  };
}

async function lastSaleDate(shopId: string): Promise<Date | undefined> {
  const snapshot = await getDocs(query(salesCol(), where('userId', '==', shopId), orderBy('date', 'desc'), limit(1)));
  return snapshot.docs[0]?.data().date;
}

export async function loadDeskRow(shop: Shop, accountantUid: string, period: PackagePeriod, now = new Date()): Promise<DeskRowFigures> {
  const cutoff = businessDayCutoffMinutes(shop);
  const [fingerprint, download, due, closings, lastSale] = await Promise.all([
    monthFingerprint(shop.id, period, cutoff),
    lastPackageDownload(shop.id, accountantUid, period),
    countSdiDue(shop.id, now),
    closingsOfMonth(shop.id, period, cutoff, now),
    lastSaleDate(shop.id),
  ]);
  const { queries, entriesCounted: _entries, billedReads: _billed, ...dueFigures } = due;
  return {
    fingerprint,
    ...(download ? { download } : {}),
    due: dueFigures,
    closings: closings.summary,
    daysToSummarise: closings.daysToSummarise,
    ...(lastSale ? { lastSale } : {}),
    reads: { queries: FINGERPRINT_QUERIES + queries + 4, documents: closings.documents + (download ? 1 : 0) + (lastSale ? 1 : 0) },
  };
}

/** Rows asked at once: the first ones show while the others are read (the emulator answers one query at a time). */
export const DESK_ROWS_IN_FLIGHT = 6;

/** Every shop's row, DESK_ROWS_IN_FLIGHT at a time, each reported as soon as it is read. */
export function loadDeskRows(shops: readonly Shop[], accountantUid: string, period: PackagePeriod, onRow: (shopId: string, row: PromiseSettledResult<DeskRowFigures>) => void, now = new Date()): Promise<void> {
  return runWithLimit(
    shops.map((shop) => () => loadDeskRow(shop, accountantUid, period, now)),
    DESK_ROWS_IN_FLIGHT,
    (index, result) => {
      const shop = shops[index];
      if (shop) onRow(shop.id, result);
    },
  );
}
