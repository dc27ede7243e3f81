/**
 * Which composite index a recorded query needs in production, and whether firestore.indexes.json has it.
 * Firestore's rules: equality-only queries are served by merging single-field indexes; a single range or
 * order on one field with no equality uses the automatic single-field index; anything else (equalities plus
 * a range/order on another field, several orders, ranges on several fields, array-contains plus order) needs a
 * composite index: the equality fields (any order) followed by the order fields (explicit orderBy, then the
 * inequality fields not ordered explicitly, by field name), directions as written or all reversed. The document id
 * (`__name__`) ends every index, so an order or a range on it alone needs nothing more (a directory read in id
 * ranges, lib/firebase-ranges.ts; pages by document id, features/warehouse/api.ts).
 */
export interface RecordedQuery {
  collection: string;
  collectionGroup: boolean;
  filters: { field: string; op: string }[];
  orderBy: { field: string; dir: 'asc' | 'desc' }[];
  kind?: string;
}

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

export interface IndexNeed {
  collection: string;
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  equalities: string[];
  arrayContains: string[];
  order: { field: string; dir: 'asc' | 'desc' }[];
}

const DOCUMENT_ID = '__name__';
const EQUALITY = new Set(['==', 'in']);
const ARRAY = new Set(['array-contains', 'array-contains-any']);
const INEQUALITY = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);

export function indexNeed(q: RecordedQuery): IndexNeed | undefined {
  const order = q.orderBy.filter((o) => o.field !== DOCUMENT_ID);
  const ordered = new Set(order.map((o) => o.field));
  const inequalities = [...new Set(q.filters.filter((f) => INEQUALITY.has(f.op) && f.field !== DOCUMENT_ID).map((f) => f.field))].filter((f) => !ordered.has(f)).sort();
  const fullOrder = [...order, ...inequalities.map((field) => ({ field, dir: 'asc' as const }))];
  const equalities = [...new Set(q.filters.filter((f) => EQUALITY.has(f.op)).map((f) => f.field))].filter((f) => !ordered.has(f)).sort();
  const arrayContains = [...new Set(q.filters.filter((f) => ARRAY.has(f.op)).map((f) => f.field))];
  const prefix = equalities.length + arrayContains.length;
  if (fullOrder.length === 0) return undefined; // equalities only: single-field indexes merged
  if (prefix === 0 && fullOrder.length === 1) return undefined; // one field: automatic single-field index
  return { collection: q.collection, scope: q.collectionGroup ? 'COLLECTION_GROUP' : 'COLLECTION', equalities, arrayContains, order: fullOrder };
}

const dirOf = (order: IndexField['order']) => (order === 'DESCENDING' ? 'desc' : 'asc');

export function indexServes(index: CompositeIndex, need: IndexNeed): boolean {
  if (index.collectionGroup !== need.collection || index.queryScope !== need.scope) return false;
  const prefix = need.equalities.length + need.arrayContains.length;
  if (index.fields.length !== prefix + need.order.length) return false;
  const head = index.fields.slice(0, prefix);
  const tail = index.fields.slice(prefix);
  const headOk = head.every((f) =>
    f.arrayConfig === 'CONTAINS' ? need.arrayContains.includes(f.fieldPath) : need.equalities.includes(f.fieldPath),
  );
  if (!headOk || new Set(head.map((f) => f.fieldPath)).size !== prefix) return false;
  const same = tail.every((f, i) => f.fieldPath === need.order[i]?.field && dirOf(f.order) === need.order[i]?.dir);
  const reversed = tail.every((f, i) => f.fieldPath === need.order[i]?.field && dirOf(f.order) !== need.order[i]?.dir);
  return same || reversed;
}

export function indexFor(need: IndexNeed): CompositeIndex {
  return {
    collectionGroup: need.collection,
    queryScope: need.scope,
    fields: [
      ...need.equalities.map((fieldPath): IndexField => ({ fieldPath, order: 'ASCENDING' })),
      ...need.arrayContains.map((fieldPath): IndexField => ({ fieldPath, arrayConfig: 'CONTAINS' })),
      ...need.order.map((o): IndexField => ({ fieldPath: o.field, order: o.dir === 'desc' ? 'DESCENDING' : 'ASCENDING' })),
    ],
  };
}

export function describeQuery(q: RecordedQuery): string {
  const filters = q.filters.map((f) => `${f.field} ${f.op}`).join(', ');
  const order = q.orderBy.map((o) => `${o.field} ${o.dir}`).join(', ');
  return `${q.collection}${q.collectionGroup ? ' (collection group)' : ''} where [${filters}]${order ? ` orderBy [${order}]` : ''}`;
}

/** The recorded queries no declared index serves, each with the index to add. */
export function missingIndexes(queries: RecordedQuery[], declared: CompositeIndex[]): { query: string; index: CompositeIndex }[] {
  const out = new Map<string, { query: string; index: CompositeIndex }>();
  for (const q of queries) {
    const need = indexNeed(q);
    if (!need || declared.some((index) => indexServes(index, need))) continue;
    const index = indexFor(need);
    out.set(JSON.stringify(index), { query: describeQuery(q), index });
  }
  return [...out.values()];
}
