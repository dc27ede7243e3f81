/**
 * The activity log's constants and pure rules (document 1 §9): batch size, flush period, duplicate windows,
 * segments of 300 operations, the pending cap.
 */
import type { LogAction } from './actions';

export const BATCH_SIZE = 10;
export const FLUSH_INTERVAL_MS = 5_000;
export const STARTUP_RETRY_MS = 2_000;
export const MAX_PENDING = 100;
export const SEGMENT_SIZE = 300;
/** A save that has not answered in this time is treated as failed (its entries are kept for a retry). */
export const SAVE_TIMEOUT_MS = 15_000;

/**
 * How old an entry may be when it is saved: the rules accept a timestamp from 7 days before the
 * server's time to 5 minutes after it. An entry that waited offline longer is dropped by the queue (never retried
 * forever, never restamped: its time is the time of the act). The queue drops it one hour before the rules would
 * refuse it, so a client clock a little behind the server does not send a batch the rules refuse.
 */
export const LOG_RULES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const LOG_RULES_MAX_SKEW_MS = 5 * 60 * 1000;
export const LOG_MAX_AGE_MS = LOG_RULES_MAX_AGE_MS - 60 * 60 * 1000;

/** Whether a queued entry stamped at `timestamp` is too old to be saved at `now` (it is dropped). */
export function isExpiredLogEntry(timestamp: Date, now: number): boolean {
  const at = timestamp.getTime();
  return Number.isNaN(at) || now - at > LOG_MAX_AGE_MS;
}

export const DEFAULT_DEDUPE_WINDOW_MS = 8_000;
const DEDUPE_WINDOWS: Partial<Record<LogAction, number>> = {
  login_success: 30_000,
  employee_login: 12_000,
  product_add: 10_000,
};

export function dedupeWindow(action: string): number {
  return DEDUPE_WINDOWS[action as LogAction] ?? DEFAULT_DEDUPE_WINDOW_MS;
}

/** JSON with object keys sorted, so equal details give equal keys whatever their key order. */
export function stableStringify(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two entries "the same action": who, about which shop, what, with which details. */
export function dedupeKey(entry: { userId: string; actorId: string; action: string; module: string; details: unknown }): string {
  return stableStringify([entry.actorId, entry.userId, entry.action, entry.module, entry.details]);
}

export interface Segment {
  groupId: string;
  segmentIndex: number;
  segmentCount: number;
  operations: unknown[];
}

/**
 * A log whose details.operations holds more than 300 items becomes segments of 300 sharing a group id
 * (a Firestore document stays far from its 1 MiB limit); shorter logs are returned as they are.
 */
export function splitOperations<T extends { details: Record<string, unknown> }>(entry: T, newGroupId: () => string): T[] {
  const operations = entry.details.operations;
  if (!Array.isArray(operations) || operations.length <= SEGMENT_SIZE) return [entry];
  const groupId = newGroupId();
  const segmentCount = Math.ceil(operations.length / SEGMENT_SIZE);
  return Array.from({ length: segmentCount }, (_, segmentIndex) => ({
    ...entry,
    details: {
      ...entry.details,
      operations: operations.slice(segmentIndex * SEGMENT_SIZE, (segmentIndex + 1) * SEGMENT_SIZE),
      groupId,
      segmentIndex,
      segmentCount,
      totalOperations: operations.length,
    },
  }));
}

/**
 * The viewer's side: entries of one group become one entry again (operations in segment order, the first
 * segment's other fields). Entries without a group pass through; the input order of first appearance is kept.
 */
export function mergeSegments<T extends { details: Record<string, unknown> }>(entries: readonly T[]): (T & { segmentsFound?: number })[] {
  const out: (T & { segmentsFound?: number })[] = [];
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const groupId = entry.details.groupId;
    if (typeof groupId !== 'string' || typeof entry.details.segmentIndex !== 'number') {
      out.push(entry);
      continue;
    }
    const group = groups.get(groupId);
    if (group) {
      group.push(entry);
      continue;
    }
    groups.set(groupId, [entry]);
    out.push(entry);
  }
  return out.map((entry) => {
    const groupId = entry.details.groupId;
    const group = typeof groupId === 'string' ? groups.get(groupId) : undefined;
    if (!group) return entry;
    const ordered = [...group].sort((a, b) => (a.details.segmentIndex as number) - (b.details.segmentIndex as number));
    const first = ordered[0] ?? entry;
    const operations = ordered.flatMap((e) => (Array.isArray(e.details.operations) ? (e.details.operations as unknown[]) : []));
    const { segmentIndex: _i, segmentCount: _c, ...rest } = first.details;
    return { ...first, details: { ...rest, operations }, segmentsFound: ordered.length };
  });
}
