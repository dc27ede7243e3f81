/**
 * The one door to Firestore: a single instance on the app of lib/firebase-app.ts, wired to the local emulator
 * when VITE_USE_EMULATORS=true. Import `auth` from lib/firebase-auth.ts where no data is read.
 */
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { appEnv } from '@/config/env';
import { auth, firebaseApp } from './firebase-app';

let firestore: Firestore | undefined;

function init(): Firestore {
  const env = appEnv();
  const instance = getFirestore(firebaseApp().app);
  if (env.useEmulators) connectFirestoreEmulator(instance, env.emulators.firestoreHost, env.emulators.firestorePort);
  return instance;
}

export const db = (): Firestore => (firestore ??= init());
export { auth };
