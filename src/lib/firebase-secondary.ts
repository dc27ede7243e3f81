/**
 * A temporary second Firebase app (document 3 §7 "Create a user with email and password on a temporary
 * secondary instance, then sign it out and close it"): creating or checking another account there leaves the
 * signed-in owner untouched in the main app. Nothing is persisted (in-memory Auth), and the app is deleted after.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signOut, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { appEnv } from '@/config/env';

export interface SecondaryApp {
  auth: Auth;
  db: Firestore;
}

export async function withSecondaryApp<T>(work: (app: SecondaryApp) => Promise<T>): Promise<T> {
  const env = appEnv();
  const app = initializeApp(env.firebase, `secondary-${crypto.randomUUID()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  const db = getFirestore(app);
  if (env.useEmulators) {
    connectAuthEmulator(auth, env.emulators.authUrl, { disableWarnings: true });
    connectFirestoreEmulator(db, env.emulators.firestoreHost, env.emulators.firestorePort);
  }
  try {
    return await work({ auth, db });
  } finally {
    await signOut(auth).catch(() => undefined);
    await deleteApp(app).catch(() => undefined);
  }
}
