/**
 * One look at a shop's day summaries (SaleDaySummary) over consecutive closed days, shared by the statistics and the
 * Z-report. The stored summaries are read; days without a valid one (missing, of an older
 * version, or whose Z-report takings were grouped at another cut-off) are computed from their sales and incoming
 * invoices and, when the user may, stored; then the check's aggregations (domain/statistics/day-summary.ts) find the
 * days that changed afterwards (a sale voided or added late), which are read again, recomputed and stored. The
 * nightly Cloud Function builds yesterday's summary of every shop (functions/src/day-summaries.ts) with the same
 * builder (sale-day-summary-build.ts), so a look normally only reads them: see docs/dati.md.
 */
import { buildSummary, groupByDay, type DownloadedDays } from './sale-day-summary-build';
import { checkOfDays, downloadInterval, readSummaries, writeSummaries } from './sale-day-summary-reads';
import { CHECK_KEYS, findStaleDays, SUMMARY_VERSION, type CheckKey, type DayCheck, type DaySummary } from '@/domain/statistics/day-summary';
import { dayRuns, type Interval, type PeriodPlan } from '@/domain/statistics/summary-days';

export interface StatisticsReport {
  /** Documents read: summaries (an empty answer counts 1), sales and invoices downloaded, the shop (cut-off). */
  summariesRead: number;
  salesRead: number;
  invoicesRead: number;
  shopRead: number;
  /** Aggregation requests (each billed 1 read per 1000 index entries it scans). */
  aggregations: number;
  /** Days whose summary was missing (or of an older version) and was computed in this look. */
  built: string[];
  /** Days whose summary disagreed with Firestore's aggregations and was computed again. */
  rebuilt: string[];
  /** Milliseconds spent reading the summaries, downloading (missing days and the live part), and checking. */
  ms: { summaries: number; downloads: number; check: number };
  /** Summaries stored by this look (resolves when written; 0 for a user who may not write them). */
  saved: Promise<number>;
}

/** Downloads intervals and groups what they hold by Rome day (sales by `date`, invoices by `createdAt`). */
async function downloadByDay(shopId: string, intervals: readonly Interval[]): Promise<DownloadedDays> {
  return groupByDay(await Promise.all(intervals.map((i) => downloadInterval(shopId, i))));
}

export interface SummaryLookOptions {
  /** The user may store the shop's summaries (owner or admin, with the Statistiche pack). */
  canWrite: boolean;
  /** The shop's business-day cut-off in minutes (the summaries' Z-report takings are grouped at it). */
  cutoff: number;
  /** Download the plan's live intervals too (the statistics); the Z-report listens to them instead. */
  downloadLive: boolean;
  /**
   * When a closed day has no valid summary and the user may not store one, read nothing more and answer `incomplete`
   * (the Z-report then listens to the whole range, which a reload resumes from the cache, instead of downloading the
   * same days again at every look).
   */
  stopWhenIncomplete?: boolean;
}

/**
 * One look at the summaries of a plan's closed days, in two steps (statistics and Z-report): `first`
 * holds every closed day's summary (stored ones as they are, missing ones — or of another version or cut-off —
 * computed from their sales now and, when the user may, stored) and the live part downloaded; `checked` resolves
 * with the summaries after the check's aggregations (days that changed afterwards read again, recomputed, stored).
 */
export interface SummaryLook {
  summaries: ReadonlyMap<string, DaySummary>;
  live: DownloadedDays;
  /** The stored summaries are being compared with Firestore's aggregations; `checked` may still change them. */
  checking: boolean;
  checked: Promise<{ summaries: ReadonlyMap<string, DaySummary>; report: StatisticsReport }>;
  /** stopWhenIncomplete: a closed day lacks a valid summary that this user could store; nothing else was read. */
  incomplete?: boolean;
}

