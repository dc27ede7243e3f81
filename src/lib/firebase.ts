/**
 * The one door to Firestore: a single instance on the app of lib/firebase-app.ts, wired to the local emulator
 * when VITE_USE_EMULATORS=true. Import `auth` from lib/firebase-auth.ts where no data is read.
 *
 * Persistent local cache: documents and pending writes are kept in IndexedDB, shared by the tabs
 * of the browser (multi-tab manager), so a repeat visit paints from the cache, lists stay readable through a
 * dropped connection and writes made offline survive a reload and are sent when the connection returns. The
 * cache belongs to one signed-in user: `clearLocalCache` (called at logout and whenever the account changes,
 * lib/local-cache.ts) terminates the instance, deletes the database and lets the next `db()` start a fresh one.
 */
import {
  clearIndexedDbPersistence, connectFirestoreEmulator, getFirestore, initializeFirestore, memoryLocalCache, persistentLocalCache,
  persistentMultipleTabManager, terminate, waitForPendingWrites, type Firestore,
} from 'firebase/firestore';
import { appEnv } from '@/config/env';
import { auth, firebaseApp } from './firebase-app';
import { markCacheOwner } from './cache-owner';

let firestore: Firestore | undefined;

/** IndexedDB is there in browsers (not in Node, where the integration tests run the same modules). */
const canPersist = () => typeof indexedDB !== 'undefined';

function init(): Firestore {
  const env = appEnv();
  const app = firebaseApp().app;
  let instance: Firestore;
  try {
    instance = initializeFirestore(app, {
      localCache: canPersist() ? persistentLocalCache({ tabManager: persistentMultipleTabManager() }) : memoryLocalCache(),
    });
  } catch {
    // Already initialised for this app (a hot module reload of the dev server): the same instance.
    return getFirestore(app);
  }
  if (env.useEmulators) connectFirestoreEmulator(instance, env.emulators.firestoreHost, env.emulators.firestorePort);
  return instance;
}

/**
 * The origin this page's Firestore answers on: the connection watcher asks it whether it is reachable at all, which
 * reads nothing (lib/firebase-connection.ts). The Content-Security-Policy's connect-src lists it for the SDK already.
 */
export function firestoreOrigin(): string {
  const env = appEnv();
  return env.useEmulators ? `http://${env.emulators.firestoreHost}:${String(env.emulators.firestorePort)}/` : 'https://firestore.googleapis.com/';
}

/** The SDK terminates its instance by itself when another tab deletes the shared cache (that tab's logout). */
function terminated(instance: Firestore): boolean {
  return (instance as unknown as { _terminated?: boolean })._terminated === true;
}

export function db(): Firestore {
  if (!firestore || terminated(firestore)) {
    firestore = init();
    markCacheOwner(auth().currentUser?.uid);
  }
  return firestore;
}

/**
 * Resolves true when every write of this browser has reached the server within `ms`, false otherwise (offline
 * writes still queued). Never creates an instance.
 */
export async function writesSettled(ms: number): Promise<boolean> {
  if (!firestore || terminated(firestore)) return true;
  const settled = waitForPendingWrites(firestore).then(
    () => true,
    () => true,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms));
  return Promise.race([settled, timeout]);
}

/**
 * Ends this page's instance and deletes the persistent cache (documents and queued writes). Another tab that has
 * the cache open is told by IndexedDB and terminates its own instance (the SDK's listener), so the deletion is
 * not blocked. The next `db()` starts from an empty cache.
 */
export async function clearLocalCache(): Promise<void> {
  const old = firestore;
  firestore = undefined;
  // Without an instance of this page: one that is never started, only to name and delete the database.
  const target = old ?? init();
  if (old) await terminate(old);
  if (!canPersist()) return;
  await clearIndexedDbPersistence(target);
  if (!old) await terminate(target);
}

export { auth };
