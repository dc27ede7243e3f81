import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, isPortFree, waitForHttp } from './ports.ts';
import { startGroup, type Started } from './processes.ts';

export const DEFAULT_PROJECT_ID = 'demo-backoffice';
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EmulatorOptions {
  projectId?: string;
  /** 0 or undefined = a free port. */
  firestorePort?: number;
  authPort?: number;
  rulesPath?: string;
  logDir?: string;
}

export interface RunningEmulators {
  projectId: string;
  firestoreHost: string; // host:port
  authHost: string; // host:port
  env: Record<string, string>;
  stop(): Promise<void>;
}

function javaMajorVersion(): number | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return undefined;
  return parseJava(`${result.stdout}${result.stderr}`);
}

function parseJava(text: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function hasGcloudFirestoreEmulator(): boolean {
  try {
    execFileSync('gcloud', ['--version'], { stdio: 'ignore' });
  } catch {
    return false;
  }
  const candidates = ['/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator', '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator'];
  return candidates.some((dir) => fs.existsSync(dir));
}

function firebaseBin(): string {
  return path.join(ROOT, 'node_modules/.bin/firebase');
}

async function pickPort(wanted: number | undefined, label: string): Promise<number> {
  if (!wanted) return freePort();
  if (!(await isPortFree(wanted))) {
    throw new Error(`La porta ${wanted} per ${label} è già occupata. Chiudi l'altro processo o scegli un'altra porta.`);
  }
  return wanted;
}

export async function startEmulators(options: EmulatorOptions = {}): Promise<RunningEmulators> {
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const rulesPath = path.resolve(ROOT, options.rulesPath ?? 'firestore.rules');
  const logDir = options.logDir ?? path.join(ROOT, '.tmp/emulators');
  fs.mkdirSync(logDir, { recursive: true });

  const java = javaMajorVersion();
  if (java === undefined) {
    throw new Error("Java non trovato: l'emulatore Firestore richiede Java (17 con gcloud, 21+ con firebase-tools). Installa un JRE, es. `apt-get install -y openjdk-17-jre-headless`.");
  }
  const useFirebaseFirestore = java >= 21;
  if (!useFirebaseFirestore && !hasGcloudFirestoreEmulator()) {
    throw new Error(`Java ${java} trovato, ma l'emulatore Firestore non è disponibile: serve Java >= 21 (firebase-tools) oppure il pacchetto Debian google-cloud-cli-firestore-emulator (gcloud emulators firestore start).`);
  }

  const firestorePort = await pickPort(options.firestorePort, 'Firestore');
  const authPort = await pickPort(options.authPort, 'Auth');
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const started: Started[] = [];
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
  };

  try {
    // firebase-tools reads ports from a config file: write one per run so parallel runs never collide.
    const configPath = path.join(logDir, `firebase.${authPort}.json`);
    const emulators: Record<string, unknown> = {
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    };
    if (useFirebaseFirestore) emulators.firestore = { host: '127.0.0.1', port: firestorePort };
    fs.writeFileSync(configPath, JSON.stringify({ firestore: { rules: rulesPath }, emulators }, null, 2));
    const only = useFirebaseFirestore ? 'auth,firestore' : 'auth';
    started.push(
      startGroup(firebaseBin(), ['emulators:start', '--only', only, '--project', projectId, '--config', configPath], {
        cwd: logDir,
        env: { ...process.env, NPM_CONFIG_OFFLINE: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
        logFile: path.join(logDir, `auth-${authPort}.log`),
      }),
    );
    if (!useFirebaseFirestore) {
      started.push(
        startGroup('gcloud', ['emulators', 'firestore', 'start', `--host-port=127.0.0.1:${firestorePort}`, `--rules=${rulesPath}`, '--quiet'], {
          cwd: logDir,
          env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' },
          logFile: path.join(logDir, `firestore-${firestorePort}.log`),
        }),
      );
    }
    await Promise.all([
      waitForHttp(`http://127.0.0.1:${firestorePort}/`, 90_000, 'Emulatore Firestore'),
      waitForHttp(`http://127.0.0.1:${authPort}/`, 90_000, 'Emulatore Auth'),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const firestoreHost = `127.0.0.1:${firestorePort}`;
  const authHost = `127.0.0.1:${authPort}`;
  return {
    projectId,
    firestoreHost,
    authHost,
    env: {
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      GCLOUD_PROJECT: projectId,
      METADATA_SERVER_DETECTION: 'none',
    },
    stop,
  };
}

/** Wipes every Firestore document and every Auth account of the project (emulators only). */
export async function wipeEmulators(emulators: RunningEmulators): Promise<void> {
  const { projectId } = emulators;
  await fetch(`http://${emulators.firestoreHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  await fetch(`http://${emulators.authHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
}

/** Loads the current firestore.rules into a running Firestore emulator (gcloud's emulator has no file watch). */
export async function reloadRules(firestoreHost: string, projectId: string, rulesPath = path.join(ROOT, 'firestore.rules')): Promise<void> {
  const content = fs.readFileSync(rulesPath, 'utf8');
  const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
  if (!response.ok) throw new Error(`Regole Firestore non caricate: ${response.status} ${await response.text()}`);
}
