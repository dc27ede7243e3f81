/**
 * What a month's package was made of, in a few counted figures, so that a later look can say whether the month
 * changed after the package was downloaded (a late POS sync, a credit note, a rejection, a closing written later).
 * The figures are aggregations (counts and sums), never the documents: the accountant's desk asks them for every
 * client shop. Stored with the download's activity-log entry (details.fingerprint) and read back tolerantly.
 */
import { countOf } from '@/domain/numbers/format-count';
import { formatEuroCents, type Cents } from '@/domain/money';

export interface CountedSum {
  n: number;
  cents: Cents;
}

export interface MonthFingerprint {
  /** Sale documents of the period's business days (every kind: receipts, drafts, credit notes). */
  sales: CountedSum;
  /** Of those, the voided receipts (a receipt voided later changes the takings, not the count). */
  voided: number;
  /** Of those, the ones in the trash. */
  deleted: number;
  /** Issued invoices by document date, and among them the ones the SDI rejected. */
  outgoing: CountedSum;
  rejected: number;
  /** Received invoices by the day the SDI delivered them. */
  incoming: CountedSum;
  /** Cash-register closings of the period. */
  closings: CountedSum;
  /** Confirmed DDTs of the period. */
  ddts: number;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function countedSum(value: unknown): CountedSum | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { n, cents } = value as Record<string, unknown>;
  return isCount(n) && isCents(cents) ? { n, cents } : undefined;
}

/** The fingerprint stored in a log entry's details, or undefined when it is missing or not whole. */
export function readFingerprint(value: unknown): MonthFingerprint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const sales = countedSum(raw.sales);
  const outgoing = countedSum(raw.outgoing);
  const incoming = countedSum(raw.incoming);
  const closings = countedSum(raw.closings);
  const { voided, deleted, rejected, ddts } = raw;
  if (!sales || !outgoing || !incoming || !closings || !isCount(voided) || !isCount(deleted) || !isCount(rejected) || !isCount(ddts)) return undefined;
  return { sales, voided, deleted, outgoing, rejected, incoming, closings, ddts };
}

const signedCount = (d: number, singular: string, plural: string) => `${d > 0 ? '+' : '−'}${countOf(Math.abs(d), singular, plural)}`;
const signedEuro = (c: Cents) => `${c > 0 ? '+' : '−'}${formatEuroCents(Math.abs(c))}`;

function sumChange(before: CountedSum, now: CountedSum, singular: string, plural: string, changedText: string): string | undefined {
  const dn = now.n - before.n;
  const dc = now.cents - before.cents;
  if (dn === 0 && dc === 0) return undefined;
  if (dn === 0) return `${changedText} (${signedEuro(dc)})`;
  return `${signedCount(dn, singular, plural)}${dc === 0 ? '' : ` (${signedEuro(dc)})`}`;
}

function countChange(d: number, singular: string, plural: string): string | undefined {
  return d === 0 ? undefined : signedCount(d, singular, plural);
}

/** What changed between the downloaded month and now, in the accountant's words; empty when nothing did. */
export function fingerprintChanges(before: MonthFingerprint, now: MonthFingerprint): string[] {
  return [
    sumChange(before.sales, now.sales, 'vendita', 'vendite', 'importi delle vendite cambiati'),
    countChange(now.voided - before.voided, 'scontrino annullato', 'scontrini annullati'),
    countChange(now.deleted - before.deleted, 'vendita nel cestino', 'vendite nel cestino'),
    sumChange(before.outgoing, now.outgoing, 'fattura emessa', 'fatture emesse', 'importi delle fatture emesse cambiati'),
    countChange(now.rejected - before.rejected, 'fattura scartata dallo SDI', 'fatture scartate dallo SDI'),
    sumChange(before.incoming, now.incoming, 'fattura ricevuta', 'fatture ricevute', 'importi delle fatture ricevute cambiati'),
    sumChange(before.closings, now.closings, 'chiusura di cassa', 'chiusure di cassa', 'totali delle chiusure cambiati'),
    countChange(now.ddts - before.ddts, 'DDT confermato', 'DDT confermati'),
  ].filter((line): line is string => line !== undefined);
}

export type DownloadState =
  | { kind: 'never' }
  /** Logged before fingerprints were kept: nobody can say whether the month changed. */
  | { kind: 'unknown'; at: Date }
  | { kind: 'same'; at: Date }
  | { kind: 'changed'; at: Date; changes: string[] };

/** The package's state against its last download: what the desk and the package screen both say. */
export function downloadState(now: MonthFingerprint, download: { at: Date; fingerprint?: MonthFingerprint } | undefined): DownloadState {
  if (!download) return { kind: 'never' };
  if (!download.fingerprint) return { kind: 'unknown', at: download.at };
  const changes = fingerprintChanges(download.fingerprint, now);
  return changes.length === 0 ? { kind: 'same', at: download.at } : { kind: 'changed', at: download.at, changes };
}

/** Whether the period holds no document at all. */
export function isEmptyMonth(f: MonthFingerprint): boolean {
  return f.sales.n + f.outgoing.n + f.incoming.n + f.closings.n + f.ddts === 0;
}
