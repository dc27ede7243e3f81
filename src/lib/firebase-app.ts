/**
 * The Firebase app and Auth: all the login page needs. Firestore lives in lib/firebase.ts and is loaded only by
 * the modules that read or write data, so it is not on the login page's critical path.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, browserSessionPersistence, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';
import { appEnv } from '@/config/env';
import { broadcastIndexedDbPersistence } from './auth-persistence';

let handles: { app: FirebaseApp; auth: Auth } | undefined;

export function firebaseApp(): { app: FirebaseApp; auth: Auth } {
  if (!handles) {
    const env = appEnv();
    const app = getApps().length > 0 ? getApp() : initializeApp(env.firebase);
    // initializeAuth instead of getAuth: email and password only, so no popup/redirect resolver, whose iframe
    // from the auth domain would load on every page (a request and a console error where it is unreachable).
    // The session in IndexedDB as the SDK keeps it, with the tabs told of a change instead of polling (auth-persistence.ts).
    const auth = initializeAuth(app, { persistence: [broadcastIndexedDbPersistence, browserLocalPersistence, browserSessionPersistence] });
    if (env.useEmulators) connectAuthEmulator(auth, env.emulators.authUrl, { disableWarnings: true });
    handles = { app, auth };
  }
  return handles;
}

export const auth = (): Auth => firebaseApp().auth;
