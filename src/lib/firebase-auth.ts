/**
 * Authentication calls that need no Firestore (sign in and out, reset, re-authentication, the auth listener):
 * the login and reset pages load only these.
 */
import {
  EmailAuthProvider, onAuthStateChanged, reauthenticateWithCredential, sendPasswordResetEmail, signInWithEmailAndPassword, signOut,
  type User as AuthUser,
} from 'firebase/auth';
import { auth } from './firebase-app';

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