export async function startSummaryLook(shopId: string, plan: PeriodPlan, options: SummaryLookOptions): Promise<SummaryLook> {
  const { cutoff } = options;
  const first = plan.closedDays[0];
  const last = plan.closedDays[plan.closedDays.length - 1];
  const report = { summariesRead: 0, salesRead: 0, invoicesRead: 0, shopRead: 0, aggregations: 0, built: [] as string[], rebuilt: [] as string[], ms: { summaries: 0, downloads: 0, check: 0 } };
  let since = performance.now();
  const lap = () => {
    const ms = performance.now() - since;
    since = performance.now();
    return Math.round(ms);
  };

  // 1. The stored summaries of the closed days; the live part is downloaded meanwhile (it needs nothing from them).
  const live = Promise.all(options.downloadLive ? plan.live.map((i) => downloadInterval(shopId, i)) : []);
  live.catch(() => undefined);
  const stored = first && last ? await readSummaries(shopId, first, last) : { byDay: new Map<string, DaySummary>(), read: 0 };
  report.summariesRead = stored.read;
  report.ms.summaries = lap();
  const valid = new Map([...stored.byDay].filter(([, s]) => s.version === SUMMARY_VERSION && s.takings.cutoff === cutoff));
  const missing = plan.closedDays.filter((d) => !valid.has(d));
  if (options.stopWhenIncomplete && !options.canWrite && missing.length > 0) {
    const none = new Map<string, DaySummary>();
    const empty = groupByDay([]);
    return { summaries: none, live: empty, checking: false, incomplete: true, checked: Promise.resolve({ summaries: none, report: { ...report, saved: Promise.resolve(0) } }) };
  }

  // 2. The days without a valid summary, and the live part.
  const [missingParts, liveParts] = await Promise.all([Promise.all(dayRuns(missing).map((r) => downloadInterval(shopId, r.interval))), live]);
  const downloads = groupByDay([...missingParts, ...liveParts]);
  report.salesRead += downloads.sales.length;
  report.invoicesRead += downloads.invoices.length;
  report.ms.downloads = lap();
  const builtAt = new Date();
  const summaries = new Map(valid);
  const built: DaySummary[] = [];
  for (const day of missing) {
    const s = buildSummary(shopId, day, downloads.salesByDay.get(day) ?? [], downloads.invoicesByDay.get(day) ?? [], builtAt, cutoff);
    summaries.set(day, s);
    built.push(s);
  }
  report.built = missing;
  // Stored for the next look now: a day computed from its sales is right whatever the check finds about the others.
  const savedBuilt = options.canWrite && built.length > 0 ? writeSummaries(built) : Promise.resolve(0);
  savedBuilt.catch(() => undefined);
  const firstSummaries = new Map(summaries);
  if (valid.size === 0) return { summaries: firstSummaries, live: downloads, checking: false, checked: Promise.resolve({ summaries: firstSummaries, report: { ...report, saved: savedBuilt } }) };

  // 3. The check of the whole closed run, asked only now: sent beside the reads above, its scans delayed them (on a
  // busy emulator the first figures came with the checked ones). Days whose stored check disagrees with Firestore
  // are read again and recomputed.
  const ask = (days: readonly string[], keys: readonly CheckKey[]) => checkOfDays(shopId, days, keys).then((c) => ((report.aggregations += keys.length), c));
  const check = async () => {
    const checks = new Map<string, DayCheck>([...summaries].map(([d, s]) => [d, s.check]));
    const { stale } = await findStaleDays(plan.closedDays, checks, CHECK_KEYS, ask);
    report.rebuilt = stale;
    report.ms.check = lap();
    if (stale.length === 0) return { summaries: firstSummaries, report: { ...report, saved: savedBuilt } };
    const again = await downloadByDay(shopId, dayRuns(stale).map((r) => r.interval));
    report.salesRead += again.sales.length;
    report.invoicesRead += again.invoices.length;
    const rebuilt = stale.map((day) => buildSummary(shopId, day, again.salesByDay.get(day) ?? [], again.invoicesByDay.get(day) ?? [], builtAt, cutoff));
    for (const s of rebuilt) summaries.set(s.day, s);
    const savedRebuilt = options.canWrite ? writeSummaries(rebuilt) : Promise.resolve(0);
    const saved = Promise.all([savedBuilt, savedRebuilt]).then(([a, b]) => a + b);
    return { summaries, report: { ...report, saved } };
  };
  return { summaries: firstSummaries, live: downloads, checking: true, checked: check() };
}

