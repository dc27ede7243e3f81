/**
 * "May this shop use this pack now?" on the server (issue 36 §3): the app's own chain (src/data/subscription-chain.ts)
 * over firebase-admin, the app's own normalisation (src/data/*-doc.ts) and the app's own decision
 * (src/domain/permissions/pack-access.ts: expiry + the 15-day grace, the pack by name). No Firebase client code is
 * bundled: those modules import none.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { COLLECTIONS } from '@/data/collections';
import { toOptStr, type RawDoc } from '@/data/normalize';
import { normalizePack } from '@/data/pack-doc';
import { normalizePlan } from '@/data/plan-doc';
import { normalizeShopSubscription } from '@/data/shop-subscription-doc';
import { PERMISSION_ERRORS, resolveSubscriptionChain, type ChainReader } from '@/data/subscription-chain';
import { packAccess, type PackAccess } from '@/domain/permissions/pack-access';

interface ShopRef {
  id: string;
  subscriptionId?: string | undefined;
}

function adminReader(db: Firestore): ChainReader<ShopRef> {
  const data = (raw: RawDoc | undefined): RawDoc => raw ?? {};
  return {
    async shop(shopId) {
      const byId = await db.collection(COLLECTIONS.shop).doc(shopId).get();
      if (byId.exists) return { id: byId.id, subscriptionId: toOptStr(byId.get('subscriptionId')) };
      const byOwner = await db.collection(COLLECTIONS.shop).where('userId', '==', shopId).limit(1).get();
      const first = byOwner.docs[0];
      return first ? { id: first.id, subscriptionId: toOptStr(first.get('subscriptionId')) } : undefined;
    },
    async subscription(id) {
      const snap = await db.collection(COLLECTIONS.shopSubscription).doc(id).get();
      return snap.exists ? normalizeShopSubscription(snap.id, data(snap.data())) : undefined;
    },
    async plan(id, legacy) {
      const snap = await db.collection(legacy ? COLLECTIONS.planFallback : COLLECTIONS.plan).doc(id).get();
      return snap.exists ? normalizePlan(snap.id, data(snap.data())) : undefined;
    },
    async packsByIds(ids) {
      const col = db.collection(COLLECTIONS.pack);
      const snaps = await db.getAll(...ids.map((id) => col.doc(id)));
      return snaps.filter((d) => d.exists).map((d) => normalizePack(d.id, data(d.data())));
    },
    async allPacks() {
      const snap = await db.collection(COLLECTIONS.pack).get();
      return snap.docs.map((d) => normalizePack(d.id, d.data()));
    },
  };
}

/** The decision for the shop now, read from Firestore as the app reads it. */
export async function shopPackAccess(db: Firestore, shopId: string, pack: string, now = new Date()): Promise<PackAccess> {
  const chain = await resolveSubscriptionChain(shopId, adminReader(db));
  if (!chain.ok && (chain.error === PERMISSION_ERRORS.packs || chain.error === PERMISSION_ERRORS.readFailed)) throw new HttpsError('unavailable', chain.error);
  return packAccess(chain.ok ? chain.bundle : undefined, pack, now);
}

/** Refuses ('permission-denied', with the decision's Italian message) unless the shop may use the pack now. */
export async function requirePack(db: Firestore, shopId: string, pack: string, now = new Date()): Promise<void> {
  const access = await shopPackAccess(db, shopId, pack, now);
  if (!access.allowed) throw new HttpsError('permission-denied', access.message);
}
