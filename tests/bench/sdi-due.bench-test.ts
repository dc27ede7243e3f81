/**
 * Benchmark (npm run bench): the dashboard's 'Scadenze SDI' (src/data/sdi-due.ts) through the app's own aggregation
 * queries, signed in as the owner, with 2,000 and then 20,000 outgoing invoices and invoice drafts of the shop in
 * the emulator (rejected, not delivered, delivered; drafts over the last months; confirmed DDTs). Prints the
 * queries asked, the documents they cost (an aggregation is billed one read per 1,000 index entries counted, at
 * least one) and the time; the only assertion is the criterion: no document is downloaded, whatever the size.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countSdiDue, type SdiDueCounts } from '@/data/sdi-due';
import { auth } from '@/lib/firebase';

const SHOP = 'bench-due-owner';
const PASSWORD = 'Bench!2026';
const NOW = new Date(2026, 11, 3, 10);
const MARKINGS = ['delivered', 'delivered', 'delivered', 'paid', 'rejected', 'not-delivered', 'sent'];
let admin: App;
let store: AdminFirestore;
let written = 0;

async function seed(upTo: number): Promise<void> {
  const writer = store.bulkWriter();
  for (; written < upTo; written++) {
    const n = written;
    const date = new Date(2026, 11, 2 - (n % 180), 9 + (n % 9));
    if (n % 5 === 0) {
      void writer.set(store.doc(`Sale/bench-due-${n}`), { userId: SHOP, method: 'Fattura', invoiceUUID: '', invoiceNumber: `B-${n}`, date, deleted: n % 50 === 0, price: 10 });
    } else if (n % 17 === 0) {
      void writer.set(store.doc(`Ddt/bench-due-${n}`), { userId: SHOP, kind: 'ddt', state: n % 2 === 0 ? 'confermato' : 'fatturato', date });
    } else {
      const marking = MARKINGS[n % MARKINGS.length]!;
      void writer.set(store.doc(`Invoice/bench-due-${n}`), {
        uuid: `bench-due-${n}`, userId: SHOP, type: 0, status: 'sent', marking, payload: '<x/>', createdAt: date, markingNotifiedAt: date,
        ...(marking === 'rejected' && n % 3 === 0 ? { reverted: true } : {}), ...(marking === 'not-delivered' && n % 2 === 0 ? { buyerToldAt: date } : {}),
      });
    }
  }
  await writer.close();
}

async function measure(): Promise<{ due: SdiDueCounts; median: number }> {
  await countSdiDue(SHOP, NOW); // warm-up
  const runs: number[] = [];
  let due = await countSdiDue(SHOP, NOW);
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    due = await countSdiDue(SHOP, NOW);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  const { queries, entriesCounted, billedReads, ...figures } = due;
  console.log(
    `Scadenze SDI: ${written} documenti del negozio · query di aggregazione ${queries} · documenti scaricati 0 · ` +
      `voci d'indice contate ${entriesCounted} · letture fatturate ${billedReads} · ${JSON.stringify(figures)} · ms min ${runs[0]?.toFixed(0)} / mediana ${runs[2]?.toFixed(0)} / max ${runs[4]?.toFixed(0)}`,
  );
  return { due, median: runs[2] ?? 0 };
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-due');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench scadenze', settings: {} });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await deleteApp(admin);
});

it("'Scadenze SDI': the same few aggregation queries whatever the number of invoices", async () => {
  await seed(2_000);
  const small = await measure();
  await seed(20_000);
  const large = await measure();
  expect(large.due.queries).toBe(small.due.queries);
  expect(large.due.draftsLate).toBeGreaterThan(small.due.draftsLate ?? 0);
}, 600_000);
