/**
 * The activity log's batching queue (document 1 §4/§9), free of Firebase and the browser: the writer, the
 * pending store and the clock are injected, so the rules are unit-tested with fake timers.
 *
 * - Every entry gets a stable id when queued; the writer stores it under that id, so a save retried after a
 *   timeout that had in fact succeeded rewrites the same document instead of adding a second one.
 * - Entries are written ahead to the pending store when queued and removed only once a save is confirmed:
 *   a reload, a closed tab or a lost network loses nothing (capped at MAX_PENDING, newest kept).
 * - Batches of BATCH_SIZE; a partial batch is flushed FLUSH_INTERVAL_MS after its first entry; a failed
 *   save keeps its entries and is retried after FLUSH_INTERVAL_MS; stored entries are retried
 *   STARTUP_RETRY_MS after start.
 * - An entry older than LOG_MAX_AGE_MS (by its own timestamp) is dropped before a save, from the queue and the
 *   pending store, and reported through onDropped: the rules refuse entries older than 7 days, so it would fail
 *   forever and hold back every entry queued after it. Likewise a batch the rules refuse (isRefused) is retried one
 *   entry at a time and the entry refused on its own is dropped and reported: nothing loops forever.
 */
import {
  BATCH_SIZE, FLUSH_INTERVAL_MS, SAVE_TIMEOUT_MS, STARTUP_RETRY_MS, dedupeKey, dedupeWindow, isExpiredLogEntry, splitOperations,
} from './rules';

export interface LogEntryShape {
  userId: string;
  /** When the act happened (the writer's clock): kept as it is, never restamped. */
  timestamp: Date;
  actorId: string;
  action: string;
  module: string;
  details: Record<string, unknown>;
  metadata: object;
}

export interface QueuedEntry<E> {
  id: string;
  entry: E;
}

export interface PendingStore<E> {
  load(): QueuedEntry<E>[];
  add(entries: QueuedEntry<E>[]): void;
  remove(ids: readonly string[]): void;
}

export interface LogQueueDeps<E> {
  write(entries: QueuedEntry<E>[]): Promise<void>;
  pending: PendingStore<E>;
  newId(): string;
  now(): number;
  /** Whether the signed-in user may write this entry now (the rules require actorId = the writer). */
  canWrite(entry: E): boolean;
  onError?(error: unknown): void;
  /** Entries dropped: they waited longer than LOG_MAX_AGE_MS, or the rules refused them on their own. */
  onDropped?(entries: QueuedEntry<E>[]): void;
  /**
   * Whether a failed save was refused by the rules (permission denied), as opposed to a network or server failure: a
   * refused batch is retried one entry at a time, and an entry refused on its own is dropped (it would be refused
   * forever and hold back every entry after it; e.g. it names an employee deleted before the save).
   */
  isRefused?(error: unknown): boolean;
}

export interface QueueStats {
  batches: number;
  written: number;
  failures: number;
  dropped: number;
}

export class LogQueue<E extends LogEntryShape> {
  private queue: QueuedEntry<E>[] = [];
  private recent = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  readonly stats: QueueStats = { batches: 0, written: 0, failures: 0, dropped: 0 };

  constructor(private readonly deps: LogQueueDeps<E>) {}

  /** Queues an entry; false when it repeats the same entry inside its duplicate window. */
  enqueue(entry: E): boolean {
    const now = this.deps.now();
    this.forgetOld(now);
    const key = dedupeKey(entry);
    const window = dedupeWindow(entry.action);
    const last = this.recent.get(key);
    if (last !== undefined && now - last < window) return false;
    this.recent.set(key, now);
    const stamped = { ...entry, metadata: { ...entry.metadata, dedupeWindow: window } };
    const queued = splitOperations(stamped, () => `grp-${this.deps.newId()}`).map((e) => ({ id: this.deps.newId(), entry: e }));
    this.queue.push(...queued);
    this.deps.pending.add(queued);
    if (this.writable().length >= BATCH_SIZE) void this.flush();
    else this.schedule(FLUSH_INTERVAL_MS);
    return true;
  }

  /** Retries what an earlier page left in the pending store, STARTUP_RETRY_MS after start. */
  start(): void {
    setTimeout(() => {
      this.adoptPending();
      void this.flush();
    }, STARTUP_RETRY_MS);
  }

  /** Page hidden or unloading: the entries are already in the pending store; try to save them now. */
  flushNow(): Promise<void> {
    this.adoptPending();
    return this.flush();
  }

  get size(): number {
    return this.queue.length;
  }

  /** Saves every writable entry, BATCH_SIZE at a time; stops at the first failure and retries later. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    this.clearTimer();
    // After a batch refused by the rules, the rest of this drain goes one entry at a time to find the refused one.
    let size = BATCH_SIZE;
    for (;;) {
      this.dropExpired();
      const batch = this.writable().slice(0, size);
      if (batch.length === 0) return;
      try {
        await this.withTimeout(this.deps.write(batch));
      } catch (error) {
        this.stats.failures += 1;
        this.deps.onError?.(error);
        if (this.deps.isRefused?.(error)) {
          if (batch.length > 1) size = 1;
          else this.drop(batch);
          continue;
        }
        this.schedule(FLUSH_INTERVAL_MS);
        return;
      }
      const done = new Set(batch.map((q) => q.id));
      this.queue = this.queue.filter((q) => !done.has(q.id));
      this.deps.pending.remove([...done]);
      this.stats.batches += 1;
      this.stats.written += batch.length;
    }
  }

  private withTimeout(save: Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('Salvataggio del registro attività scaduto')), SAVE_TIMEOUT_MS);
      save.then(
        () => {
          clearTimeout(timeout);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timeout);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Removes the entries too old for the rules (see LOG_MAX_AGE_MS), from the queue and the pending store. */
  private dropExpired(): void {
    const now = this.deps.now();
    const expired = this.queue.filter((q) => isExpiredLogEntry(q.entry.timestamp, now));
    if (expired.length > 0) this.drop(expired);
  }

  private drop(entries: QueuedEntry<E>[]): void {
    const gone = new Set(entries.map((q) => q.id));
    this.queue = this.queue.filter((q) => !gone.has(q.id));
    this.deps.pending.remove([...gone]);
    this.stats.dropped += entries.length;
    this.deps.onDropped?.(entries);
  }

  private writable(): QueuedEntry<E>[] {
    return this.queue.filter((q) => this.deps.canWrite(q.entry));
  }

  private adoptPending(): void {
    const known = new Set(this.queue.map((q) => q.id));
    for (const stored of this.deps.pending.load()) {
      if (!known.has(stored.id) && this.deps.canWrite(stored.entry)) this.queue.push(stored);
    }
  }

  private schedule(delay: number): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private forgetOld(now: number): void {
    for (const [key, at] of this.recent) if (now - at > 60_000) this.recent.delete(key);
  }
}
