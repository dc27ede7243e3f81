/**
 * "May this shop use this pack now?" on the server: the app's own chain (src/data/subscription-chain.ts)
 * over firebase-admin, the app's own normalisation (src/data/*-doc.ts) and the app's own decision
 * (src/domain/permissions/pack-access.ts: expiry + the 15-day grace, the pack by name). No Firebase client code is
 * bundled: those modules import none.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { PERMISSION_ERRORS, resolveSubscriptionChain, type ChainReader } from '@/data/subscription-chain';
import type { Shop } from '@/data/shop-doc';
import { packAccess, type PackAccess } from '@/domain/permissions/pack-access';
import { packsCol, plansCol, shopsCol, shopSubscriptionsCol } from './typed-refs';

/** The app's reader (src/data/subscription-bundle.ts) over firebase-admin: every document its converter's typed value. */
function adminReader(db: Firestore): ChainReader<Shop> {
  return {
    async shop(shopId) {
      // As findShopOfOwner (src/data/shop.ts): the document keyed by the owner's uid, else the one whose userId is it.
      const byId = await shopsCol(db).doc(shopId).get();
      if (byId.exists) return byId.data();
      const byOwner = await shopsCol(db).where('userId', '==', shopId).limit(1).get();
      return byOwner.docs[0]?.data();
    },
    async subscription(id) {
      return (await shopSubscriptionsCol(db).doc(id).get()).data();
    },
    async plan(id, legacy) {
      return (await plansCol(db, legacy).doc(id).get()).data();
    },
    async packsByIds(ids) {
      const col = packsCol(db);
      const snaps = await db.getAll(...ids.map((id) => col.doc(id)));
      return snaps.flatMap((d) => d.data() ?? []);
    },
    async allPacks() {
      return (await packsCol(db).get()).docs.map((d) => d.data());
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
