/**
 * The pending entries kept in a string storage (localStorage in the browser): JSON, dates revived, at most
 * MAX_PENDING entries (the newest kept), shared by every tab of the same browser — each tab adds and removes
 * its own ids, so two tabs never erase each other's entries.
 */
import { MAX_PENDING } from './rules';
import type { PendingStore, QueuedEntry } from './queue';

export interface StringStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const PENDING_KEY = 'activityLog.pending';

function revive<E>(raw: unknown): QueuedEntry<E> | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { id, entry } = raw as { id?: unknown; entry?: unknown };
  if (typeof id !== 'string' || entry === null || typeof entry !== 'object') return undefined;
  const fields = entry as Record<string, unknown>;
  const timestamp = typeof fields.timestamp === 'string' ? new Date(fields.timestamp) : undefined;
  if (!timestamp || Number.isNaN(timestamp.getTime())) return undefined;
  return { id, entry: { ...fields, timestamp } as E };
}

export function createPendingStore<E>(storage: StringStorage, key = PENDING_KEY): PendingStore<E> {
  const read = (): QueuedEntry<E>[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.map((item) => revive<E>(item)).filter((q): q is QueuedEntry<E> => q !== undefined) : [];
    } catch {
      return [];
    }
  };
  const write = (entries: QueuedEntry<E>[]) => {
    try {
      storage.setItem(key, JSON.stringify(entries.slice(-MAX_PENDING)));
    } catch {
      // Storage full or blocked: the entries stay in the page's queue, which still retries them.
    }
  };
  return {
    load: read,
    add(entries) {
      const ids = new Set(entries.map((q) => q.id));
      write([...read().filter((q) => !ids.has(q.id)), ...entries]);
    },
    remove(ids) {
      const gone = new Set(ids);
      write(read().filter((q) => !gone.has(q.id)));
    },
  };
}
