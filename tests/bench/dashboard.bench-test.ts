/**
 * Benchmark (npm run bench): the dashboard's load for a month through the app's own queries, with 5,000 and
 * then 50,000 sales of the shop in the emulator, and the activity-log batcher's throughput. Prints figures; the
 * only assertion is the criterion: the documents read do not grow with the number of sales.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewUserLog } from '@/data/user-log';
import { writeUserLogs } from '@/data/user-log';
import { createPendingStore } from '@/domain/activity-log/pending-store';
import { LogQueue } from '@/domain/activity-log/queue';
import { loadDashboardTotals } from '@/features/dashboard/api';
import { auth } from '@/lib/firebase';

const SHOP = 'bench-dash-owner';
const PASSWORD = 'Bench!2026';
const METHODS = ['contanti', 'Contanti', 'bancomat', 'Bancomat', 'fatture', 'preconto'];
const month = { start: new Date(2026, 9, 1), end: new Date(2026, 10, 1) };
let admin: App;
let store: AdminFirestore;
let written = 0;

async function seedSales(upTo: number): Promise<void> {
  const writer = store.bulkWriter();
  for (; written < upTo; written++) {
    const n = written;
    // Spread over four months (August to November), one in thirty voided. As in real shops, prices stored as
    // text exist only in old, pre-migration sales: one in twenty of August's and September's.
    const date = new Date(2026, 7, 1 + (n % 120), 8 + (n % 12), n % 60);
    const price = Math.round(((n * 37) % 9000) + 100) / 100;
    const legacy = date < new Date(2026, 9, 1) && n % 20 === 0;
    void writer.set(store.doc(`Sale/bench-${n}`), {
      userId: SHOP, date, method: METHODS[n % METHODS.length], isVoid: n % 30 === 0,
      price: legacy ? price.toFixed(2).replace('.', ',') : price,
    });
  }
  await writer.close();
}

async function measure(label: string, period = month) {
  await loadDashboardTotals(SHOP, period); // warm-up
  const runs: number[] = [];
  let totals = await loadDashboardTotals(SHOP, period);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    totals = await loadDashboardTotals(SHOP, period);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${label}: ${written} vendite nel negozio · mese ${totals.salesTotal.toFixed(2)} € · ` +
      `query di aggregazione ${totals.aggregationQueries} · documenti scaricati ${totals.documentsRead} · ` +
      `ms min ${runs[0]?.toFixed(0)} / mediana ${runs[1]?.toFixed(0)} / max ${runs[2]?.toFixed(0)}`,
  );
  return totals;
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench', settings: {} });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await deleteApp(admin);
});

it('dashboard: documents read do not grow with the number of sales', async () => {
  await seedSales(5_000);
  const small = await measure('Dashboard');
  await seedSales(50_000);
  const large = await measure('Dashboard');
  const legacyMonth = await measure('Dashboard, mese legacy (agosto, prezzi testuali)', { start: new Date(2026, 7, 1), end: new Date(2026, 8, 1) });
  console.log(
    `Documenti scaricati per ottobre: ${small.documentsRead} con 5.000 vendite, ${large.documentsRead} con 50.000; ` +
      `per agosto (1 vendita su 20 con prezzo testuale) ${legacyMonth.documentsRead}. ` +
      `I tempi sono dell'emulatore, che per le aggregazioni scorre i documenti: in produzione costano 1 lettura ogni 1000 voci d'indice.`,
  );
  expect(large.documentsRead).toBe(small.documentsRead);
  expect(large.aggregationQueries).toBe(small.aggregationQueries);
}, 600_000);

it('activity-log batcher: entries per second and writes issued', async () => {
  let batches = 0;
  const queue = new LogQueue<NewUserLog>({
    write: async (batch) => {
      batches += 1;
      await writeUserLogs(batch);
    },
    pending: createPendingStore<NewUserLog>({ getItem: () => null, setItem: () => undefined }),
    newId: () => crypto.randomUUID(),
    now: () => Date.now(),
    canWrite: () => true,
  });
  const entries = 1_000;
  const t = performance.now();
  for (let i = 0; i < entries; i++) {
    queue.enqueue({
      userId: SHOP, actorId: SHOP, timestamp: new Date(), action: 'product_update', module: 'warehouse',
      details: { code: `P${i}`, before: { price: i }, after: { price: i + 1 } }, metadata: { sessionId: 'bench' },
    });
  }
  await queue.flush();
  const seconds = (performance.now() - t) / 1000;
  console.log(`Registro attività: ${entries} voci in ${seconds.toFixed(2)} s = ${(entries / seconds).toFixed(0)} voci/s, ${batches} scritture (batch da 10)`);
  expect(queue.size).toBe(0);
}, 120_000);
