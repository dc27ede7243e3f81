/** `npm run emulators`: starts Auth + Firestore emulators with our rules and keeps them up until Ctrl-C. */
import { startEmulators } from './lib/emulators.ts';

const firestorePort = Number(process.env.FIRESTORE_PORT ?? 8080);
const authPort = Number(process.env.AUTH_PORT ?? 9099);

try {
  const emulators = await startEmulators({ firestorePort, authPort });
  console.log(`Emulatori pronti: Firestore ${emulators.firestoreHost}, Auth ${emulators.authHost} (progetto ${emulators.projectId}). Ctrl-C per fermarli.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
