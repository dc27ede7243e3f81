/**
 * The permission chain Shop → ShopSubscription → Plan → Packs (document 1 §8), through the app's own data
 * layer and Firebase client, signed in on the Auth emulator, with the real security rules.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSubscriptionBundle, PERMISSION_ERRORS } from '@/data/subscription-bundle';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const OWNER = 'int-owner-1';
const OTHER = 'int-owner-2';
let admin: App;
let store: AdminFirestore;

async function account(uid: string): Promise<void> {
  const users = getAdminAuth(admin);
  await users.deleteUser(uid).catch(() => undefined);
  await users.createUser({ uid, email: `${uid}@integrazione.test`, password: PASSWORD });
  await store.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@integrazione.test`, level: 'shop' });
}

async function world(changes: Record<string, Record<string, unknown> | null> = {}): Promise<void> {
  const docs: Record<string, Record<string, unknown> | null> = {
    [`Shop/${OWNER}`]: { userId: OWNER, name: 'Merceria Int', subscriptionId: 'int-sub', settings: {} },
    [`Shop/${OTHER}`]: { userId: OTHER, name: 'Altro Int', subscriptionId: 'int-sub-2', settings: {} },
    'ShopSubscription/int-sub': { shopId: OWNER, userId: OWNER, plan: 'int-plan', packs: ['int-pk-fatt'], startDate: new Date('2026-01-01'), expiringDate: new Date('2027-01-01'), price: 49 },
    'ShopSubscription/int-sub-2': { shopId: OTHER, plan: 'int-plan', packs: [], expiringDate: new Date('2027-01-01') },
    'Plan/int-plan': { name: 'Premium', price: 49, tier: 'premium', includedPacks: ['int-pk-catena'] },
    'Pack/int-pk-fatt': { name: 'fatturazione', price: 10 },
    'Pack/int-pk-catena': { name: 'Catena', price: 15 },
    ...changes,
  };
  const batch = store.batch();
  for (const [path, data] of Object.entries(docs)) {
    if (data === null) batch.delete(store.doc(path));
    else batch.set(store.doc(path), data);
  }
  await batch.commit();
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, `integration-${Date.now()}`);
  store = getAdminFirestore(admin);
  await account(OWNER);
  await account(OTHER);
  await signInWithEmailAndPassword(auth(), `${OWNER}@integrazione.test`, PASSWORD);
});

afterAll(async () => {
  await signOut(auth());
  await deleteApp(admin);
});

beforeEach(async () => {
  await world();
});

describe('loadSubscriptionBundle', () => {
  it('reads the whole chain: plan packs and subscription packs, legacy startDate', async () => {
    const result = await loadSubscriptionBundle(OWNER);
    if (!result.ok) throw new Error(result.error);
    expect(result.bundle.shop.name).toBe('Merceria Int');
    expect(result.bundle.plan?.name).toBe('Premium');
    expect(result.bundle.packs.map((p) => p.name).sort()).toEqual(['Catena', 'fatturazione']);
    expect(result.bundle.subscription.startingDate?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('falls back to the legacy lower-case plan collection and legacy packs field', async () => {
    await world({ 'Plan/int-plan': null, 'plan/int-plan': { name: 'Pro', price: '39,90', packs: ['int-pk-catena'] } });
    const result = await loadSubscriptionBundle(OWNER);
    if (!result.ok) throw new Error(result.error);
    expect(result.bundle.plan).toMatchObject({ name: 'Pro', price: 39.9 });
    expect(result.bundle.packs.map((p) => p.name).sort()).toEqual(['Catena', 'fatturazione']);
  });

  it('loads more than 10 packs (read in chunks of 10)', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `int-pk-${i}`);
    const packs = Object.fromEntries(ids.map((id, i) => [`Pack/${id}`, { name: `pacchetto ${i}`, price: 1 }]));
    await world({ ...packs, 'ShopSubscription/int-sub': { shopId: OWNER, plan: 'int-plan', packs: ids, expiringDate: new Date('2027-01-01') } });
    const result = await loadSubscriptionBundle(OWNER);
    if (!result.ok) throw new Error(result.error);
    expect(result.bundle.packs).toHaveLength(13);
  });

  it.each([
    ['no subscription on the shop', { [`Shop/${OWNER}`]: { userId: OWNER, name: 'Merceria Int', settings: {} } }, PERMISSION_ERRORS.noSubscriptionId],
    ['a subscription id that leads nowhere', { 'ShopSubscription/int-sub': null }, PERMISSION_ERRORS.subscriptionNotFound],
    ['a proposal not yet approved', { 'ShopSubscription/int-sub': { shopId: OWNER, plan: 'int-plan', packs: [], status: 'proposed' } }, PERMISSION_ERRORS.noSubscriptionId],
    ['no shop for the user', { [`Shop/${OWNER}`]: null }, PERMISSION_ERRORS.noShop],
  ])('%s gives the spec error', async (_case, changes, message) => {
    await world(changes);
    expect(await loadSubscriptionBundle(OWNER)).toEqual({ ok: false, error: message });
  });

  it('an empty id gives the UserID error', async () => {
    expect(await loadSubscriptionBundle('')).toEqual({ ok: false, error: 'UserID non disponibile...' });
  });

  it("another shop's chain is not readable: the rules deny it and the user sees no packs", async () => {
    expect(await loadSubscriptionBundle(OTHER)).toEqual({ ok: false, error: PERMISSION_ERRORS.noShop });
  });
});
