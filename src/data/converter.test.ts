import type { QueryDocumentSnapshot } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from './collections';
import { makeConverter } from './converter';
import { normalizeScrap, scrapConverter } from './scrap';
import { stored } from './test-seed';

const snapshot = (id: string, data: Record<string, unknown>) => ({ id, data: () => data }) as unknown as QueryDocumentSnapshot;

describe('makeConverter', () => {
  it('reads through normalize with the document id, and writes through the writer', () => {
    const raw = stored('Scrap', 'scrap-negozio-001');
    const product = scrapConverter.fromFirestore(snapshot('scrap-negozio-001', raw));
    expect(product).toEqual(normalizeScrap('scrap-negozio-001', raw));
    expect(scrapConverter.toFirestore(product)).toMatchObject({ price: '8.90' });
  });

  it('refuses merge writes, which would overwrite stored fields with defaults', () => {
    const c = makeConverter('X', (id) => ({ id }), () => ({}));
    expect(() => c.toFirestore({ id: 'a' }, { merge: true })).toThrow(/updateDoc/);
  });

  it('uses the fixed collection names', () => {
    expect(Object.values(COLLECTIONS)).toEqual([
      'User', 'Shop', 'ShopSubscription', 'Plan', 'plan', 'Pack', 'Packages', 'Sale', 'Invoice', 'ZReport', 'UserLog', 'Log', 'ApiLog',
      'Announcement', 'Ticket', 'Employe', 'Customer', 'Scrap', 'DeviceTask', 'Ddt', 'SaleDaySummary', 'ProviderQuarantine', 'FiscalId', 'PackGrant', 'SdiReceipt',
    ]);
  });
});
