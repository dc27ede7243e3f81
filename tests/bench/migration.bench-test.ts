/**
 * Benchmark (npm run bench): the Migrazioni DB tab's own runner (analyseCollection, runMigration as a dry run)
 * against the Firestore emulator with 50,000 legacy sales, signed in as an admin as the tab is. Prints documents/s
 * and the peak heap (sampled at every page and batch) and resident-set growth. The only assertions: the counts
 * are right and the dry run wrote nothing.
 */
import { resourceUsage } from 'node:process';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyseCollection, runMigration } from '@/features/developer/migration-runner';
import { auth, db } from '@/lib/firebase';
import { legacySale } from '../../scripts/bench/lib/legacy-sales';

const SALES = Number(process.env.MIGRATION_BENCH_SALES ?? 50_000);
/** The dry run (each batch of 50 re-read by id) is measured on the first DRY_DOCS documents to migrate of the 50,000. */
const DRY_DOCS = Number(process.env.MIGRATION_BENCH_DRY_DOCS ?? 1_000);
const ADMIN = 'bench-migration-admin';
const PASSWORD = 'Bench!2026';
const nf = new Intl.NumberFormat('it-IT');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
let app: App;
let store: AdminFirestore;

beforeAll(async () => {
  app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-migration');
  store = getAdminFirestore(app);
  await getAdminAuth(app).createUser({ uid: ADMIN, email: `${ADMIN}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${ADMIN}`).set({ userId: ADMIN, email: `${ADMIN}@bench.test`, level: 'admin' });
  const t = performance.now();
  const writer = store.bulkWriter();
  for (let n = 0; n < SALES; n++) void writer.set(store.doc(`Sale/bench-migr-${String(n).padStart(6, '0')}`), legacySale(n));
  await writer.close();
  console.log(`Migrazione (emulatore): ${nf.format(SALES)} vendite legacy scritte in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  await signInWithEmailAndPassword(auth(), `${ADMIN}@bench.test`, PASSWORD);
}, 600_000);

afterAll(async () => {
  await deleteApp(app);
});

function sampler() {
  let peak = process.memoryUsage().heapUsed;
  const base = peak;
  const rss = resourceUsage().maxRSS;
  return {
    sample: () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    },
    // heapUsed is sampled without forcing a collection: it includes garbage not yet collected (an upper bound).
    report: () => `heap usato al massimo +${mb(peak - base)} MB (garbage incluso), picco RSS +${((resourceUsage().maxRSS - rss) / 1024).toFixed(1)} MB`,
  };
}

it('Analizza and Dry Run over the legacy sales through the tab runner', async () => {
  let mem = sampler();
  let t = performance.now();
  const analysis = await analyseCollection(db(), 'Sale', false, () => mem.sample());
  const analyseS = (performance.now() - t) / 1000;
  console.log(`Analizza (emulatore): ${nf.format(analysis.stats.total)} documenti letti in ${analyseS.toFixed(1)} s = ${nf.format(Math.round(analysis.stats.total / analyseS))} documenti/s · ${mem.report()}`);
  expect(analysis.stats.toMigrate).toBe(SALES);

  mem = sampler();
  t = performance.now();
  const result = await runMigration(db(), { ...analysis, ids: analysis.ids.slice(0, DRY_DOCS) }, true, { log: () => undefined, progress: () => mem.sample() });
  const dryS = (performance.now() - t) / 1000;
  console.log(`Dry Run (emulatore): ${nf.format(result.migrated)} dei ${nf.format(SALES)} documenti riletti a batch di 50 e convertiti in ${dryS.toFixed(1)} s = ${nf.format(Math.round(result.migrated / dryS))} documenti/s · ${mem.report()}`);
  expect(result.migrated).toBe(Math.min(DRY_DOCS, SALES));
  const written = await store.collection('Sale').where('migrated', '==', true).count().get();
  expect(written.data().count).toBe(0);
}, 1_200_000);
