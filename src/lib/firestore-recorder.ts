/**
 * Test builds only (vite.config.ts / vitest.config.ts alias `firebase/firestore` here when
 * RECORD_FIRESTORE_QUERIES=1): the Firestore SDK unchanged, except that every query the app runs is recorded
 * — collection, filters, order — so `scripts/check-indexes.ts` can derive the composite indexes production
 * needs and compare them with firestore.indexes.json. Production builds never include this module.
 */
import * as sdk from '@firebase/firestore';

export * from '@firebase/firestore';

export interface RecordedQuery {
  collection: string;
  collectionGroup: boolean;
  filters: { field: string; op: string }[];
  orderBy: { field: string; dir: 'asc' | 'desc' }[];
  kind: string;
}

interface InternalFieldPath {
  canonicalString(): string;
}
interface InternalFilter {
  field?: InternalFieldPath;
  op: string;
  filters?: InternalFilter[];
}
interface InternalQuery {
  path: { segments: string[]; offset: number; len: number };
  collectionGroup: string | null;
  filters: InternalFilter[];
  explicitOrderBy: { field: InternalFieldPath; dir: 'asc' | 'desc' }[];
}

function flatten(filters: InternalFilter[]): { field: string; op: string }[] {
  return filters.flatMap((f) => (f.filters ? flatten(f.filters) : f.field ? [{ field: f.field.canonicalString(), op: f.op }] : []));
}

function describe(target: unknown, kind: string): RecordedQuery | undefined {
  const internal = (target as { _query?: InternalQuery } | null)?._query;
  if (!internal) return undefined; // a document reference: no index involved
  const segments = internal.path.segments.slice(internal.path.offset, internal.path.offset + internal.path.len);
  return {
    collection: internal.collectionGroup ?? segments[segments.length - 1] ?? '',
    collectionGroup: internal.collectionGroup !== null,
    filters: flatten(internal.filters),
    orderBy: internal.explicitOrderBy.map((o) => ({ field: o.field.canonicalString(), dir: o.dir })),
    kind,
  };
}

/**
 * Documents read, as Firestore bills them: a query answer counts its documents (an empty answer
 * counts 1), a document read 1, an aggregation 1 (per up to 1,000 index entries), a listener every document of
 * its first answer and each change after it; answers served from the local cache cost nothing. The e2e reads
 * table reads `__firestoreReads` from the page.
 */
export interface ReadCounter {
  total: number;
  byCollection: Record<string, number>;
  /** Reads asked and not answered yet (listeners until their first server answer): 0 = the figure is complete. */
  pending: number;
}

const reads: ReadCounter = ((globalThis as { __firestoreReads?: ReadCounter }).__firestoreReads ??= { total: 0, byCollection: {}, pending: 0 });

/** Counts `read` as pending until it settles. */
function tracked<T>(read: Promise<T>): Promise<T> {
  reads.pending += 1;
  return read.finally(() => {
    reads.pending -= 1;
  });
}

function collectionOf(target: unknown): string {
  const query = describe(target, 'read');
  if (query) return query.collection;
  return (target as { parent?: { id?: string } } | null)?.parent?.id ?? '?';
}

function countReads(target: unknown, documents: number): void {
  const collection = collectionOf(target);
  reads.total += documents;
  reads.byCollection[collection] = (reads.byCollection[collection] ?? 0) + documents;
}

interface AnySnapshot {
  metadata: { fromCache: boolean };
  size?: number;
  docChanges?: () => unknown[];
  exists?: () => boolean;
  data?: () => unknown;
}

/** What a document listener showed, to tell a changed document from a confirmed copy. */
function documentState(snapshot: AnySnapshot): string {
  try {
    return snapshot.exists?.() ? JSON.stringify(snapshot.data?.()) : '-';
  } catch {
    return String(Math.random()); // not comparable: counted as changed
  }
}

/**
 * The documents a listener's answer is billed for. Answers from the cache cost nothing. The first server answer
 * of a new listen costs its documents (at least 1); after a copy from the persistent cache (the
 * SDK resumes the listen with its resume token) only the documents that changed since the copy, as Firestore
 * bills a listener resumed within 30 minutes; later answers, their changes. Metadata-only answers (a listener
 * asking for them: the server confirming the copy or a write) change no document and cost nothing.
 */
function listenerReads(snapshot: AnySnapshot, first: boolean, cached: AnySnapshot | undefined): number {
  if (snapshot.metadata.fromCache) return 0;
  if (!snapshot.docChanges) {
    if (first && cached) return documentState(snapshot) === documentState(cached) ? 0 : 1;
    return first ? 1 : 0;
  }
  const changed = snapshot.docChanges().length;
  return first && !cached ? Math.max(1, changed) : changed;
}

const recorderUrl: string | undefined = (import.meta.env as Record<string, string | undefined> | undefined)?.VITE_QUERY_RECORDER_URL;
const seen = new Set<string>();

function record(target: unknown, kind: string): void {
  const query = describe(target, kind);
  if (!query) return;
  const body = JSON.stringify(query);
  if (seen.has(body)) return;
  seen.add(body);
  const hook = (globalThis as { __recordFirestoreQuery?: (q: RecordedQuery) => void }).__recordFirestoreQuery;
  if (hook) hook(query);
  else if (recorderUrl && typeof navigator !== 'undefined') navigator.sendBeacon(recorderUrl, body);
}

