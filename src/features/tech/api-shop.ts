/**
 * Firestore calls of /shop-details/{id} (document 3 §2.2, §7 Writes): the shop read live by id (the rules refuse a
 * shop that does not list the technician: the screen then goes back to the dashboard), and the technician's save
 * of the general fields and the full settings object plus updatedAt — the fields the rules let a technician edit.
 */
import { serverTimestamp, updateDoc, doc } from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { shopDoc, toFirestoreSettings, type Shop, type ShopSettings } from '@/data/shop';
import { db } from '@/lib/firebase';

export { shopDoc };

export interface ShopGeneral {
  phone: string;
  province: string;
  city: string;
  zipCode: string;
  address: string;
}

export async function saveShopDetails(shopId: string, general: ShopGeneral, settings: ShopSettings): Promise<void> {
  await updateDoc(doc(db(), COLLECTIONS.shop, shopId), {
    ...general,
    pIva: settings.pIva,
    settings: toFirestoreSettings(settings),
    updatedAt: serverTimestamp(),
  });
}

export type { Shop };
