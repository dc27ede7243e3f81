/**
 * Benchmark (npm run bench -- nightly-memory): the memory of the two server jobs that read a whole list of a big shop,
 * run in this process against the emulator as the Cloud Functions run them:
 * - the nightly `daySummaries` on a shop's busy day: BUSY_DAY_SALES POS sales plus a few drafts near Firestore's
 *   1 MiB (any owner may write them) dated that day, read in pages and never held (functions/src/day-summaries.ts);
 * - the `listBundle` job building the data bundle of 20,000 products and of 10,000 customers
 *   (functions/src/list-bundle.ts), which holds the bundle it answers with.
 * Prints, for each, documents, ms, and the peak heap and RSS it added, sampled every 5 ms, against the memory the
 * function is deployed with (functions/src/index.ts: 1 GiB each). The assertion is the limit: neither adds more than
 * half of it.
 */
import { gzipSync } from 'node:zlib';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildShopDaySummaries } from '../../functions/src/day-summaries.ts';
import { buildListBundle } from '../../functions/src/list-bundle.ts';
import { shopsCol } from '../../functions/src/typed-refs.ts';
import { dayStart } from '@/domain/statistics/summary-days';

const SHOP = 'bench-nightly-shop';
const DAY = '2026-11-05';
const BUSY_DAY_SALES = 12_000;
const LARGE_DRAFTS = 20;
const PRODUCTS = 20_000;
const CUSTOMERS = 10_000;
/** What the functions are deployed with (functions/src/index.ts). */
const DEPLOYED_MB = 1024;
const METHODS = ['contanti', 'Bancomat', 'carta', 'satispay', 'Fattura'];

let admin: App;
let db: Firestore;

const mb = (bytes: number) => bytes / (1024 * 1024);
const autoId = (prefix: string, n: number) => `${prefix}${String(n).padStart(20 - prefix.length, '0')}`;

async function writeAll(docs: Iterable<[string, Record<string, unknown>]>): Promise<void> {
  const writer = db.bulkWriter();
  for (const [path, data] of docs) void writer.set(db.doc(path), data);
  await writer.close();
}

function* busyDay(): Generator<[string, Record<string, unknown>]> {
  const start = dayStart(DAY).getTime();
  for (let i = 0; i < BUSY_DAY_SALES; i++) {
    yield [`Sale/${autoId('bns', i)}`, {
      userId: SHOP, date: new Date(start + 8 * 3_600_000 + i * 3_000), price: 1 + (i % 40) * 0.5, method: METHODS[i % METHODS.length], isVoid: i % 50 === 0,
      lines: [{ name: `Prodotto ${String(i % 300)}`, qty: (i % 3) + 1, total: 1 + (i % 40) * 0.5, category: i % 2 ? 'Bar' : 'Cucina' }],
    }];
  }
}

function* catalogue(): Generator<[string, Record<string, unknown>]> {
  for (let i = 0; i < PRODUCTS; i++) {
    yield [`Scrap/${autoId('bnp', i)}`, { userId: SHOP, name: `Prodotto di prova ${String(i)}`, code: `P${String(i)}`, barcode: `8${String(i).padStart(12, '0')}`, price: '9.90', quantity: '12', category: i % 2 ? 'Ferramenta' : 'Giardino', stock: { qty: 12, minQty: 2, track: true } }];
  }
  for (let i = 0; i < CUSTOMERS; i++) {
    yield [`Customer/${autoId('bnc', i)}`, { userId: SHOP, ragioneSociale: `Cliente di prova ${String(i)} S.r.l.`, pIva: `9${String(i).padStart(10, '0')}`, registeredOfficeCity: 'Milano', registeredOfficeAddress: `Via Roma ${String(i)}`, codiceDestinatario: '0000000' }];
  }
}

/** Runs `job` with the heap and RSS sampled every 5 ms; what it added above the level before it started. */
async function measured<T>(job: () => Promise<T>): Promise<{ result: T; ms: number; heapMb: number; rssMb: number }> {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  };
  const timer = setInterval(sample, 5);
  const t = performance.now();
  try {
    const result = await job();
    sample();
    return { result, ms: performance.now() - t, heapMb: mb(heapPeak - heapBefore), rssMb: mb(rssPeak - rssBefore) };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-nightly');
  db = getFirestore(admin);
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench notturno', settings: {} });
  const t = performance.now();
  await writeAll(busyDay());
  const pad = 'x'.repeat(900 * 1024);
  for (let i = 0; i < LARGE_DRAFTS; i++) {
    await db.doc(`Sale/${autoId('bnd', i)}`).set({ userId: SHOP, date: new Date(dayStart(DAY).getTime() + 20 * 3_600_000), price: 10, total: 10, method: 'Fattura', invoiceUUID: '', invoicePayload: pad });
  }
  await writeAll(catalogue());
  console.log(`Dati: ${String(BUSY_DAY_SALES)} vendite e ${String(LARGE_DRAFTS)} bozze da 900 KiB in un giorno, ${String(PRODUCTS)} prodotti, ${String(CUSTOMERS)} clienti scritti in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}, 900_000);

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

it('the nightly day summaries and the list bundles stay well within their memory on a big shop', async () => {
  const shop = (await shopsCol(db).doc(SHOP).get()).data();
  if (!shop) throw new Error('negozio del benchmark non scritto');
  const summaries = await measured(() => buildShopDaySummaries(db, shop, [DAY], new Date()));
  const { salesRead, salesSkipped } = summaries.result;
  console.log(
    `daySummaries, un giorno di ${String(BUSY_DAY_SALES + LARGE_DRAFTS)} vendite: lette ${String(salesRead)}, saltate (oltre 256 KiB) ${String(salesSkipped)} · ` +
      `${(summaries.ms / 1000).toFixed(1)} s · picco aggiunto heap ${summaries.heapMb.toFixed(0)} MB, RSS ${summaries.rssMb.toFixed(0)} MB (funzione da ${String(DEPLOYED_MB)} MB)`,
  );
  expect(salesRead).toBe(BUSY_DAY_SALES);

  for (const list of ['products', 'customers'] as const) {
    const bundle = await measured(() => buildListBundle(db, list, SHOP));
    const { documents, bytes } = bundle.result;
    console.log(
      `listBundle ${list}: ${String(documents)} documenti, ${mb(bytes.byteLength).toFixed(1)} MB (${mb(gzipSync(bytes).byteLength).toFixed(1)} MB gzip) · ` +
        `${(bundle.ms / 1000).toFixed(1)} s · picco aggiunto heap ${bundle.heapMb.toFixed(0)} MB, RSS ${bundle.rssMb.toFixed(0)} MB (funzione da ${String(DEPLOYED_MB)} MB)`,
    );
    expect(documents).toBe(list === 'products' ? PRODUCTS : CUSTOMERS);
    expect(bundle.rssMb).toBeLessThan(DEPLOYED_MB / 2);
  }
  expect(summaries.rssMb).toBeLessThan(DEPLOYED_MB / 2);
}, 900_000);
