import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  /**
   * The ports given above are preferences (`npm start`): when one turns out taken while the emulators start, the
   * start is retried on free ones. Otherwise a port given is kept and only the ports chosen here move.
   */
  portsMayMove?: boolean;
  /** Where the ports not given above come from (default freePort); a test hands out a taken one through it. */
  pickFreePort?: (purpose: string) => Promise<number>;
  /** Where the launcher says that it starts again on other ports (default console.warn). */
  warn?: (message: string) => void;
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

/** A port of the emulators was taken while they started: firebase-tools stopped, and a start on other ports may work. */
export class EmulatorPortConflict extends Error {}

/** How many starts a port conflict may cost before the launcher gives up. */
const START_ATTEMPTS = 3;

/**
 * Starts the emulators; when firebase-tools stops because a port was taken meanwhile (its own check before starting,
 * or a late listen that lost the port to another process: 'listen EADDRINUSE', 'An unexpected error has occurred'),
 * this is seen at once and the start is retried on other ports, instead of waiting minutes for an emulator that
 * will never answer.
 */
/**
 * The emulator's JVM logs with scripts/lib/firestore-emulator-logging.properties: its per-message warnings about
 * channels of pages that are gone are left out (the file says why), unless FIRESTORE_CHANNEL_WARNINGS=1.
 */
function firestoreLogging(): Record<string, string> {
  if (process.env.FIRESTORE_CHANNEL_WARNINGS === '1') return {};
  const config = `-Djava.util.logging.config.file=${path.join(path.dirname(fileURLToPath(import.meta.url)), 'firestore-emulator-logging.properties')}`;
  return { JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, config].filter(Boolean).join(' ') };
}

export async function startEmulators(options: EmulatorOptions = {}): Promise<RunningEmulators> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmulatorsOnce(options, attempt);
    } catch (error) {
      if (!(error instanceof EmulatorPortConflict) || attempt >= START_ATTEMPTS) throw error;
      warn(`Emulatori: ${error.message}. Nuovo avvio su altre porte (tentativo ${String(attempt + 1)} di ${String(START_ATTEMPTS)}).`);
    }
  }
}

async function startEmulatorsOnce(options: EmulatorOptions, attempt: number): Promise<RunningEmulators> {
  const pickFree = options.pickFreePort ?? (() => freePort());
  /** A port given by the caller is kept (checked free) on the first attempt, and on every one unless it may move. */
  const pickPort = async (wanted: number | undefined, label: string): Promise<number> => {
    if (!wanted || (attempt > 1 && options.portsMayMove)) return pickFree(label);
    if (!(await isPortFree(wanted))) {
      if (options.portsMayMove) return pickFree(label);
      throw new Error(`La porta ${wanted} per ${label} è già occupata. Chiudi l'altro processo o scegli un'altra porta.`);
    }
    return wanted;
  };
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
  const [hubPort, loggingPort] = [await pickFree('Hub'), await pickFree('Logging')];
  // A copy: this attempt's parameters (its ports) must not stay in the caller's options for the next attempt.
  const functionsOptions: FunctionsOptions | undefined = options.functions === true ? {} : options.functions ? { ...options.functions } : undefined;
  const functionsPort = functionsOptions ? await pickPort(functionsOptions.port, 'Functions') : undefined;
  const functionsUrl = functionsPort ? `http://127.0.0.1:${functionsPort}/${projectId}/${FUNCTIONS_REGION}` : undefined;
  const stubPort = functionsOptions ? await pickPort(functionsOptions.stubPort, 'Stub del provider') : undefined;
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
      emulators.eventarc = { host: '127.0.0.1', port: await pickFree('Eventarc') };
      emulators.tasks = { host: '127.0.0.1', port: await pickFree('Cloud Tasks') };
      // firebase-tools resolves the source against the config file's folder.
      config.functions = { source: path.relative(logDir, prepareFunctionsDir(path.join(logDir, `functions-${authPort}`), functionsOptions)) };
    }
    fs.writeFileSync(configPath, JSON.stringify(config, null, 2));
    // What each process prints from now on (the log files are appended to by every run on the same port), and
    // firebase-tools' debug log, shared by the runs in logDir, where a late 'listen EADDRINUSE' is written.
    const firebaseLog = path.join(logDir, `auth-${authPort}.log`);
    const watched: WatchedProcess[] = [];
    const only = [...(useFirebaseFirestore ? ['auth', 'firestore'] : ['auth']), ...(functionsOptions ? ['functions'] : [])].join(',');
    started.push(
      startGroup(firebaseBin(), ['emulators:start', '--only', only, '--project', projectId, '--config', configPath], {
        cwd: logDir,
        // The functions reach the gcloud Firestore emulator through FIRESTORE_EMULATOR_HOST (firebase-tools passes it on).
        // FUNCTIONS_DISCOVERY_TIMEOUT (s): how long the Functions emulator waits for a new worker (default 30 s). When a
        // worker misses it, firebase-tools logs 'Failed to load function.' and never answers the request that needed
        // it (the caller hangs): on a loaded 2-core machine a cold worker took longer than 30 s.
        // TZ=UTC: Cloud Functions run in UTC in production, so the functions here do too; server code that read the
        // process's local day (instead of Rome's, explicitly) would pass in a Rome-zoned test and fail in production.
        env: { ...process.env, TZ: 'UTC', NPM_CONFIG_OFFLINE: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`, FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '150' },
        logFile: firebaseLog,
      }),
    );
    watched.push({ name: 'firebase-tools', started: started[0]!, log: logFrom(firebaseLog), debugLog: logFrom(path.join(logDir, 'firebase-debug.log')) });
    if (!useFirebaseFirestore) {
      const firestoreLog = path.join(logDir, `firestore-${firestorePort}.log`);
      const log = logFrom(firestoreLog);
      started.push(
        startGroup('gcloud', ['emulators', 'firestore', 'start', `--host-port=127.0.0.1:${firestorePort}`, `--rules=${rulesPath}`, '--quiet'], {
          cwd: logDir,
          env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1', ...firestoreLogging() },
          logFile: firestoreLog,
        }),
      );
      watched.push({ name: 'emulatore Firestore (gcloud)', started: started[started.length - 1]!, log });
    }
    const giveUp = new AbortController();
    const exited = earlyExit(watched, giveUp.signal);
    try {
      await Promise.race([
        exited,
        Promise.all([
          waitForHttp(`http://127.0.0.1:${firestorePort}/`, 240_000, 'Emulatore Firestore', giveUp.signal),
          waitForHttp(`http://127.0.0.1:${authPort}/`, 240_000, 'Emulatore Auth', giveUp.signal),
          // Loading the function definitions takes minutes when several runs share two cores.
          ...(functionsUrl ? [waitForFunction(`${functionsUrl}/sdiCallback`, 240_000, watched[0]!, giveUp.signal)] : []),
        ]),
      ]);
    } finally {
      giveUp.abort();
    }
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

