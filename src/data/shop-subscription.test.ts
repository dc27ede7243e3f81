import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { PACKS, PLAN_IDS } from '../../scripts/seed/catalog';
import { normalizeShopSubscription, toFirestoreShopSubscription } from './shop-subscription';
import { SEED_NOW, stored, storedCollection } from './test-seed';

const DAY = 86_400_000;
const sub = (id: string) => normalizeShopSubscription(id, stored('ShopSubscription', id));
const daysFromNow = (d: Date | undefined) => Math.round(((d?.getTime() ?? NaN) - SEED_NOW.getTime()) / DAY);

describe('ShopSubscription converter', () => {
  it('has every subscription state relative to now', () => {
    expect(daysFromNow(sub('sub-negozio').expiringDate)).toBe(200);
    expect(daysFromNow(sub('sub-pochipacchetti').expiringDate)).toBe(5);
    expect(daysFromNow(sub('sub-grazia').expiringDate)).toBe(-5);
    expect(daysFromNow(sub('sub-scaduto').expiringDate)).toBeLessThan(-15);
    expect(sub('sub-base').plan).toBe(PLAN_IDS.base);
  });

  it('reads the legacy startDate, a missing status and a price as text', () => {
    const raw = stored('ShopSubscription', 'sub-filiale1');
    expect(raw.startingDate).toBeUndefined();
    const s = sub('sub-filiale1');
    expect(s.startingDate).toBeInstanceOf(Date);
    expect(daysFromNow(s.startingDate)).toBe(-100);
    expect(s.status).toBe('active');
    expect(s.price).toBe(29);
  });

  it('reads the pack ids and a proposal', () => {
    expect(sub('sub-negozio').packs).toEqual(Object.values(PACKS).map((p) => p.id));
    const p = sub('sub-pochipacchetti-proposta');
    expect(p).toMatchObject({ status: 'proposed', shopId: A.fewPacks.uid, plan: PLAN_IDS.plus, proposedPrice: 45, createdBy: A.tech.uid });
    expect(daysFromNow(p.proposedStartingDate)).toBe(5);
    expect(sub('sub-negozio').proposedPrice).toBeNull();
  });

  it('reads plan and packs stored as objects', () => {
    const s = normalizeShopSubscription('x', { plan: { id: 'plan-plus' }, packs: [{ id: 'a' }, 'b'], status: 'PROPOSED' });
    expect(s).toMatchObject({ plan: 'plan-plus', packs: ['a', 'b'], status: 'proposed' });
  });

  it('writes startingDate, never startDate, and round-trips', () => {
    const written = toFirestoreShopSubscription(sub('sub-filiale1'));
    expect(written.startingDate).toBeInstanceOf(Date);
    expect(written).not.toHaveProperty('startDate');
    for (const { id, raw } of storedCollection('ShopSubscription')) {
      const first = normalizeShopSubscription(id, raw);
      expect(normalizeShopSubscription(id, toFirestoreShopSubscription(first))).toEqual(first);
    }
  });
});
