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
  return sdk.getDocs(query);
};
export const getDocsFromServer: typeof sdk.getDocsFromServer = (query) => {
  record(query, 'getDocsFromServer');
  return sdk.getDocsFromServer(query);
};
export const getAggregateFromServer: typeof sdk.getAggregateFromServer = (query, spec) => {
  record(query, 'aggregate');
  return sdk.getAggregateFromServer(query, spec);
};
export const getCountFromServer: typeof sdk.getCountFromServer = (query) => {
  record(query, 'count');
  return sdk.getCountFromServer(query);
};
export const onSnapshot = ((target: unknown, ...rest: unknown[]) => {
  record(target, 'onSnapshot');
  return (sdk.onSnapshot as (...args: unknown[]) => sdk.Unsubscribe)(target, ...rest);
}) as typeof sdk.onSnapshot;
