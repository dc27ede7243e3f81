import fs from 'node:fs';
import path from 'node:path';

/**
 * Where `npm start` publishes the addresses it chose (its ports move when the usual ones are taken), so that the
 * tools started beside it in another terminal (`npm run devices`) find the same emulators without being told.
 */
export const START_PORTS_FILE = path.resolve(import.meta.dirname, '../../.tmp/start-ports.json');

export interface StartPorts {
  /** The `npm start` process: the file is believed only while it runs. */
  pid: number;
  projectId: string;
  firestoreHost: string;
  authHost: string;
  stubUrl: string;
  appUrl: string;
}

/** Writes the addresses, and removes the file when this process exits. */
export function publishStartPorts(ports: Omit<StartPorts, 'pid'>, file = START_PORTS_FILE): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ pid: process.pid, ...ports }, null, 2)}\n`);
  process.on('exit', () => fs.rmSync(file, { force: true }));
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The addresses of the `npm start` running now; undefined without one (no file, a damaged one, or one left behind). */
export function readStartPorts(file = START_PORTS_FILE): StartPorts | undefined {
  let parsed: Partial<StartPorts>;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StartPorts>;
  } catch {
    return undefined;
  }
  const { pid, projectId, firestoreHost, authHost, stubUrl, appUrl } = parsed;
  if (typeof pid !== 'number' || typeof firestoreHost !== 'string' || !running(pid)) return undefined;
  return { pid, projectId: projectId ?? '', firestoreHost, authHost: authHost ?? '', stubUrl: stubUrl ?? '', appUrl: appUrl ?? '' };
}

/**
 * The Firestore emulator a tool beside `npm start` talks to: FIRESTORE_EMULATOR_HOST when set (the e2e runner sets
 * it), else the one `npm start` published, else its usual 127.0.0.1:8080.
 */
export function emulatorHost(env: NodeJS.ProcessEnv, published: StartPorts | undefined): string {
  return env.FIRESTORE_EMULATOR_HOST?.trim() || published?.firestoreHost || '127.0.0.1:8080';
}
