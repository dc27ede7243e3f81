/**
 * Who may act on a shop, decided server-side as firestore.rules decides it (canReadShop): the owner (the shop
 * document is keyed by the owner's uid), admins, the accountants the shop lists (of level accountant), the
 * technicians it lists or has as assignedTech (of level tech). Callables use it before touching a shop's data.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { SERVER_COLLECTIONS } from './collections';

export type ShopRole = 'owner' | 'admin' | 'accountant' | 'tech';

// The stored Shop document, not the converter's reading: the rules see stored values (see tests/tooling/raw-firestore-refs).
const storedShop = (db: Firestore, shopId: string) => db.collection(SERVER_COLLECTIONS.shop).doc(shopId).get();
const storedUser = (db: Firestore, uid: string) => db.collection(SERVER_COLLECTIONS.user).doc(uid).get();

export async function shopRoleOf(db: Firestore, uid: string, shopId: string): Promise<ShopRole | undefined> {
  if (shopId === '') return undefined;
  const [user, shop] = await Promise.all([storedUser(db, uid), storedShop(db, shopId)]);
  const level: unknown = user.get('level');
  if (level === 'admin') return 'admin';
  if (!shop.exists) return undefined;
  if (uid === shopId) return 'owner';
  const list = (field: string): unknown[] => {
    const value: unknown = shop.get(field);
    return Array.isArray(value) ? (value as unknown[]) : [];
  };
  if (level === 'accountant' && list('accountants').includes(uid)) return 'accountant';
  if (level === 'tech' && (list('technicians').includes(uid) || shop.get('assignedTech') === uid)) return 'tech';
  return undefined;
}

/** The caller's role on the shop, or a 'permission-denied' error (an unauthenticated caller gets 'unauthenticated'). */
export async function requireShopRole(db: Firestore, uid: string | undefined, shopId: unknown, allowed: readonly ShopRole[]): Promise<ShopRole> {
  if (!uid) throw new HttpsError('unauthenticated', 'Accesso richiesto.');
  if (typeof shopId !== 'string' || shopId === '') throw new HttpsError('invalid-argument', 'shopId mancante.');
  const role = await shopRoleOf(db, uid, shopId);
  if (!role || !allowed.includes(role)) throw new HttpsError('permission-denied', 'Non hai accesso a questo negozio.');
  return role;
}

/**
 * firestore.rules' isChainMasterOf without its pack condition (the caller checks the 'catena' pack with
 * pack-guard.ts): the caller is a shop whose own Shop says isChainMaster, `memberId` is another shop whose shopGroup
 * names the caller, and the member shares its data (its chainSettings.allowMemberDataAccess, else the master's,
 * default true). Stored values compared as the rules compare them (`== true`).
 */
export async function isChainMasterOf(db: Firestore, uid: string, memberId: string): Promise<boolean> {
  if (memberId === '' || memberId === uid) return false;
  const [user, master, member] = await Promise.all([storedUser(db, uid), storedShop(db, uid), storedShop(db, memberId)]);
  if (user.get('level') !== 'shop' || !master.exists || !member.exists) return false;
  if (master.get('isChainMaster') !== true || member.get('shopGroup') !== uid) return false;
  const sharing = (shop: typeof master): unknown => {
    const settings: unknown = shop.get('chainSettings');
    return settings !== null && typeof settings === 'object' && 'allowMemberDataAccess' in settings ? (settings as { allowMemberDataAccess: unknown }).allowMemberDataAccess : undefined;
  };
  // As the rules' map.get(key, default): a key present (even null) is its value; only a missing key falls back.
  const own = sharing(member);
  const inherited = sharing(master);
  return (own !== undefined ? own : inherited !== undefined ? inherited : true) === true;
}
