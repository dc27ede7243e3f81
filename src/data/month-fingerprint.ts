/**
 * A period's fingerprint (src/domain/month-package/fingerprint.ts) from aggregation queries only: the same sets the
 * month package reads (the business days' sales and closings, the invoices by document or delivery date, the
 * confirmed DDTs), counted and summed, never downloaded. The package stores it when it is downloaded; the desk and
 * the package screen ask it again to say what changed since.
 */
import { count, getAggregateFromServer, getDocs, query, sum, Timestamp, where, type Query } from 'firebase/firestore';
import type { MonthFingerprint } from '@/domain/month-package/fingerprint';
import { readFingerprint } from '@/domain/month-package/fingerprint';
import { periodRange, periodTag, type PackagePeriod } from '@/domain/month-package/period';
import { toCents } from '@/domain/money';
import { DDT_ISSUED_STATES, ddtsCol } from './ddt';
import { INVOICE_TYPE, periodInvoicesQuery } from './invoice';
import { lastPackageDownloadQuery } from './user-log';
import { reconciliationQueries } from './z-report';

/** Aggregation queries one fingerprint asks. */
export const FINGERPRINT_QUERIES = 8;

const counted = async (q: Query): Promise<number> => (await getAggregateFromServer(q, { n: count() })).data().n;

async function countedSum(q: Query, field: string): Promise<{ n: number; cents: number }> {
  const answer = (await getAggregateFromServer(q, { n: count(), s: sum(field) })).data();
  return { n: answer.n, cents: toCents(answer.s) ?? 0 };
}

export async function monthFingerprint(shopId: string, period: PackagePeriod, cutoff: number): Promise<MonthFingerprint> {
  const { start, end } = periodRange(period);
  const recon = reconciliationQueries(shopId, { start, end }, cutoff);
  const outgoing = periodInvoicesQuery(shopId, INVOICE_TYPE.outgoing, start, end);
  const ddts = query(ddtsCol(), where('userId', '==', shopId), where('state', 'in', [...DDT_ISSUED_STATES]), where('date', '>=', Timestamp.fromDate(start)), where('date', '<', Timestamp.fromDate(end)));
  const [sales, voided, deleted, out, rejected, incoming, closings, ddtCount] = await Promise.all([
    countedSum(recon.sales, 'price'),
    counted(query(recon.sales, where('isVoid', '==', true))),
    counted(query(recon.sales, where('deleted', '==', true))),
    countedSum(outgoing, 'total'),
    counted(query(outgoing, where('marking', '==', 'rejected'))),
    countedSum(periodInvoicesQuery(shopId, INVOICE_TYPE.incoming, start, end), 'total'),
    countedSum(recon.closings, 'total'),
    counted(ddts),
  ]);
  return { sales, voided, deleted, outgoing: out, rejected, incoming, closings, ddts: ddtCount };
}

export interface PackageDownload {
  at: Date;
  fileName?: string;
  /** Undefined for a download logged before fingerprints were kept: then nobody can say what changed. */
  fingerprint?: MonthFingerprint;
}

/** This person's latest download of the period's package for the shop, from the activity log; undefined if none. */
export async function lastPackageDownload(shopId: string, actorId: string, period: PackagePeriod): Promise<PackageDownload | undefined> {
  const snapshot = await getDocs(lastPackageDownloadQuery(shopId, actorId, periodTag(period)));
  const entry = snapshot.docs[0]?.data();
  if (!entry?.timestamp) return undefined;
  const fileName = typeof entry.details.fileName === 'string' ? entry.details.fileName : undefined;
  const fingerprint = readFingerprint(entry.details.fingerprint);
  return { at: entry.timestamp, ...(fileName ? { fileName } : {}), ...(fingerprint ? { fingerprint } : {}) };
}
