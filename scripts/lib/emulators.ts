import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, isPortFree, waitForHttp } from './ports.ts';
import { startGroup, type Started } from './processes.ts';
import { DEFAULT_TOKEN as STUB_TOKEN } from '../provider-stub/server.ts';

export const DEFAULT_PROJECT_ID = 'demo-backoffice';
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EmulatorOptions {
  projectId?: string;
  /** 0 or undefined = a free port. */
  firestorePort?: number;
  authPort?: number;
  rulesPath?: string;
  logDir?: string;
  /** Also start the Functions emulator with functions/ (built first). Off by default: it adds ~10 s. */
  functions?: boolean | FunctionsOptions;
}

export interface FunctionsOptions {
  /** 0 or undefined = a free port. */
  port?: number;
  /** Parameters (defineString) of this run: written to the run's .env (e.g. the provider base URLs). */
  params?: Record<string, string>;
  /** Secrets (defineSecret) of this run: written to the run's .secret.local. Defaults: LOCAL_FUNCTION_SECRETS. */
  secrets?: Record<string, string>;
  /**
   * The port where the caller will run the provider stub (0 or undefined = a free port, chosen now): the functions'
   * provider proxy and pending-shops source point at it (SDI_API_BASE_URL, COMPANY_API_BASE_URL,
   * PENDING_SHOPS_SOURCE_URL), and RunningEmulators.stubPort tells the caller where to start the stub.
   */
  stubPort?: number;
}

/**
 * The secrets the local functions use (emulators, tests, the stub's callbacks): never real values. The provider
 * proxy's tokens are the ones the local provider stub accepts, so `npm start` and the tests need no set-up.
 */
export const LOCAL_FUNCTION_SECRETS = {
  PROVIDER_WEBHOOK_AUTH: 'Bearer local-webhook-secret',
  SDI_API_TOKEN: STUB_TOKEN,
  COMPANY_API_TOKEN: STUB_TOKEN,
  PENDING_SHOPS_SOURCE_AUTH: 'none',
} as const;

export const FUNCTIONS_REGION = 'europe-west1';

