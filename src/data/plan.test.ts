import { describe, expect, it } from 'vitest';
import { PACKS, PLAN_IDS } from '../../scripts/seed/catalog';
import { normalizePack, toFirestorePack } from './pack';
import { normalizePackages, toFirestorePackages } from './packages';
import { normalizePlan, toFirestorePlan } from './plan';
import { findPlan } from './plan-doc';
import { seedCollection, stored, storedCollection } from './test-seed';

describe('Plan converter', () => {
  it('reads the four tiers with prices consistent with the tier-by-price rule', () => {
    const plans = storedCollection('Plan').map(({ id, raw }) => normalizePlan(id, raw));
    const byId = new Map(plans.map((p) => [p.id, p]));
    expect(byId.get(PLAN_IDS.base)).toMatchObject({ name: 'Base', price: 0, tier: 'base', includedPacks: [] });
    const standard = byId.get(PLAN_IDS.standard)!;
    const plus = byId.get(PLAN_IDS.plus)!;
    const premium = byId.get(PLAN_IDS.premium)!;
    expect(standard.price).toBeGreaterThanOrEqual(25);
    expect(standard.price).toBeLessThan(34);
    expect(plus.price).toBeGreaterThanOrEqual(34);
    expect(plus.price).toBeLessThan(45);
    expect(premium.price).toBeGreaterThanOrEqual(45);
    expect(premium.includedPacks).toEqual(expect.arrayContaining([PACKS.fatturazione.id, PACKS.analisi.id, PACKS.statistiche.id]));
    expect(standard.includedPacks).not.toContain(PACKS.fatturazione.id);
  });

  it('reads the legacy packs list and a price as text', () => {
    const legacy = normalizePlan(PLAN_IDS.standard2023, stored('Plan', PLAN_IDS.standard2023));
    expect(legacy.price).toBe(25);
    expect(legacy.includedPacks).toHaveLength(3);
    expect(legacy.tier).toBeUndefined();
  });

  it('has a plan only in the lower-case fallback collection', () => {
    expect(seedCollection('plan').map((d) => d.id)).toEqual([PLAN_IDS.legacyPro]);
    expect(seedCollection('Plan').map((d) => d.id)).not.toContain(PLAN_IDS.legacyPro);
    const pro = normalizePlan(PLAN_IDS.legacyPro, stored('plan', PLAN_IDS.legacyPro));
    expect(pro.includedPacks).toContain(PACKS.fatturazione.id);
  });

  it('prefers includedPacks over packs and writes both', () => {
    expect(normalizePlan('x', { includedPacks: ['a'], packs: ['b'] }).includedPacks).toEqual(['a']);
    expect(normalizePlan('x', { includedPacks: [], packs: ['b'] }).includedPacks).toEqual([]);
    const written = toFirestorePlan(normalizePlan('x', { name: 'P', price: '9,90', packs: ['b'] }));
    expect(written).toEqual({ name: 'P', price: 9.9, includedPacks: ['b'], packs: ['b'] });
  });

  it('round-trips plans in both collections', () => {
    for (const { id, raw } of [...storedCollection('Plan'), ...storedCollection('plan')]) {
      const first = normalizePlan(id, raw);
      expect(normalizePlan(id, toFirestorePlan(first))).toEqual(first);
    }
  });
});

describe('Pack and Packages converters', () => {
  it('has every pack the spec names, plus Statistiche', () => {
    const names = storedCollection('Pack').map(({ id, raw }) => normalizePack(id, raw).name);
    expect(names.sort()).toEqual(
      ['fatturazione', 'profili personalizzati', 'aggiunta smart', 'magazzino', 'xml prodotti', 'analisi', 'listini', 'profili base', 'Catena', 'Statistiche'].sort(),
    );
  });

  it('reads price text and round-trips', () => {
    expect(normalizePack('p', { name: ' x ', price: '4,50' })).toEqual({ id: 'p', name: 'x', price: 4.5, description: undefined });
    for (const { id, raw } of storedCollection('Pack')) {
      const first = normalizePack(id, raw);
      expect(normalizePack(id, toFirestorePack(first))).toEqual(first);
    }
    for (const { id, raw } of storedCollection('Packages')) {
      const first = normalizePackages(id, raw);
      expect(first.shopId).not.toBe('');
      expect(normalizePackages(id, toFirestorePackages(first))).toEqual(first);
    }
  });
});

describe('findPlan (the one plan lookup: the permission chain and the technician tab)', () => {
  const plan = (id: string) => normalizePlan(id, { name: id, price: 1 });

  it('reads Plan first, and the lower-case plan only when Plan has none', async () => {
    const reads: string[] = [];
    const read = (found: Record<string, boolean>) => (id: string, legacy: boolean) => {
      const key = `${legacy ? 'plan' : 'Plan'}/${id}`;
      reads.push(key);
      return Promise.resolve(found[key] ? plan(key) : undefined);
    };
    expect(await findPlan(read({ 'Plan/p': true, 'plan/p': true }), 'p')).toMatchObject({ id: 'Plan/p' });
    expect(reads).toEqual(['Plan/p']);
    reads.length = 0;
    expect(await findPlan(read({ 'plan/p': true }), 'p')).toMatchObject({ id: 'plan/p' });
    expect(reads).toEqual(['Plan/p', 'plan/p']);
    reads.length = 0;
    expect(await findPlan(read({}), 'p')).toBeUndefined();
    expect(await findPlan(read({ 'Plan/': true }), '')).toBeUndefined();
    expect(reads).toEqual(['Plan/p', 'plan/p']);
  });

  it('rejects when a read fails: never a plan that vanished', async () => {
    const failing = (_id: string, legacy: boolean) => (legacy ? Promise.resolve(plan('x')) : Promise.reject(new Error('offline')));
    await expect(findPlan(failing, 'p')).rejects.toThrow('offline');
  });
});
