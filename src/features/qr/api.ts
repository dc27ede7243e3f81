import { EmailAuthProvider, reauthenticateWithCredential } from 'firebase/auth';
import { auth } from '@/lib/firebase-app';

/**
 * Re-authenticates the signed-in user with the password just typed and returns their email. The password is
 * only handed to Firebase Auth; nothing is stored.
 */
export async function reauthenticate(password: string): Promise<string> {
  const user = auth().currentUser;
  if (!user?.email) throw new Error('Sessione scaduta: accedi di nuovo.');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  return user.email;
}
