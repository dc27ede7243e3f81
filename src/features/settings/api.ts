/**
 * Firestore and Auth calls of /settings (document 3 §2.3, §7 "Shop update: shopType; settings.backofficeRoles;
 * shopGroup; isChainMaster and chainSettings; settings.invoiceNumber"). Each write changes only its own fields
 * (dotted paths inside `settings`), so two tabs or the POS app never overwrite each other's settings.
 */
import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { getDocFromServer, serverTimestamp, updateDoc } from 'firebase/firestore';
import { chainMembersQuery, shopDoc, type Shop } from '@/data/shop';
import { CHAIN_MASTER_DEFAULTS } from '@/domain/settings/chain';
import type { ShopType } from '@/domain/settings/shop-types';
import { confirmedWrite, errorCode, refuseIfOffline } from '@/lib/firebase-errors';
import { savedOrQueued, type SaveOutcome } from '@/lib/firebase-writes';
import { auth } from '@/lib/firebase';

export { chainMembersQuery, shopDoc };

function rawShop(shopId: string) {
  return shopDoc(shopId);
}

/**
 * One change of the shop's own fields. Without a connection it is kept on this device and sent when the connection
 * returns ('queued': the page shows it as pending); online the server's confirmation is awaited
 * (at most WRITE_CONFIRM_MS, then 'write-unconfirmed').
 */
function writeShop(shopId: string, data: Record<string, unknown>): Promise<SaveOutcome> {
  const ref = rawShop(shopId);
  return savedOrQueued(updateDoc(ref, { ...data, updatedAt: serverTimestamp() }), ref);
}

export function saveShopType(shopId: string, shopType: ShopType): Promise<SaveOutcome> {
  return writeShop(shopId, { shopType });
}

export function saveBackofficeRoles(shopId: string, enabled: boolean): Promise<SaveOutcome> {
  return writeShop(shopId, { 'settings.backofficeRoles': enabled });
}

/** The counter is stored as text, as the POS app expects (document 3 §3). */
export function saveInvoiceCounter(shopId: string, stored: string): Promise<SaveOutcome> {
  return writeShop(shopId, { 'settings.invoiceNumber': stored });
}

/** A fresh read from the server ('Aggiorna Dispositivi'), not from the local cache. */
export async function reloadShop(shopId: string): Promise<Shop | undefined> {
  const snapshot = await getDocFromServer(shopDoc(shopId));
  return snapshot.exists() ? snapshot.data() : undefined;
}

export function becomeChainMaster(shopId: string): Promise<SaveOutcome> {
  return writeShop(shopId, { isChainMaster: true, chainSettings: { ...CHAIN_MASTER_DEFAULTS } });
}

/**
 * Joins the group of the shop with this code. The owner cannot read another shop, so the existence check is
 * the rules' (document 3 §5: "the target must exist"): a refused write means the code names no shop. That answer
 * needs the server, so the join is never queued offline.
 */
export async function joinGroup(shopId: string, parentCode: string): Promise<'joined' | 'not-found'> {
  refuseIfOffline();
  try {
    await confirmedWrite(updateDoc(rawShop(shopId), { shopGroup: parentCode, updatedAt: serverTimestamp() }));
    return 'joined';
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return 'not-found';
    throw error;
  }
}

export function leaveGroup(shopId: string): Promise<SaveOutcome> {
  return writeShop(shopId, { shopGroup: null });
}

/** A member's sharing with its master: its own chainSettings, read by the rules for the master's reads. */
export function saveMemberSharing(shopId: string, field: 'allowMemberDataAccess' | 'shareInventory', value: boolean): Promise<SaveOutcome> {
  return writeShop(shopId, { [`chainSettings.${field}`]: value });
}

/** Re-authenticates with the current password, then sets the new one (document 3 §5, §7). */
export async function changePassword(current: string, next: string): Promise<void> {
  const user = auth().currentUser;
  if (!user?.email) throw new Error('Utente non autenticato.');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
  await updatePassword(user, next);
}
