/** Deriving the composite indexes a recorded query needs, and matching firestore.indexes.json. */
import { describe, expect, it } from 'vitest';
import { indexFor, indexNeed, missingIndexes, type CompositeIndex, type RecordedQuery } from '../../scripts/indexes/derive.ts';

const q = (filters: [string, string][], orderBy: [string, 'asc' | 'desc'][] = [], collection = 'Sale'): RecordedQuery => ({
  collection, collectionGroup: false, filters: filters.map(([field, op]) => ({ field, op })), orderBy: orderBy.map(([field, dir]) => ({ field, dir })),
});

describe('indexNeed', () => {
  it('equality-only and single-field queries need no composite index', () => {
    expect(indexNeed(q([['userId', '=='], ['read', '==']]))).toBeUndefined();
    expect(indexNeed(q([['date', '>=']]))).toBeUndefined();
    expect(indexNeed(q([], [['timestamp', 'desc']]))).toBeUndefined();
  });

  it('equality plus a range or an order on another field needs one, equalities first', () => {
    expect(indexFor(indexNeed(q([['userId', '=='], ['date', '>='], ['date', '<']]))!).fields).toEqual([
      { fieldPath: 'userId', order: 'ASCENDING' }, { fieldPath: 'date', order: 'ASCENDING' },
    ]);
    expect(indexFor(indexNeed(q([['userId', '==']], [['timestamp', 'desc']]))!).fields).toEqual([
      { fieldPath: 'userId', order: 'ASCENDING' }, { fieldPath: 'timestamp', order: 'DESCENDING' },
    ]);
  });

  it('an order or a range on the document id alone, after equalities, needs none: every index ends with it', () => {
    expect(indexNeed(q([['userId', '=='], ['__name__', '>='], ['__name__', '<']], [], 'Customer'))).toBeUndefined();
    expect(indexNeed(q([['userId', '==']], [['__name__', 'asc']], 'Scrap'))).toBeUndefined();
    expect(indexNeed(q([['userId', '=='], ['date', '>='], ['__name__', '>=']]))?.order.map((o) => o.field)).toEqual(['date']);
  });

  it('ranges on two fields are ordered by field name after the explicit orders', () => {
    expect(indexNeed(q([['userId', '=='], ['price', '>='], ['date', '>=']]))?.order.map((o) => o.field)).toEqual(['date', 'price']);
  });
});

describe('missingIndexes', () => {
  const declared: CompositeIndex[] = [
    { collectionGroup: 'Sale', queryScope: 'COLLECTION', fields: [{ fieldPath: 'method', order: 'ASCENDING' }, { fieldPath: 'userId', order: 'ASCENDING' }, { fieldPath: 'date', order: 'ASCENDING' }] },
    { collectionGroup: 'UserLog', queryScope: 'COLLECTION', fields: [{ fieldPath: 'userId', order: 'ASCENDING' }, { fieldPath: 'timestamp', order: 'ASCENDING' }] },
  ];

  it('an index serves its query whatever the order of its equality fields, and in reverse', () => {
    expect(missingIndexes([q([['userId', '=='], ['method', 'in'], ['date', '<']])], declared)).toEqual([]);
    expect(missingIndexes([q([['userId', '==']], [['timestamp', 'desc']], 'UserLog')], declared)).toEqual([]);
  });

  it('a query without its index is named with the index to add', () => {
    const missing = missingIndexes([q([['userId', '=='], ['isVoid', '=='], ['date', '<']])], declared);
    expect(missing).toHaveLength(1);
    expect(missing[0]?.query).toBe('Sale where [userId ==, isVoid ==, date <]');
    expect(missing[0]?.index.fields.map((f) => f.fieldPath)).toEqual(['isVoid', 'userId', 'date']);
  });
});
