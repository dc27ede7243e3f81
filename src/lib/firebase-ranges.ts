/**
 * A live query read as a few listeners over consecutive document-id ranges, opened one after another.
 *
 * Why: the Firestore emulator (development and tests) sends each document of a listener's answer as one message on
 * the browser's WebChannel and keeps at most 10,000 of them waiting for a browser slower to read them; beyond that it
 * aborts the Listen channel without telling the browser, and the page waits a minute or forever (its log: 'too many
 * pending messagings in the back channel (10001)'). One listener over a directory of 10,000 customers never completes
 * there. Ranges opened one at a time, each when the previous one has heard the server, keep every burst to one
 * range. In production (flow control) it costs nothing more: the same documents are read once, a range without
 * documents 1 read, and each range resumes from the persistent cache with its own resume token.
 *
 * The ranges split the alphabet of Firestore's auto-ids (what the POS app and this app create), so they are even for
 * those; other ids (the demo's, a CSV import's shop-prefixed ones) are still all read, only less evenly.
 */
import { documentId, query, where, type Query } from 'firebase/firestore';
import { AUTO_ID_CHARS } from '@/domain/ids/auto-id';
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
 * The ids that cut the id space into n ranges: [-, b1), [b1, b2), …, [bn-1, -), plus `extra` cuts (sorted in, each
 * once) for ids that are not auto-ids and would otherwise all fall in one range (the CSV import's
 * `csv-{shop}-{hex}`: see importedIdBounds in features/warehouse/api.ts).
 */
export function idRangeBounds(n: number, extra: readonly string[] = []): string[] {
  const bounds = new Set<string>(extra);
  for (let k = 1; k < n; k++) bounds.add(AUTO_ID_CHARS.charAt(Math.round((k * AUTO_ID_CHARS.length) / n)));
  // Firestore orders document ids by their UTF-8 bytes: for these ASCII ids, JavaScript's code-unit order.
  return [...bounds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `q` restricted to each id range (n ranges of the auto-id alphabet, and one more per `extra` cut): together they
 * return exactly what `q` returns, each document once.
 */
export function idRangeQueries<T>(q: Query<T>, n: number, extra: readonly string[] = []): Query<T>[] {
  const bounds = idRangeBounds(n, extra);
  return Array.from({ length: bounds.length + 1 }, (_, k) => {
    const from = bounds[k - 1];
    const to = bounds[k];
    const constraints = [...(from === undefined ? [] : [where(documentId(), '>=', from)]), ...(to === undefined ? [] : [where(documentId(), '<', to)])];
    return query(q, ...constraints);
  });
}

type Listen<T> = (q: Query<T>, set: (value: Loadable<T[]>) => void) => () => void;

interface RangeOptions<T> {
  /** The listener of one range (tests pass their own). */
  listen?: Listen<T>;
  /** Whether the browser says it has a network: without one, no range waits for the server. */
  online?: () => boolean;
}

/**
 * Listens to the ranges one after another and hands `set` the whole list (ranges in id order, as the single query
 * returns it). Range k + 1 opens when range k has heard the server, at once when the browser is offline, or after
 * SERVER_WAIT_MS of a cache-only answer. Until every range has answered, the list is marked `partial` (what is known so
 * far, from the cache or the first ranges) and `fromCache`; an error of any range is the list's error.
 */
export function listenToQueryInRanges<T>(queries: readonly Query<T>[], set: (value: Loadable<T[]>) => void, options: RangeOptions<T> = {}): () => void {
  const listen = options.listen ?? listenToQuery;
  const online = options.online ?? (() => !isOffline());
  const answers: (Loadable<T[]> | undefined)[] = queries.map(() => undefined);
  const stops: (() => void)[] = [];
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let failed = false;
  let stopped = false;
  let lastParts: T[][] = [];
  let lastData: T[] = [];

  const publish = () => {
    if (stopped || failed) return;
    const error = answers.find((a) => a?.status === 'error');
    if (error?.status === 'error') {
      failed = true;
      set(error);
      return;
    }
    const ready = answers.filter((a): a is Extract<Loadable<T[]>, { status: 'ready' }> => a?.status === 'ready');
    if (ready.length === 0) return;
    const partial = ready.length < queries.length;
    const pending = new Set<string>();
    for (const a of ready) for (const id of a.sync?.pendingIds ?? NO_PENDING) pending.add(id);
    // An answer that changed only metadata (the server confirming a range's copy) keeps its data array: the list
    // then stays the same array too, and the screen does not sort and filter thousands of rows again.
    const parts = ready.map((a) => a.data);
    if (parts.length !== lastParts.length || parts.some((p, i) => p !== lastParts[i])) {
      lastParts = parts;
      lastData = parts.length === 1 ? (parts[0] ?? []) : parts.flat();
    }
    set({
      status: 'ready',
      data: lastData,
      error: undefined,
      sync: { fromCache: partial || ready.some((a) => a.sync?.fromCache === true), pendingIds: pending.size > 0 ? pending : NO_PENDING, partial },
    });
  };

  const open = (k: number) => {
    const q = queries[k];
    if (stopped || q === undefined) return;
    let next = false;
    const openNext = () => {
      if (next) return;
      next = true;
      if (waiting !== undefined) clearTimeout(waiting);
      waiting = undefined;
      open(k + 1);
    };
    stops.push(
      listen(q, (value) => {
        answers[k] = value;
        publish();
        if (value.status !== 'ready') return;
        if (value.sync?.fromCache !== true || !online()) openNext();
        else if (!next && waiting === undefined) waiting = setTimeout(openNext, SERVER_WAIT_MS);
      }),
    );
  };

  open(0);
  return () => {
    stopped = true;
    if (waiting !== undefined) clearTimeout(waiting);
    for (const stop of stops) stop();
  };
}
