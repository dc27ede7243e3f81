/**
 * Points the app's Firebase module at the emulators started by the test runner (FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST), through the same VITE_* variables the built app reads.
 */
import fs from 'node:fs';
import path from 'node:path';

const firestore = process.env.FIRESTORE_EMULATOR_HOST;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!firestore || !authHost) {
  throw new Error('Emulatori non avviati: esegui i test di integrazione con `npm test` o `npm run test:integration`.');
}
const [host, port] = firestore.split(':');
Object.assign(process.env, {
  VITE_USE_EMULATORS: 'true',
  VITE_FIREBASE_PROJECT_ID: process.env.GCLOUD_PROJECT ?? 'demo-backoffice',
  VITE_FIRESTORE_EMULATOR_HOST: host,
  VITE_FIRESTORE_EMULATOR_PORT: port,
  VITE_AUTH_EMULATOR_URL: `http://${authHost}`,
});

// The index check (scripts/check-indexes.ts) reads the queries the app ran; src/lib/firestore-recorder.ts calls this.
const queryLogDir = process.env.QUERY_LOG_DIR;
if (queryLogDir) {
  fs.mkdirSync(queryLogDir, { recursive: true });
  const file = path.join(queryLogDir, `integration-${process.pid}.jsonl`);
  (globalThis as { __recordFirestoreQuery?: (q: unknown) => void }).__recordFirestoreQuery = (q) => fs.appendFileSync(file, `${JSON.stringify(q)}\n`);
}
