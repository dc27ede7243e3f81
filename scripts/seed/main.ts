/**
 * Demo seed: writes the demo data set and the demo Auth accounts to the Firebase EMULATORS through
 * firebase-admin. Idempotent (fixed ids, set() overwrites, users created or updated with fixed uids).
 *
 *   npx tsx scripts/seed/main.ts [--sales 50000] [--wipe]
 *
 * Refuses to run unless FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set: it must never
 * write to a real project. `seed(options)` is exported for the launcher to call in-process.
 */
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import path from 'node:path';
import { romeDay } from '../../src/domain/statistics/summary-days.ts';
import { run } from '../lib/processes.ts';
import { DEMO_ACCOUNT_LIST, DEMO_PASSWORD } from './accounts';
import { countByCollection, DEFAULT_OWNER_SALES, generateDemoData } from './demo-data';
import { LARGE_SALES, largeDocs } from './large';
import type { SeedDoc } from './random';

export interface SeedOptions {
  /** Sales of the main demo shop; default 1500. */
  sales?: number;
  /** The benchmarks' large data set (50,000 sales, 20,000 products, 10,000 customers, 2,000 invoices). */
  large?: boolean;
  /**
   * The nightly job's day summaries of every past day, as production holds them (always with `large`). The plain
   * demo has none, so that the e2e keep exercising the first look that builds them; Lighthouse measures the
   * production state (scripts/lighthouse.ts).
   */
  daySummaries?: boolean;
  /** Delete every document and account of the project first. */
  wipe?: boolean;
  /** Reference time (tests); default now. */
  now?: Date;
  projectId?: string;
  log?: (message: string) => void;
}

export interface SeedResult {
  projectId: string;
  counts: Record<string, number>;
  users: number;
  elapsedMs: number;
}

export class SeedRefusedError extends Error {}

function emulatorHosts(): { firestore: string; auth: string } {
  const firestore = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (!firestore || !auth) {
    throw new SeedRefusedError(
      'Seed rifiutato: servono FIRESTORE_EMULATOR_HOST e FIREBASE_AUTH_EMULATOR_HOST (es. 127.0.0.1:8080 e 127.0.0.1:9099). ' +
        'Il seed scrive solo sugli emulatori, mai su un progetto reale. Avvialo con `npm start` o con gli emulatori già attivi.',
    );
  }
  return { firestore, auth };
}

async function wipe(hosts: { firestore: string; auth: string }, projectId: string): Promise<void> {
  const urls = [
    `http://${hosts.firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    `http://${hosts.auth}/emulator/v1/projects/${projectId}/accounts`,
  ];
  for (const url of urls) {
    const response = await fetch(url, { method: 'DELETE' });
    if (!response.ok) throw new Error(`Pulizia dell'emulatore non riuscita (${response.status}): ${url}`);
  }
}

function isUserNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/user-not-found';
}

async function upsertUsers(auth: Auth): Promise<number> {
  for (const a of DEMO_ACCOUNT_LIST) {
    const fields = { email: a.email, password: DEMO_PASSWORD, displayName: a.name, emailVerified: true, disabled: false };
    try {
      await auth.updateUser(a.uid, fields);
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
      await auth.createUser({ uid: a.uid, ...fields });
    }
  }
  return DEMO_ACCOUNT_LIST.length;
}

export async function seed(options: SeedOptions = {}): Promise<SeedResult> {
  const hosts = emulatorHosts();
  process.env.METADATA_SERVER_DETECTION = 'none';
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT?.trim() ?? 'demo-backoffice';
  const log = options.log ?? ((m: string) => console.log(m));
  const started = Date.now();

  if (options.wipe) {
    await wipe(hosts, projectId);
    log('Emulatori svuotati.');
  }
  const demo = generateDemoData({ now: options.now, sales: options.sales ?? (options.large ? LARGE_SALES : DEFAULT_OWNER_SALES) });
  const docs = options.large ? [...demo, ...largeDocs(demo)] : demo;

  const app = initializeApp({ projectId }, `seed-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  try {
    const users = await upsertUsers(getAuth(app));
    const db = getFirestore(app);
    db.settings({ ignoreUndefinedProperties: true });
    const writer = db.bulkWriter({ throttling: false });
    let failed = 0;
    writer.onWriteError((error) => {
      if (error.failedAttempts < 3) return true;
      failed += 1;
      log(`Scrittura fallita ${error.documentRef.path}: ${error.message}`);
      return false;
    });
    for (const d of docs) void writer.set(db.collection(d.collection).doc(d.id), d.data).catch(() => undefined);
    await writer.close();
    if (failed > 0) throw new Error(`${failed} documenti non scritti.`);
    if (options.large || options.daySummaries) {
      // As production holds a shop's history: the nightly job (functions/src/day-summaries.ts) has summarised every
      // past day, so no screen's first visit reads months of sales.
      const t = Date.now();
      await buildPastDaySummaries(projectId, docs, options.now ?? new Date());
      log(`Riepiloghi giornalieri del job notturno in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    const counts = countByCollection(docs);
    const elapsedMs = Date.now() - started;
    log(`Progetto ${projectId}: ${docs.length} documenti e ${users} account demo in ${(elapsedMs / 1000).toFixed(1)} s`);
    for (const [collection, n] of Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))) log(`  ${collection.padEnd(18)} ${n}`);
    return { projectId, counts, users, elapsedMs };
  } finally {
    await deleteApp(app);
  }
}

/**
 * Every shop's summaries from the day of the first seeded sale to yesterday, by scripts/backfill-day-summaries.ts in
 * its own process (the functions' modules resolve `@/` through functions/tsconfig.json).
 */
async function buildPastDaySummaries(projectId: string, docs: readonly SeedDoc[], now: Date): Promise<void> {
  const last = romeDay(new Date(now.getTime() - 86_400_000));
  let first = last;
  for (const d of docs) {
    const date = d.collection === 'Sale' ? d.data.date : undefined;
    if (date instanceof Date && romeDay(date) < first) first = romeDay(date);
  }
  const root = path.resolve(import.meta.dirname, '../..');
  const code = await run(path.join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'functions/tsconfig.json', 'scripts/backfill-day-summaries.ts', '--project', projectId, '--from', first, '--to', last, '--apply'], { cwd: root });
  if (code !== 0) throw new Error(`Riepiloghi giornalieri non costruiti (uscita ${code}).`);
}

function parseArgs(argv: string[]): SeedOptions {
  const options: SeedOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--wipe') options.wipe = true;
    else if (arg === '--large') options.large = true;
    else if (arg === '--day-summaries') options.daySummaries = true;
    else if (arg === '--sales' || arg?.startsWith('--sales=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new SeedRefusedError(`--sales vuole un numero intero >= 0, non "${value ?? ''}"`);
      options.sales = n;
    } else if (arg === '--help' || arg === '-h') {
      console.log('Uso: npx tsx scripts/seed/main.ts [--sales N] [--large] [--day-summaries] [--wipe]');
      process.exit(0);
    } else if (arg !== undefined && arg !== '--') {
      throw new SeedRefusedError(`Opzione sconosciuta: ${arg}`);
    }
  }
  return options;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  try {
    await seed(parseArgs(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof SeedRefusedError ? 2 : 1);
  }
}