/** A log file from the point a start began (earlier runs on the same port wrote above it). */
interface LogFrom {
  file: string;
  offset: number;
}

function logFrom(file: string): LogFrom {
  return { file, offset: fs.existsSync(file) ? fs.statSync(file).size : 0 };
}

function readSince({ file, offset }: LogFrom): string {
  if (!fs.existsSync(file)) return '';
  const size = fs.statSync(file).size;
  if (size <= offset) return '';
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(size - offset);
    fs.readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

interface WatchedProcess {
  name: string;
  started: Started;
  log: LogFrom;
  debugLog?: LogFrom;
}

/** What firebase-tools and the Firestore emulator print when a port they wanted is taken. */
const PORT_TAKEN = /listen EADDRINUSE[^\n]*|Could not start [^\n]*port taken|Port \d+ is not open[^\n]*|BindException[^\n]*|Address already in use[^\n]*/;

/**
 * Rejects as soon as one of the processes exits before the emulators are up (none of them ever should): with
 * EmulatorPortConflict when its output tells of a taken port, otherwise with the end of its log.
 */
function earlyExit(processes: WatchedProcess[], until: AbortSignal): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    for (const { name, started, log, debugLog } of processes) {
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        if (until.aborted) return;
        const printed = readSince(log);
        const taken = PORT_TAKEN.exec(`${printed}\n${debugLog ? readSince(debugLog) : ''}`);
        if (taken) {
          reject(new EmulatorPortConflict(`${name} si è fermato durante l'avvio, porta occupata (${taken[0].trim()})`));
          return;
        }
        const tail = printed.trim().split('\n').slice(-15).join('\n');
        reject(new Error(`Emulatori: ${name} si è fermato durante l'avvio (${signal ?? `codice ${String(code)}`}). Ultime righe di ${log.file}:\n${tail}`));
      };
      if (started.child.exitCode !== null || started.child.signalCode !== null) onExit(started.child.exitCode, started.child.signalCode);
      else started.child.once('exit', onExit);
    }
  });
  failed.catch(() => undefined); // handled by the race; a rejection after it must not be reported as unhandled
  return failed;
}

/** The Functions emulator answers 404 until the functions are loaded; ours answers 405 to a GET. */
async function waitForFunction(url: string, timeoutMs: number, firebase: WatchedProcess, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal.throwIfAborted();
    const failure = /Failed to load function definition[^\n]*/.exec(readSince(firebase.log));
    if (failure) throw new Error(`Emulatore Functions: ${failure[0]} (log: ${firebase.log.file})`);
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
