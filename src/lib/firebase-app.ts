/**
 * The Firebase app and Auth: all the login page needs. Firestore lives in lib/firebase.ts and is loaded only by
 * the modules that read or write data, so it is not on the login page's critical path (issue 8).
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { appEnv } from '@/config/env';

let handles: { app: FirebaseApp; auth: Auth } | undefined;

export function firebaseApp(): { app: FirebaseApp; auth: Auth } {
  if (!handles) {
    const env = appEnv();
    const app = getApps().length > 0 ? getApp() : initializeApp(env.firebase);
    const auth = getAuth(app);
    if (env.useEmulators) connectAuthEmulator(auth, env.emulators.authUrl, { disableWarnings: true });
    handles = { app, auth };
  }
  return handles;
}

export const auth = (): Auth => firebaseApp().auth;
