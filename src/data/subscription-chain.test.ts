import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/accounts';
import { packAccess } from '@/domain/permissions/pack-access';
import type { RawDoc } from './normalize';
import { normalizePack } from './pack-doc';
import { normalizePlan } from './plan-doc';
import { normalizeShopSubscription } from './shop-subscription-doc';
import { PERMISSION_ERRORS, resolveSubscriptionChain, type ChainReader } from './subscription-chain';
import { asStored, SEED_NOW, seedDocs } from './test-seed';

type Docs = Record<string, RawDoc>;

/** A reader over documents in memory ('Collection/id' → stored data), with the pure normalisers the functions use. */
function memoryReader(docs: Docs): ChainReader<{ id: string; subscriptionId?: string | undefined }> & { allPacksReads: number } {
  const raw = (path: string): RawDoc | undefined => docs[path];
  const col = (name: string) => Object.entries(docs).filter(([p]) => p.startsWith(`${name}/`)).map(([p, d]) => ({ id: p.slice(name.length + 1), d }));
  const reader = {
    allPacksReads: 0,
    shop(shopId: string) {
      const byId = raw(`Shop/${shopId}`);
      const found = byId ? { id: shopId, d: byId } : col('Shop').find((s) => s.d.userId === shopId);
      return Promise.resolve(found ? { id: found.id, subscriptionId: typeof found.d.subscriptionId === 'string' ? found.d.subscriptionId : undefined } : undefined);
    },
    subscription(id: string) {
      const d = raw(`ShopSubscription/${id}`);
      return Promise.resolve(d ? normalizeShopSubscription(id, d) : undefined);
    },
    plan(id: string, legacy: boolean) {
      const d = raw(`${legacy ? 'plan' : 'Plan'}/${id}`);
      return Promise.resolve(d ? normalizePlan(id, d) : undefined);
    },
    packsByIds(ids: string[]) {
      if (ids.length > 10) throw new Error('more than 10 ids in one read');
      return Promise.resolve(col('Pack').filter((p) => ids.includes(p.id)).map((p) => normalizePack(p.id, p.d)));
    },
    allPacks() {
      reader.allPacksReads += 1;
      return Promise.resolve(col('Pack').map((p) => normalizePack(p.id, p.d)));
    },
  };
  return reader;
}

const NOW = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

const world = (over: Docs = {}): Docs => ({
  'Shop/s1': { userId: 's1', subscriptionId: 'sub1' },
  'ShopSubscription/sub1': { shopId: 's1', plan: 'p-plus', packs: [], startingDate: days(-100), expiringDate: days(30) },
  'Plan/p-plus': { name: 'Plus', price: 39, includedPacks: ['pk-fatt', 'pk-mag'] },
  'Plan/p-std': { name: 'Standard', price: 29, includedPacks: ['pk-mag'] },
  'Pack/pk-fatt': { name: 'fatturazione', price: 12 },
  'Pack/pk-mag': { name: 'magazzino', price: 6 },
  'Pack/pk-catena': { name: 'Catena', price: 15 },
  ...over,
});

async function decide(docs: Docs, shopId = 's1', now = NOW) {
  const chain = await resolveSubscriptionChain(shopId, memoryReader(docs));
  return packAccess(chain.ok ? chain.bundle : undefined, 'Fatturazione', now);
}

