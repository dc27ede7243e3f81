/**
 * Benchmark (npm run bench): the chain dashboard's sales statistics through the app's own function, for a
 * master and 5 members, with 2,000 and then 20,000 sales per member in the emulator. Prints documents read,
 * aggregation queries and ms; the only assertion is the criterion: documents read do not grow with sales.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadChainFigures } from '@/features/chain/api';
import { auth } from '@/lib/firebase';

const MASTER = 'bench-chain-master';
const MEMBERS = Array.from({ length: 5 }, (_, i) => `bench-chain-member-${String(i + 1)}`);
const PASSWORD = 'Bench!2026';
const METHODS = ['contanti', 'Contanti', 'bancomat', 'Bancomat', 'fatture', 'preconto'];
const range = { start: new Date(2026, 9, 1), end: new Date(2026, 10, 1) };
let admin: App;
let store: AdminFirestore;
let perMember = 0;

async function seedSales(upTo: number): Promise<void> {
  const writer = store.bulkWriter();
  for (const member of MEMBERS) {
    for (let n = perMember; n < upTo; n++) {
      const date = new Date(2026, 7, 1 + (n % 120), 8 + (n % 12), n % 60);
      const price = Math.round(((n * 37) % 9000) + 100) / 100;
      const legacy = date < new Date(2026, 9, 1) && n % 20 === 0;
      void writer.set(store.doc(`Sale/${member}-${String(n)}`), {
        userId: member, date, method: METHODS[n % METHODS.length], isVoid: n % 30 === 0,
        price: legacy ? price.toFixed(2).replace('.', ',') : price,
      });
    }
  }
  await writer.close();
  perMember = upTo;
}

async function measure(warmUp: boolean) {
  const ids = MEMBERS;
  // The emulator scans the collection for every aggregation: at 5 × 20,000 a second pass costs minutes, and the
  // emulator is already warm from the first size, so only the first size gets a warm-up pass.
  if (warmUp) await loadChainFigures(ids, range);
  const t = performance.now();
  const answer = await loadChainFigures(ids, range);
  const ms = performance.now() - t;
  const total = answer.figures.reduce((s, f) => s + f.total, 0);
  console.log(
    `Catena: 5 membri × ${String(perMember)} vendite · ottobre ${total.toFixed(2)} € · query di aggregazione ${String(answer.aggregations)} · ` +
      `documenti letti ${String(answer.documentsRead)} · ${ms.toFixed(0)} ms alle cifre`,
  );
  return answer;
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-chain');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: MASTER, email: `${MASTER}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${MASTER}`).set({ userId: MASTER, email: `${MASTER}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${MASTER}`).set({ userId: MASTER, name: 'Capogruppo', isChainMaster: true, shopGroup: null, chainSettings: { allowMemberDataAccess: true, shareInventory: false }, settings: {} });
  for (const member of MEMBERS) await store.doc(`Shop/${member}`).set({ userId: member, name: member, isChainMaster: false, shopGroup: MASTER, settings: {} });
  await signInWithEmailAndPassword(auth(), `${MASTER}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await deleteApp(admin);
});

it('chain statistics: documents read do not grow with the number of sales', async () => {
  await seedSales(2_000);
  const small = await measure(true);
  await seedSales(20_000);
  const large = await measure(false);
  console.log(
    `Documenti letti: ${String(small.documentsRead)} con 2.000 vendite per membro, ${String(large.documentsRead)} con 20.000 (solo le vendite di ottobre con prezzo testuale: nessuna). ` +
      `I tempi sono dell'emulatore, che per le aggregazioni scorre i documenti; in produzione un'aggregazione costa 1 lettura ogni 1000 voci d'indice.`,
  );
  expect(large.documentsRead).toBe(small.documentsRead);
  expect(large.aggregations).toBe(small.aggregations);
}, 2_700_000);
