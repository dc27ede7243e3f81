/**
 * Authentication calls that need no Firestore (sign in and out, reset, re-authentication, the auth listener):
 * the login and reset pages load only these.
 */
import {
  EmailAuthProvider, onAuthStateChanged, reauthenticateWithCredential, sendPasswordResetEmail, signInWithEmailAndPassword, signOut,
  type User as AuthUser,
} from 'firebase/auth';
import { auth } from './firebase-app';
import { cacheInUse } from './cache-owner';
import { clearUserCache } from './local-cache';
import { isOffline } from './firebase-errors';

export function listenToAuth(onChange: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(auth(), onChange);
}

export async function signIn(email: string, password: string): Promise<AuthUser> {
  const credential = await signInWithEmailAndPassword(auth(), email.trim(), password);
  return credential.user;
}

/** Asked at logout when writes made offline have not reached the server (the cache is deleted at logout). */
export const UNSENT_CHANGES_CONFIRM =
  'Alcune modifiche fatte senza connessione non sono ancora state inviate al server: se esci ora andranno perse. Uscire comunque?';

/**
 * Signs out and deletes this browser's Firestore cache. Writes still queued (made offline) are
 * waited for a moment; if some remain, `confirmUnsent` decides whether to leave anyway (they would be lost):
 * false = stay signed in, the promise resolves false.
 */
export async function logOut(options: { confirmUnsent?: () => boolean } = {}): Promise<boolean> {
  if (!(await unsentWritesSettled()) && options.confirmUnsent && !options.confirmUnsent()) return false;
  await signOut(auth());
  await clearUserCache();
  return true;
}

/** True when no write of this page waits for the server (online: up to 10 s; offline: at once). */
async function unsentWritesSettled(): Promise<boolean> {
  if (!cacheInUse()) return true;
  const { writesSettled } = await import('./firebase');
  return writesSettled(isOffline() ? 1_000 : 10_000);
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
