/**
 * `npm test`: typecheck, lint, unit tests, then one set of emulators for the security-rules tests, the
 * end-to-end tests (production build) and the smoke layer (development server). Stops at the first failing layer and exits non-zero.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startEmulators } from './lib/emulators.ts';
import { run } from './lib/processes.ts';
import { runE2e } from './e2e.ts';
import { shardArgs } from './lib/e2e-shards.ts';
import { runSmoke } from './smoke-dev.ts';
import { CLOCK_INSTANTS } from './lib/clock-instants.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

const timings: { label: string; seconds: number }[] = [];
const startedAt = Date.now();

/** The time of each layer, printed at the end (and on failure), so a slow layer is seen at once. */
function printTimings(): void {
  console.log('\nTempi per livello:');
  for (const t of timings) console.log(`  ${t.label.padEnd(58)} ${t.seconds.toFixed(1).padStart(7)} s`);
  console.log(`  ${'Totale'.padEnd(58)} ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s`);
}

async function step(label: string, action: () => Promise<number>): Promise<void> {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const code = await action();
  const seconds = (Date.now() - started) / 1000;
  timings.push({ label, seconds });
  if (code !== 0) {
    console.error(`✖ ${label} non riuscito (${seconds.toFixed(1)} s)`);
    printTimings();
    process.exit(code);
  }
  console.log(`✔ ${label} (${seconds.toFixed(1)} s)`);
}

// The emulators start now: the JVM's start-up overlaps the static layers (single-threaded, mostly) instead of
// following them. (Running the static layers two at a time gained nothing on 2 cores: 176 s either way.)
// E2E_SHARDS=n runs the e2e layer in n shards at once (scripts/lib/e2e-shards.ts), each but the first on emulators of
// its own, started now so they are ready when the layer begins. Default 1: on our 2-core machines two shards took as
// long as one run (each test ~1.65× slower beside the other: 43 min of test time in 25 min), with more load-bound
// flakiness; on more cores they divide the layer's time.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? '1') || 1);
const starting = Array.from({ length: shards }, () => startEmulators({ functions: true }));
// The smoke layer's own emulators (see below) start now too: their JVM boots beside the static layers instead of
// after the e2e layer, and idle emulators cost next to nothing meanwhile.
const startingForSmoke = startEmulators({ functions: true });
// A failure to start is reported when a layer awaits them, not as an unhandled rejection before it.
for (const started of [...starting, startingForSmoke]) started.catch(() => undefined);

await step('Typecheck', () => run(bin('tsc'), ['-b', '--noEmit'], { cwd: ROOT }));
await step('Typecheck di functions/ (Cloud Functions)', () => run(bin('tsc'), ['-p', 'functions/tsconfig.json'], { cwd: ROOT }));
await step('Lint', () => run(bin('eslint'), ['.', '--max-warnings', '0'], { cwd: ROOT }));
await step('Unit test', () => run(bin('vitest'), ['run', '--project', 'unit', '--project', 'stub'], { cwd: ROOT }));
// The unit layer's logic (not the components under jsdom) again with the clock of the process at each fixed instant (1st of a month before the cut-off, last
// day at 23:59, 1 January, 29 February, the two DST days): a test that passes only on some days of the year fails here
// on any day (scripts/clock.ts; the date-dependent e2e specs run there with --e2e).
await step(`Unit test della logica a istanti fissi (${String(CLOCK_INSTANTS.length)} istanti, faketime)`, () => run(bin('tsx'), [path.join(ROOT, 'scripts/clock.ts'), '--logic'], { cwd: ROOT }));
await step('Budget di dimensione per rotta (size-budgets.json)', () => run(bin('tsx'), [path.join(ROOT, 'scripts/size.ts'), '--check'], { cwd: ROOT }));
await step('Nessun token del provider nella build di produzione (modalità proxy)', () => run(bin('tsx'), [path.join(ROOT, 'scripts/check-build-secrets.ts')], { cwd: ROOT }));
await step('Test del launcher degli emulatori (nessun processo orfano)', () => run(bin('vitest'), ['run', '--project', 'tooling'], { cwd: ROOT }));

// The queries the app runs in the integration and end-to-end layers, for the index check at the end.
const queryLogDir = path.join(ROOT, `.tmp/firestore-queries-${process.pid}`);
fs.rmSync(queryLogDir, { recursive: true, force: true });
process.env.QUERY_LOG_DIR = queryLogDir;

// The functions that call the provider stub (proxy, pending shops) point at a port chosen by the launcher
// (emulators.stubPort): the integration tests, the e2e run and the smoke run each start their stub there in turn.
const emulators = await starting[0]!.catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
const extraEmulators = starting.slice(1);
try {
  await step('Test delle regole Firestore', () => run(bin('vitest'), ['run', '--project', 'rules'], { cwd: ROOT, env: { ...process.env, ...emulators.env } }));
  await step('Test di integrazione (app + emulatori + functions)', () => run(bin('vitest'), ['run', '--project', 'integration'], { cwd: ROOT, env: { ...process.env, ...emulators.env } }));
  await step(`Test end-to-end (Playwright + Chromium${shards > 1 ? `, ${String(shards)} parti in parallelo` : ''})`, async () => {
    if (shards === 1) return runE2e(emulators);
    const sets = [emulators, ...(await Promise.all(extraEmulators))];
    const groups = shardArgs(ROOT, shards);
    const codes = await Promise.all(groups.map((files, i) => runE2e(sets[i], files, { runId: `s${String(i + 1)}`, label: `e2e ${String(i + 1)}/${String(groups.length)}` })));
    return codes.find((code) => code !== 0) ?? 0;
  });
  // On emulators of its own: after the whole e2e layer the shared Firestore emulator holds tens of thousands of
  // documents and answered the smoke's re-seed with DEADLINE_EXCEEDED (60 s per write) in a fresh-clone CI.
  await step('Smoke sul server di sviluppo (ogni account demo, ogni sua rotta, StrictMode)', async () => {
    const smokeEmulators = await startingForSmoke.catch((error: unknown) => void console.error((error as Error).message));
    return smokeEmulators ? runSmoke(smokeEmulators) : 1;
  });
  await step('Indici Firestore: ogni query registrata ha il suo indice', () => run(bin('tsx'), [path.join(ROOT, 'scripts/check-indexes.ts'), queryLogDir], { cwd: ROOT }));
} finally {
  await emulators.stop();
  await Promise.all([...extraEmulators, startingForSmoke].map((started) => started.then((e) => e.stop(), () => undefined)));
}
printTimings();
console.log('\nTutti i test sono passati.');
// Exit now rather than when the event loop drains: after a full run, Node 20's teardown of the leftover handles
// (the stdio pipes of finished children, a proxied socket) spun at 100% CPU without ever ending, seen as a CI run
// that printed this line and then hit its 90-minute limit (stack: FreeEnvironment → CleanupHandles → uv_run).
process.exit(0);