export interface RunningEmulators {
  projectId: string;
  firestoreHost: string; // host:port
  authHost: string; // host:port
  /** http://127.0.0.1:PORT/PROJECT/REGION when the Functions emulator runs: append the function name. */
  functionsUrl?: string;
  /** With the Functions emulator: the port the functions expect the provider stub on (FunctionsOptions.stubPort). */
  stubPort?: number;
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
  const functionsOptions: FunctionsOptions | undefined = options.functions === true ? {} : options.functions || undefined;
  const functionsPort = functionsOptions ? await pickPort(functionsOptions.port, 'Functions') : undefined;
  const functionsUrl = functionsPort ? `http://127.0.0.1:${functionsPort}/${projectId}/${FUNCTIONS_REGION}` : undefined;
  const stubPort = functionsOptions ? functionsOptions.stubPort || (await freePort()) : undefined;
  if (functionsOptions && functionsUrl && stubPort) {
    const stubUrl = `http://127.0.0.1:${stubPort}`;
    functionsOptions.params = {
      PENDING_SHOPS_SOURCE_URL: `${stubUrl}/pendingShops/sheet`,
      SDI_API_BASE_URL: stubUrl,
      COMPANY_API_BASE_URL: stubUrl,
      SDI_CALLBACK_URL: `${functionsUrl}/sdiCallback`,
      ...functionsOptions.params,
    };
  }
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
    const config: Record<string, unknown> = { firestore: { rules: rulesPath }, emulators };
    if (functionsOptions && functionsPort) {
      emulators.functions = { host: '127.0.0.1', port: functionsPort };
      // The Functions emulator also starts Eventarc and Cloud Tasks emulators (defaults 9299/9499, then +2 when taken):
      // with a third suite on the machine (two runs at once, E2E_SHARDS) the fallback port is taken too and
      // firebase-tools stops with 'An unexpected error has occurred'. Each run gets its own.
      emulators.eventarc = { host: '127.0.0.1', port: await freePort() };
      emulators.tasks = { host: '127.0.0.1', port: await freePort() };
      // firebase-tools resolves the source against the config file's folder.
      config.functions = { source: path.relative(logDir, prepareFunctionsDir(path.join(logDir, `functions-${authPort}`), functionsOptions)) };
    }
    fs.writeFileSync(configPath, JSON.stringify(config, null, 2));
    const only = [...(useFirebaseFirestore ? ['auth', 'firestore'] : ['auth']), ...(functionsOptions ? ['functions'] : [])].join(',');
    started.push(
      startGroup(firebaseBin(), ['emulators:start', '--only', only, '--project', projectId, '--config', configPath], {
        cwd: logDir,
        // The functions reach the gcloud Firestore emulator through FIRESTORE_EMULATOR_HOST (firebase-tools passes it on).
        // FUNCTIONS_DISCOVERY_TIMEOUT (s): how long the Functions emulator waits for a new worker (default 30 s). When a
        // worker misses it, firebase-tools logs 'Failed to load function.' and never answers the request that needed
        // it (the caller hangs): on a loaded 2-core machine a cold worker took longer than 30 s.
        env: { ...process.env, NPM_CONFIG_OFFLINE: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`, FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '150' },
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
      waitForHttp(`http://127.0.0.1:${firestorePort}/`, 240_000, 'Emulatore Firestore'),
      waitForHttp(`http://127.0.0.1:${authPort}/`, 240_000, 'Emulatore Auth'),
      // Loading the function definitions takes minutes when several runs share two cores.
      ...(functionsUrl ? [waitForFunction(`${functionsUrl}/sdiCallback`, 240_000, path.join(logDir, `auth-${authPort}.log`))] : []),
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
    ...(functionsUrl ? { functionsUrl } : {}),
    ...(stubPort ? { stubPort } : {}),
    env: {
      ...(functionsUrl ? { FUNCTIONS_URL: functionsUrl } : {}),
      ...(stubPort ? { PROVIDER_STUB_PORT: String(stubPort) } : {}),
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      GCLOUD_PROJECT: projectId,
      METADATA_SERVER_DETECTION: 'none',
    },
    stop,
  };
}

/**
 * Builds functions/ (esbuild bundle, src/domain included) and lays out a per-run source folder for the Functions
 * emulator: the bundle, package.json, a link to functions/node_modules, and this run's .env and .secret.local, so
 * parallel runs never share parameters. Needs `npm ci --prefix functions` (scripts/bootstrap.mjs does it).
 */
export function prepareFunctionsDir(runDir: string, options: FunctionsOptions): string {
  const source = path.join(ROOT, 'functions');
  fs.mkdirSync(runDir, { recursive: true });
  if (!fs.existsSync(path.join(source, 'node_modules/firebase-functions'))) {
    throw new Error('Dipendenze di functions/ mancanti: esegui `npm ci --prefix functions` (lo fanno npm start e npm test).');
  }
  const build = spawnSync(path.join(source, 'node_modules/.bin/esbuild'), [...FUNCTIONS_BUILD_ARGS, `--outfile=${path.join(runDir, 'lib/index.js')}`], { cwd: source, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`Build di functions/ non riuscita:\n${build.stderr}`);
  fs.copyFileSync(path.join(source, 'package.json'), path.join(runDir, 'package.json'));
  const link = path.join(runDir, 'node_modules');
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(source, 'node_modules'), link, 'dir');
  const envText = (values: Record<string, string>) => Object.entries(values).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join('\n') + '\n';
  fs.writeFileSync(path.join(runDir, '.env'), envText(options.params ?? {}));
  fs.writeFileSync(path.join(runDir, '.secret.local'), envText({ ...LOCAL_FUNCTION_SECRETS, ...options.secrets }));
  return runDir;
}

/** The esbuild arguments of functions/package.json's build (one bundle; firebase-admin and -functions stay external). */
const FUNCTIONS_BUILD_ARGS = ['src/index.ts', '--bundle', '--platform=node', '--target=node20', '--format=cjs', '--external:firebase-admin', '--external:firebase-functions', '--external:xmllint-wasm', '--loader:.xsd=text', '--tsconfig=tsconfig.json', '--log-level=warning'];

/** The Functions emulator answers 404 until the functions are loaded; ours answers 405 to a GET. */
async function waitForFunction(url: string, timeoutMs: number, logFile: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const failure = /Failed to load function definition[^\n]*/.exec(log);
    if (failure) throw new Error(`Emulatore Functions: ${failure[0]} (log: ${logFile})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status === 405) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`Emulatore Functions: ${url} non pronta dopo ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The stub's callback target: the emulated sdiCallback function with the local auth header (none without functions). */
export function webhookFor(emulators: RunningEmulators): { url: string; authHeader: string } | undefined {
  return emulators.functionsUrl ? { url: `${emulators.functionsUrl}/sdiCallback`, authHeader: LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH } : undefined;
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
