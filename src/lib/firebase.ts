/**
 * The one door to Firebase: a single app, Auth and Firestore instance, wired to the local emulators when
 * VITE_USE_EMULATORS=true.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { appEnv } from '@/config/env';

interface FirebaseHandles {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
}

let handles: FirebaseHandles | undefined;

function init(): FirebaseHandles {
  const env = appEnv();
  const app = getApps().length > 0 ? getApp() : initializeApp(env.firebase);
  const auth = getAuth(app);
  const db = getFirestore(app);
  if (env.useEmulators) {
    connectAuthEmulator(auth, env.emulators.authUrl, { disableWarnings: true });
    connectFirestoreEmulator(db, env.emulators.firestoreHost, env.emulators.firestorePort);
  }
  return { app, auth, db };
}

export function firebase(): FirebaseHandles {
  handles ??= init();
  return handles;
}

export const db = (): Firestore => firebase().db;
export const auth = (): Auth => firebase().auth;
