/**
 * Who may act on a shop, decided server-side as firestore.rules decides it (canReadShop): the owner (the shop
 * document is keyed by the owner's uid), admins, the accountants the shop lists (of level accountant), the
 * technicians it lists or has as assignedTech (of level tech). Callables use it before touching a shop's data.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { SERVER_COLLECTIONS } from './collections';

export type ShopRole = 'owner' | 'admin' | 'accountant' | 'tech';

export async function shopRoleOf(db: Firestore, uid: string, shopId: string): Promise<ShopRole | undefined> {
  if (shopId === '') return undefined;
  const [user, shop] = await Promise.all([db.collection(SERVER_COLLECTIONS.user).doc(uid).get(), db.collection(SERVER_COLLECTIONS.shop).doc(shopId).get()]);
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
