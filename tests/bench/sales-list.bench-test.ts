/**
 * Benchmark (npm run bench): /sales with 50,000 sales of the shop in the emulator, through the app's own
 * `loadSalesPage` as the screen calls it — the first SALES_FIRST_ROWS rows, then the rest of the load of
 * SALES_QUERY_LIMIT. Prints documents read and ms to the first rows and to the whole load; the only assertion is the
 * issue's criterion: what is read does not depend on how many sales the shop has.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SALES_FIRST_ROWS, SALES_QUERY_LIMIT } from '@/domain/sales/sales-list';
import { loadSalesPage } from '@/features/sales/api';
import { auth } from '@/lib/firebase';

const SHOP = 'bench-sales-owner';
const PASSWORD = 'Bench!2026';
let admin: App;
let store: AdminFirestore;
let written = 0;

async function seedSales(upTo: number): Promise<void> {
  const writer = store.bulkWriter();
  for (; written < upTo; written++) {
    const n = written;
    void writer.set(store.doc(`Sale/bench-list-${n}`), {
      userId: SHOP, date: new Date(2026, 0, 1 + (n % 320), 8 + (n % 12), n % 60), method: n % 2 ? 'contanti' : 'bancomat',
      price: Math.round(((n * 37) % 9000) + 100) / 100, isVoid: n % 30 === 0, employeeId: 'e1',
      lines: [{ name: `Prodotto ${n % 300}`, qty: 1, price: 2.5, total: 2.5 }],
    });
  }
  await writer.close();
}

async function measure(): Promise<{ firstDocs: number; allDocs: number }> {
  await loadSalesPage(SHOP, undefined, SALES_FIRST_ROWS); // warm-up
  const first: number[] = [];
  const all: number[] = [];
  let firstDocs = 0;
  let allDocs = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const page = await loadSalesPage(SHOP, undefined, SALES_FIRST_ROWS);
    first.push(performance.now() - t);
    const rest = await loadSalesPage(SHOP, page.cursor, SALES_QUERY_LIMIT - SALES_FIRST_ROWS);
    all.push(performance.now() - t);
    firstDocs = page.sales.length;
    allDocs = page.sales.length + rest.sales.length;
  }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `min ${s[0]?.toFixed(0)} / mediana ${s[2]?.toFixed(0)} / max ${s[4]?.toFixed(0)}`;
  };
  console.log(
    `Vendite (/sales): ${written.toLocaleString('it-IT')} vendite nel negozio · prime righe: ${firstDocs} documenti letti, ms ${stats(first)} · ` +
      `carico completo: ${allDocs} documenti letti, ms ${stats(all)}`,
  );
  return { firstDocs, allDocs };
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-sales');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench', settings: {} });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await deleteApp(admin);
});

it('sales list: the documents read for the first rows and the load do not grow with the sales', async () => {
  await seedSales(1_000);
  const small = await measure();
  await seedSales(50_000);
  const large = await measure();
  expect(large).toEqual(small);
  expect(large.firstDocs).toBe(SALES_FIRST_ROWS);
  expect(large.allDocs).toBe(SALES_QUERY_LIMIT);
}, 600_000);
