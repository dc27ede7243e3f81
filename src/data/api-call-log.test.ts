import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { normalizeApiCallLog, toFirestoreApiCallLog } from './api-call-log';
import { storedCollection } from './test-seed';

describe("Log (API call log) converter", () => {
  it('reads success, client errors, redirects and server errors', () => {
    const logs = storedCollection('Log').map(({ id, raw }) => normalizeApiCallLog(id, raw));
    expect(logs.every((l) => l.shopUserId === A.owner.uid && l.timestamp instanceof Date)).toBe(true);
    expect(logs.map((l) => l.status)).toEqual(expect.arrayContaining([200, 302, 422, 500]));
    expect(logs.find((l) => l.status === 422)).toMatchObject({ success: false, method: 'POST', path: '/invoices' });
  });

  it('reads status as text and derives success from it when missing', () => {
    expect(normalizeApiCallLog('x', { status: '404', method: 'get' })).toMatchObject({ status: 404, success: false, method: 'GET' });
    expect(normalizeApiCallLog('x', { status: 201 }).success).toBe(true);
    expect(normalizeApiCallLog('x', { userId: 'u' }).shopUserId).toBe('u');
  });

  it('round-trips', () => {
    for (const { id, raw } of storedCollection('Log')) {
      const first = normalizeApiCallLog(id, raw);
      expect(normalizeApiCallLog(id, toFirestoreApiCallLog(first))).toEqual(first);
    }
  });
});
