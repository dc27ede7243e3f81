/**
 * Auth calls of /tech-account (document 1 §2, §5, §7 Authentication): re-authentication with the current password,
 * then the new one; the password-reset email.
 */
import { EmailAuthProvider, reauthenticateWithCredential, sendPasswordResetEmail, updatePassword } from 'firebase/auth';
import { auth } from '@/lib/firebase-app';

export class NotSignedIn extends Error {}

export async function changeTechPassword(current: string, next: string): Promise<void> {
  const user = auth().currentUser;
  if (!user?.email) throw new NotSignedIn('Utente non autenticato');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
  await updatePassword(user, next);
}

export function sendTechReset(email: string): Promise<void> {
  return sendPasswordResetEmail(auth(), email);
}