describe('resolveSubscriptionChain + packAccess', () => {
  it('grants the plan packs and the subscription packs', async () => {
    const chain = await resolveSubscriptionChain('s1', memoryReader(world({ 'ShopSubscription/sub1': { shopId: 's1', plan: 'p-std', packs: ['pk-catena'], expiringDate: days(30) } })));
    if (!chain.ok) throw new Error(chain.error);
    expect(chain.bundle.packs.map((p) => p.name).sort()).toEqual(['Catena', 'magazzino']);
    expect(chain.bundle.plan).toMatchObject({ name: 'Standard', packIds: ['pk-mag'] });
    expect(await decide(world())).toEqual({ allowed: true });
  });

  it('in grace allowed, past grace refused, no pack refused', async () => {
    const withExpiry = (expiringDate: Date, plan = 'p-plus') => world({ 'ShopSubscription/sub1': { shopId: 's1', plan, packs: [], expiringDate } });
    expect(await decide(withExpiry(days(-5)))).toEqual({ allowed: true });
    expect(await decide(withExpiry(days(-16)))).toMatchObject({ allowed: false, reason: 'blocked' });
    expect(await decide(withExpiry(days(30), 'p-std'))).toMatchObject({ allowed: false, reason: 'no-pack' });
  });

  it('reads the legacy shapes: startDate, packs (plan), the lower-case plan collection, pack names, the shop by userId', async () => {
    const legacy: Docs = {
      'Shop/s1': {},
      'Shop/other-id': { userId: 's1', subscriptionId: 'sub1' },
      'ShopSubscription/sub1': { userId: 's1', planId: 'p-old', packIds: ['FATTURAZIONE'], startDate: '01/02/2026', expiringDate: days(10).toISOString() },
      'plan/p-old': { name: 'Pro', price: '35,00', packs: [{ id: 'pk-mag' }] },
      'Pack/pk-fatt': { name: 'fatturazione', price: '12' },
      'Pack/pk-mag': { name: 'magazzino', price: 6 },
    };
    delete legacy['Shop/s1'];
    const chain = await resolveSubscriptionChain('s1', memoryReader(legacy));
    if (!chain.ok) throw new Error(chain.error);
    expect(chain.bundle.plan).toMatchObject({ name: 'Pro', price: 35 });
    expect(chain.bundle.subscription.startingDate).toEqual(new Date(2026, 1, 1));
    expect(chain.bundle.packs.map((p) => p.name).sort()).toEqual(['fatturazione', 'magazzino']);
    expect(packAccess(chain.bundle, 'Fatturazione', NOW)).toEqual({ allowed: true });
  });

  it('a pack name counts only when a Pack document has it; the collection is read only for unknown entries', async () => {
    const reader = memoryReader(world({ 'ShopSubscription/sub1': { shopId: 's1', plan: 'p-std', packs: ['pack-fatturazione-cancellato', 'fattura'], expiringDate: days(30) } }));
    const chain = await resolveSubscriptionChain('s1', reader);
    if (!chain.ok) throw new Error(chain.error);
    expect(chain.bundle.packs.map((p) => p.name)).toEqual(['magazzino']);
    expect(reader.allPacksReads).toBe(1);
    const plain = memoryReader(world());
    await resolveSubscriptionChain('s1', plain);
    expect(plain.allPacksReads).toBe(0);
  });

  it.each([
    ['no subscription id on the shop', { 'Shop/s1': { userId: 's1' } }, PERMISSION_ERRORS.noSubscriptionId],
    ['a subscription that is not there', { 'Shop/s1': { userId: 's1', subscriptionId: 'nope' } }, PERMISSION_ERRORS.subscriptionNotFound],
    ['only a renewal proposal', { 'ShopSubscription/sub1': { shopId: 's1', plan: 'p-plus', packs: ['pk-fatt'], status: 'Proposed', proposedExpiringDate: days(90) } }, PERMISSION_ERRORS.noSubscriptionId],
  ])('%s grants nothing', async (_case, over, error) => {
    expect(await resolveSubscriptionChain('s1', memoryReader(world(over)))).toEqual({ ok: false, error });
    expect(await decide(world(over))).toMatchObject({ allowed: false, reason: 'no-subscription' });
  });

  it('no shop and no id', async () => {
    expect(await resolveSubscriptionChain('nobody', memoryReader(world()))).toEqual({ ok: false, error: PERMISSION_ERRORS.noShop });
    expect(await resolveSubscriptionChain('', memoryReader(world()))).toEqual({ ok: false, error: PERMISSION_ERRORS.noUserId });
  });

  it.each([
    ['the shop', 'shop'],
    ['the subscription', 'subscription'],
  ] as const)('a failed read of %s says so, never that the document is missing', async (_case, part) => {
    const reader = { ...memoryReader(world()), [part]: () => Promise.reject(new Error('unavailable')) };
    expect(await resolveSubscriptionChain('s1', reader)).toEqual({ ok: false, error: PERMISSION_ERRORS.readFailed });
  });

  it.each([
    ['the shop', 'shop', PERMISSION_ERRORS.noShop],
    ['the subscription', 'subscription', PERMISSION_ERRORS.subscriptionNotFound],
  ] as const)('a read of %s the rules refuse is the spec\'s "not found" (another shop\'s, or none)', async (_case, part, message) => {
    const denied = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    const reader = { ...memoryReader(world()), [part]: () => Promise.reject(denied) };
    expect(await resolveSubscriptionChain('s1', reader)).toEqual({ ok: false, error: message });
  });

  it('a failed read of the packs is the packs error', async () => {
    const reader = { ...memoryReader(world()), packsByIds: () => Promise.reject(new Error('unavailable')) };
    expect(await resolveSubscriptionChain('s1', reader)).toEqual({ ok: false, error: PERMISSION_ERRORS.packs });
  });
});

describe('the demo accounts (scripts/seed)', () => {
  const docs: Docs = Object.fromEntries(seedDocs().map((d) => [`${d.collection}/${d.id}`, asStored(d.data) as RawDoc]));
  it.each([
    ['negozio@demo.it', DEMO_ACCOUNTS.owner.uid, { allowed: true }],
    ['scaduto@demo.it (past the grace)', DEMO_ACCOUNTS.expired.uid, { allowed: false, reason: 'blocked' }],
    ['grazia@demo.it (in grace, Standard plan plus the Fatturazione pack)', DEMO_ACCOUNTS.grace.uid, { allowed: true }],
    ['pochipacchetti@demo.it (no Fatturazione)', DEMO_ACCOUNTS.fewPacks.uid, { allowed: false, reason: 'no-pack' }],
  ])('%s', async (_who, uid, expected) => {
    expect(await decide(docs, uid, SEED_NOW)).toMatchObject(expected);
  });
});
