/**
 * Shop (document 1 §3, document 2 §3, document 3 §3): the converter and references. The reading itself (legacy
 * spellings included) lives in shop-doc.ts, without Firebase imports.
 */
import { getDoc, getDocs, limit, query, where } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeShop, toFirestoreShop, type Shop } from './shop-doc';

export * from './shop-doc';

export const shopConverter = makeConverter('Shop', normalizeShop, toFirestoreShop);
export const shopsCol = () => typedCollection(COLLECTIONS.shop, shopConverter);
export const shopDoc = (id: string) => typedDoc(COLLECTIONS.shop, id, shopConverter);

/** The shop of an owner: the document keyed by their uid, else (older data) the one whose userId is theirs. */
export async function findShopOfOwner(ownerUid: string): Promise<Shop | undefined> {
  const byId = await getDoc(shopDoc(ownerUid));
  if (byId.exists()) return byId.data();
  const byOwner = await getDocs(query(shopsCol(), where('userId', '==', ownerUid), limit(1)));
  return byOwner.docs[0]?.data();
}
