import {
  EmailAuthProvider,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User as AuthUser,
} from 'firebase/auth';
import { getDoc, getDocs, limit, query, serverTimestamp, setDoc, where, doc } from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { findShopOfOwner } from '@/data/shop';
import { userDoc, usersCol, type User } from '@/data/user';
import { auth, db } from '@/lib/firebase';

export function listenToAuth(onChange: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(auth(), onChange);
}

export async function signIn(email: string, password: string): Promise<AuthUser> {
  const credential = await signInWithEmailAndPassword(auth(), email.trim(), password);
  return credential.user;
}

export function logOut(): Promise<void> {
  return signOut(auth());
}

export function sendReset(email: string): Promise<void> {
  return sendPasswordResetEmail(auth(), email.trim());
}

/** Confirms the signed-in user's password without storing it anywhere. */
export async function confirmPassword(password: string): Promise<string> {
  const user = auth().currentUser;
  if (!user?.email) throw new Error('Utente non autenticato');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  return user.email;
}

/** Self-registration: the account gets level shopRegister; a technician completes the shop later. */
export async function registerAccount(email: string, password: string): Promise<void> {
  const credential = await createUserWithEmailAndPassword(auth(), email.trim().toLowerCase(), password);
  const uid = credential.user.uid;
  await setDoc(doc(db(), COLLECTIONS.user, uid), {
    userId: uid,
    email: credential.user.email ?? email.trim().toLowerCase(),
    level: 'shopRegister',
    createdAt: serverTimestamp(),
  });
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
