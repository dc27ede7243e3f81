import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A, DEMO_ACCOUNT_LIST, DEMO_PASSWORD, SHOP_ACCOUNT_KEYS } from '../../scripts/seed/accounts';
import { countByCollection, generateDemoData } from '../../scripts/seed/demo-data';
import { normalizePlan } from './plan';
import { normalizeShop } from './shop';
import { normalizeShopSubscription } from './shop-subscription';
import { SEED_NOW, seedCollection, stored } from './test-seed';

describe('demo accounts', () => {
  it('are the 14 accounts of the brief, with one password and 28-character uids', () => {
    expect(DEMO_PASSWORD).toBe('Demo!2026');
    expect(DEMO_ACCOUNT_LIST.map((a) => a.email).sort()).toEqual(
      ['negozio', 'pochipacchetti', 'base', 'scaduto', 'grazia', 'ruoli', 'filiale1', 'filiale2', 'commercialista', 'commercialista.uno', 'tecnico', 'admin', 'assistenza', 'nuovo']
        .map((n) => `${n}@demo.it`)
        .sort(),
    );
    for (const a of DEMO_ACCOUNT_LIST) expect(a.uid).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(new Set(DEMO_ACCOUNT_LIST.map((a) => a.uid)).size).toBe(DEMO_ACCOUNT_LIST.length);
  });

  it('every shop account owns a Shop keyed by its uid; the new user has none', () => {
    const shopIds = seedCollection('Shop').map((d) => d.id);
    expect(shopIds.sort()).toEqual(SHOP_ACCOUNT_KEYS.map((k) => A[k].uid).sort());
    expect(shopIds).not.toContain(A.newUser.uid);
    expect(stored('User', A.newUser.uid).level).toBe('shopRegister');
  });

  it('links the accountants both ways (User.shops and Shop.accountants)', () => {
    const shops = seedCollection('Shop').map((d) => normalizeShop(d.id, d.data));
    for (const acc of [A.accountant, A.accountantOne]) {
      const links = (stored('User', acc.uid).shops as { shopId: string }[]).map((s) => s.shopId).sort();
      const listing = shops.filter((s) => s.accountants.includes(acc.uid)).map((s) => s.id).sort();
      expect(links).toEqual(listing);
    }
    expect((stored('User', A.accountant.uid).shops as unknown[]).length).toBe(2);
    expect((stored('User', A.accountantOne.uid).shops as unknown[]).length).toBe(1);
  });

  it('gives each shop the plan and packs its description promises', () => {
    const packNames = new Map(seedCollection('Pack').map((d) => [d.id, String(d.data.name)]));
    const plans = new Map([...seedCollection('Plan'), ...seedCollection('plan')].map((d) => [d.id, normalizePlan(d.id, d.data)]));
    const packsOf = (uid: string) => {
      const shop = normalizeShop(uid, stored('Shop', uid));
      const sub = normalizeShopSubscription(shop.subscriptionId!, stored('ShopSubscription', shop.subscriptionId!));
      const plan = plans.get(sub.plan);
      return { plan, names: [...new Set([...(plan?.includedPacks ?? []), ...sub.packs])].map((id) => packNames.get(id)) };
    };
    expect(packsOf(A.owner.uid).names).toEqual(expect.arrayContaining(['fatturazione', 'analisi', 'Statistiche', 'Catena']));
    const few = packsOf(A.fewPacks.uid).names;
    for (const missing of ['fatturazione', 'Statistiche', 'analisi']) expect(few).not.toContain(missing);
    expect(packsOf(A.basePlan.uid).plan?.name).toBe('Base');
    expect(packsOf(A.branch2.uid).plan?.id).toBe('plan-legacy-pro');
  });
});

describe('generateDemoData', () => {
  it('is deterministic for the same options', () => {
    const a = generateDemoData({ now: SEED_NOW, sales: 50 });
    const b = generateDemoData({ now: SEED_NOW, sales: 50 });
    expect(a).toEqual(b);
  });

  it('scales the main shop with the size knob without changing the other shops', () => {
    const small = generateDemoData({ now: SEED_NOW, sales: 10 });
    const large = generateDemoData({ now: SEED_NOW, sales: 2000 });
    const ownerSales = (docs: typeof small) => docs.filter((d) => d.id.startsWith('sale-negozio-')).length;
    expect(ownerSales(small)).toBe(10);
    expect(ownerSales(large)).toBe(2000);
    const others = (docs: typeof small) => docs.filter((d) => d.collection === 'Sale' && d.id.startsWith('sale-') && !d.id.startsWith('sale-negozio-'));
    expect(others(large)).toEqual(others(small));
    expect(() => generateDemoData({ sales: -1 })).toThrow();
  });

  it('stores no undefined values and only the fixed collections', () => {
    const counts = countByCollection(generateDemoData({ now: SEED_NOW, sales: 20 }));
    expect(Object.keys(counts).sort()).toEqual(
      ['Announcement', 'ApiLog', 'Customer', 'Ddt', 'DeviceTask', 'Employe', 'FiscalId', 'Invoice', 'Log', 'Pack', 'PackGrant', 'Packages', 'Plan', 'ProviderQuarantine', 'Sale', 'SdiReceipt', 'Scrap', 'Shop', 'ShopSubscription', 'Ticket', 'User', 'UserLog', 'ZReport', 'plan'].sort(),
    );
    const hasUndefined = (v: unknown): boolean =>
      v === undefined || (Array.isArray(v) ? v.some(hasUndefined) : v !== null && typeof v === 'object' && !(v instanceof Date) && Object.values(v).some(hasUndefined));
    expect(generateDemoData({ now: SEED_NOW, sales: 20 }).filter((d) => hasUndefined(d.data)).map((d) => d.id)).toEqual([]);
  });

  it('puts the sales in the last three months, with some today, none in the future', () => {
    const dates = seedCollection('Sale').filter((d) => d.id.startsWith('sale-')).map((d) => (d.data.date as Date).getTime());
    expect(Math.max(...dates)).toBeLessThanOrEqual(SEED_NOW.getTime());
    expect(Math.min(...dates)).toBeGreaterThan(SEED_NOW.getTime() - 92 * 86_400_000);
    expect(dates.filter((t) => SEED_NOW.getTime() - t < 3_600_000).length).toBeGreaterThan(0);
  });
});
