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
