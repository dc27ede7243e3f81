/**
 * A live query read as a few listeners over consecutive document-id ranges (domain/ids/id-ranges.ts), opened one
 * after another.
 *
 * Why: the Firestore emulator (development and tests) sends each document of a listener's answer as one message on
 * the browser's WebChannel and keeps at most 10,000 of them waiting for a browser slower to read them; beyond that it
 * aborts the Listen channel without telling the browser, and the page waits a minute or forever (its log: 'too many
 * pending messagings in the back channel (10001)'). One listener over a directory of 10,000 customers never completes
 * there. Ranges opened one at a time, each when the previous one has heard the server, keep every burst to one
 * range. In production (flow control) it costs nothing more: the same documents are read once, a range without
 * documents 1 read, and each range resumes from the persistent cache with its own resume token.
 *
 * A list never waits on forever: a range that has not heard the server within RANGE_SERVER_LIMIT_MS while the browser
 * is online makes the list an error of kind 'incomplete' (the screen offers to try again).
 */
import { documentId, query, where, type Query } from 'firebase/firestore';
import type { IdRange } from '@/domain/ids/id-ranges';
import { NO_PENDING, type Loadable } from './live-state';
import { listenToQuery } from './firebase-listen';
import { isOffline } from './firebase-errors';

/**
 * How long a range answered from the cache waits for the server before the next one opens anyway: the connection is
 * then slow or gone, and the other ranges can answer from the cache too instead of waiting behind it. On the
 * emulator a range of 2,500 customers answers in well under a second, so at most two bursts overlap.
 */
export const SERVER_WAIT_MS = 3_000;

/**
 * How long a range may go without the server's answer, online, before the list gives up as 'incomplete'. A range of
 * 2,500 documents takes seconds even on a slow line; a minute means the stream is stuck (seen once on the emulator: a
 * directory that stayed on its skeleton for 300 s).
 */
export const RANGE_SERVER_LIMIT_MS = 60_000;

export const INCOMPLETE_LIST = 'Caricamento incompleto: riprova';

/** `q` restricted to each id range: together they return exactly what `q` returns, each document once. */
export function idRangeQueries<T>(q: Query<T>, ranges: readonly IdRange[]): Query<T>[] {
  return ranges.map((r) => query(q, ...(r.from === undefined ? [] : [where(documentId(), '>=', r.from)]), ...(r.to === undefined ? [] : [where(documentId(), '<', r.to)])));
}

type Listen<T> = (q: Query<T>, set: (value: Loadable<T[]>) => void) => () => void;

export interface RangeOptions<T> {
  /** The listener of one range (tests pass their own). */
  listen?: Listen<T>;
  /** Whether the browser says it has a network: without one, no range waits for the server. */
  online?: () => boolean;
  /**
   * This browser's copy of each range, read from the cache in one go when the cache holds the whole list
   * (lib/firebase-whole-list.ts): shown as the list at once, each range's own answer replacing its part.
   */
  seed?: readonly (readonly T[])[];
}

/**
 * Listens to the ranges one after another and hands `set` the whole list (ranges in id order, as the single query
 * returns it). Range k + 1 opens when range k has heard the server, at once when the browser is offline, or after
 * SERVER_WAIT_MS of a cache-only answer. Until every range has answered (or has its part in `seed`), the list is
 * marked `partial` (what is known so far) and `fromCache`; an error of any range is the list's error, and so is a
 * range without the server's answer after RANGE_SERVER_LIMIT_MS online (kind 'incomplete').
 */
export function listenToQueryInRanges<T>(queries: readonly Query<T>[], set: (value: Loadable<T[]>) => void, options: RangeOptions<T> = {}): () => void {
  const listen = options.listen ?? listenToQuery;
  const online = options.online ?? (() => !isOffline());
  const seed = options.seed?.length === queries.length ? options.seed : undefined;
  const answers: (Loadable<T[]> | undefined)[] = queries.map(() => undefined);
  const heard = queries.map(() => false);
  const stops: (() => void)[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let failed = false;
  let stopped = false;
  let lastParts: (readonly T[])[] = [];
  let lastData: T[] = [];

  const fail = (error: Extract<Loadable<T[]>, { status: 'error' }>) => {
    failed = true;
    for (const t of timers) clearTimeout(t);
    set(error);
  };

  const publish = () => {
    if (stopped || failed) return;
    const error = answers.find((a) => a?.status === 'error');
    if (error?.status === 'error') return fail(error);
    const ready = answers.map((a) => (a?.status === 'ready' ? a : undefined));
    const parts = ready.map((a, k) => a?.data ?? seed?.[k]);
    const known = parts.filter((p): p is readonly T[] => p !== undefined);
    if (known.length === 0) return;
    const partial = known.length < queries.length;
    const pending = new Set<string>();
    for (const a of ready) for (const id of a?.sync?.pendingIds ?? NO_PENDING) pending.add(id);
    // An answer that changed only metadata (the server confirming a range's copy) keeps its data array: the list
    // then stays the same array too, and the screen does not sort and filter thousands of rows again.
    if (known.length !== lastParts.length || known.some((p, i) => p !== lastParts[i])) {
      lastParts = known;
      lastData = known.length === 1 ? ((known[0] ?? []) as T[]) : known.flat();
    }
    const fromCache = partial || ready.some((a) => a === undefined || a.sync?.fromCache === true);
    set({ status: 'ready', data: lastData, error: undefined, sync: { fromCache, pendingIds: pending.size > 0 ? pending : NO_PENDING, partial } });
  };

  /** Gives the list up when range k is still without the server's answer after the limit (re-armed while offline). */
  const watch = (k: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped || failed || heard[k]) return;
      if (online()) fail({ status: 'error', data: undefined, error: INCOMPLETE_LIST, kind: 'incomplete' });
      else watch(k);
    }, RANGE_SERVER_LIMIT_MS);
    timers.add(timer);
  };

  const open = (k: number) => {
    const q = queries[k];
    if (stopped || failed || q === undefined) return;
    let next = false;
    const openNext = () => {
      if (next) return;
      next = true;
      if (waiting !== undefined) clearTimeout(waiting);
      waiting = undefined;
      open(k + 1);
    };
    watch(k);
    stops.push(
      listen(q, (value) => {
        answers[k] = value;
        if (value.status === 'ready' && value.sync?.fromCache !== true) heard[k] = true;
        publish();
        if (value.status !== 'ready') return;
        if (value.sync?.fromCache !== true || !online()) openNext();
        else if (!next && waiting === undefined) waiting = setTimeout(openNext, SERVER_WAIT_MS);
      }),
    );
  };

  if (seed) publish();
  open(0);
  return () => {
    stopped = true;
    if (waiting !== undefined) clearTimeout(waiting);
    for (const t of timers) clearTimeout(t);
    for (const stop of stops) stop();
  };
}
