import { Bytes, doc, GeoPoint, getFirestore, Timestamp } from 'firebase/firestore';
import { initializeApp } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { documentBytes, documentNameBytes, valueBytes } from './document-size';

describe('Firestore document size', () => {
  it("follows the published example: a 'Task' document of 147 bytes", () => {
    // Firestore's own example: users/jeff/tasks/my_task_id with type, done, priority, description.
    const fields = { type: 'Personal', done: false, priority: 1, description: 'Learn Cloud Firestore' };
    expect(documentNameBytes('users/jeff/tasks/my_task_id')).toBe(6 + 5 + 6 + 11 + 16);
    expect(documentBytes('users/jeff/tasks/my_task_id', fields)).toBe(147);
  });

  it('counts text in UTF-8, bytes by length, dates and numbers as 8, maps and arrays by their content', () => {
    expect(valueBytes('città')).toBe(7);
    expect(valueBytes(new Uint8Array(1000))).toBe(1000);
    expect(valueBytes(Bytes.fromUint8Array(new Uint8Array(10)))).toBe(10);
    expect(valueBytes(new Date())).toBe(8);
    expect(valueBytes(Timestamp.now())).toBe(8);
    expect(valueBytes(null)).toBe(1);
    expect(valueBytes([1, 'ab'])).toBe(8 + 3);
    expect(valueBytes({ a: 1, b: { c: true } })).toBe(2 + 8 + 2 + (2 + 1));
    expect(documentBytes('Invoice/x', { skipped: undefined })).toBe(8 + 2 + 16 + 32);
  });

  it('counts a reference as the name it points to and a geo point as 16, without walking the SDK objects', () => {
    const db = getFirestore(initializeApp({ projectId: 'demo-size' }, 'document-size-test'));
    expect(valueBytes(doc(db, 'Sale/abc'))).toBe(documentNameBytes('Sale/abc'));
    expect(valueBytes(new GeoPoint(45.46, 9.19))).toBe(16);
    expect(valueBytes(new (class Other { readonly x = 'a'.repeat(100); })())).toBe(8);
  });
});