export const getDocs: typeof sdk.getDocs = (query) => {
  record(query, 'getDocs');
  return tracked(sdk.getDocs(query)).then((snapshot) => {
    if (!snapshot.metadata.fromCache) countReads(query, Math.max(1, snapshot.size));
    return snapshot;
  });
};
export const getDocsFromServer: typeof sdk.getDocsFromServer = (query) => {
  record(query, 'getDocsFromServer');
  return tracked(sdk.getDocsFromServer(query)).then((snapshot) => {
    countReads(query, Math.max(1, snapshot.size));
    return snapshot;
  });
};
export const getDoc: typeof sdk.getDoc = (reference) =>
  tracked(sdk.getDoc(reference)).then((snapshot) => {
    if (!snapshot.metadata.fromCache) countReads(reference, 1);
    return snapshot;
  });
export const getDocFromServer: typeof sdk.getDocFromServer = (reference) =>
  tracked(sdk.getDocFromServer(reference)).then((snapshot) => {
    countReads(reference, 1);
    return snapshot;
  });
export const getAggregateFromServer: typeof sdk.getAggregateFromServer = (query, spec) => {
  record(query, 'aggregate');
  return tracked(sdk.getAggregateFromServer(query, spec)).then((snapshot) => {
    countReads(query, 1);
    return snapshot;
  });
};
export const getCountFromServer: typeof sdk.getCountFromServer = (query) => {
  record(query, 'count');
  return tracked(sdk.getCountFromServer(query)).then((snapshot) => {
    countReads(query, 1);
    return snapshot;
  });
};
/** Every instance this page created, and every listener still open: what `__e2eCloseFirestore` ends. */
const instances = new Set<sdk.Firestore>();
const live = new Set<() => void>();
export const onSnapshot = ((target: unknown, ...rest: unknown[]) => {
  record(target, 'onSnapshot');
  // Pending from the subscription to its first server answer (or its error, or an early unsubscribe).
  let first = true;
  reads.pending += 1;
  const answered = () => {
    if (!first) return;
    first = false;
    reads.pending -= 1;
  };
  let cached: AnySnapshot | undefined;
  let lastDocument: string | undefined;
  const counted = (next: (snapshot: AnySnapshot) => void) => (snapshot: AnySnapshot) => {
    let documents = listenerReads(snapshot, first, cached);
    // A document listener asking for metadata changes hears every confirmation: billed only when it changed.
    if (!first && !snapshot.docChanges && !snapshot.metadata.fromCache) {
      const state = documentState(snapshot);
      documents = state === lastDocument ? 0 : 1;
    }
    if (!snapshot.docChanges) lastDocument = documentState(snapshot);
    if (first && snapshot.metadata.fromCache) cached ??= snapshot;
    if (!snapshot.metadata.fromCache) answered();
    if (documents > 0) countReads(target, documents);
    next(snapshot);
  };
  const failed = (error?: (e: unknown) => void) => (e: unknown) => {
    answered();
    error?.(e);
  };
  // The answer callback is the first function (its error callback the next one), or the `next` of an observer.
  const index = rest.findIndex((arg) => typeof arg === 'function' || (typeof arg === 'object' && arg !== null && typeof (arg as { next?: unknown }).next === 'function'));
  const args = [...rest];
  const handler = args[index];
  if (typeof handler === 'function') {
    args[index] = counted(handler as (snapshot: AnySnapshot) => void);
    args[index + 1] = failed(args[index + 1] as ((e: unknown) => void) | undefined);
  } else if (handler) {
    const observer = handler as { next: (snapshot: AnySnapshot) => void; error?: (e: unknown) => void };
    args[index] = { ...observer, next: counted(observer.next.bind(observer)), error: failed(observer.error?.bind(observer)) };
  }
  const unsubscribe = (sdk.onSnapshot as (...args: unknown[]) => sdk.Unsubscribe)(target, ...args);
  const stop = () => {
    answered();
    live.delete(stop);
    unsubscribe();
  };
  live.add(stop);
  return stop;
}) as typeof sdk.onSnapshot;

export const initializeFirestore: typeof sdk.initializeFirestore = (...args) => {
  const instance = sdk.initializeFirestore(...args);
  instances.add(instance);
  return instance;
};

/**
 * Called by the e2e fixture (tests/e2e/fixture.ts) when a test ends, before its browser context closes: the
 * listeners are removed and the channel is closed as the SDK does it, so the emulator forgets them. A page that
 * simply disappears leaves its Listen channel open at the emulator, which keeps queueing every change of the
 * queries it listened to for a browser that is gone: past 10,000 messages it aborts the channel and then logs
 * each further message as a failure, thousands a second, slowing every later test (seen as a 3-minute test that
 * takes 10 s alone, and as the e2e layer's flaky waits).
 */
async function closeFirestore(): Promise<void> {
  for (const stop of [...live]) stop();
  const ending = [...instances].map((instance) => sdk.terminate(instance).catch(() => undefined));
  instances.clear();
  await Promise.all(ending);
}
(globalThis as { __e2eCloseFirestore?: () => Promise<void> }).__e2eCloseFirestore = closeFirestore;
