import { createUserWithEmailAndPassword } from 'firebase/auth';
import { getDoc, getDocs, limit, query, where } from 'firebase/firestore';
import { findShopOfOwner } from '@/data/shop';
import { createUserProfile, userDoc, usersCol, type User } from '@/data/user';
import { auth } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';

// Auth-only calls (sign in/out, reset, listener) are in lib/firebase-auth.ts: the login page loads no Firestore.
export { confirmPassword, listenToAuth, logOut, sendReset, signIn } from '@/lib/firebase-auth';

/** Self-registration: the account gets level shopRegister; a technician completes the shop later. */
export async function registerAccount(email: string, password: string): Promise<void> {
  const credential = await createUserWithEmailAndPassword(auth(), email.trim().toLowerCase(), password);
  const uid = credential.user.uid;
  // Confirmed (confirmedWrite): a connection lost after the account was created ends with the Italian message
  // instead of a button spinning for ever; the profile stays queued under the account's id, so it lands once.
  await confirmedWrite(createUserProfile(uid, credential.user.email ?? email.trim().toLowerCase(), 'shopRegister'));
}

/** The User document of the signed-in account: by id, else by the userId field (older accounts). */
export async function loadUserProfile(uid: string): Promise<User | undefined> {
  const byId = await getDoc(userDoc(uid));
  if (byId.exists()) return byId.data();
  const byField = await getDocs(query(usersCol(), where('userId', '==', uid), limit(1)));
  return byField.docs[0]?.data();
}

/** The shop's backofficeRoles setting; undefined when the shop is missing or the read fails (document 1 §4). */
export async function readBackofficeRoles(shopId: string): Promise<boolean | undefined> {
  try {
    return (await findShopOfOwner(shopId))?.settings.backofficeRoles;
  } catch {
    return undefined;
  }
}
