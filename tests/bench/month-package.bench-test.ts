/**
 * Benchmark (npm run bench -- month-package, issue 37 §4): the accountant's package of a month with 1,000 issued
 * and 300 received invoices, 40 DDTs, 30 closings and 15,000 sales in the emulator, through the screen's own code
 * (features/month-package/api.ts reads, packageSources, planPackage, writePackage with every PDF drawn). Prints the
 * documents read, the seconds to the ZIP, the process's peak memory (RSS, sampled every 50 ms) and the ZIP's size,
 * against the targets (< 20 s, < 300 MB). The assertions are the package's own: nothing silently dropped.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildInvoiceXml } from '@/domain/fatturapa/builder';
import { generateCorpus } from '@/domain/fatturapa/test-corpus';
import { planPackage, writePackage } from '@/domain/month-package/build';
import type { PackagePeriod } from '@/domain/month-package/period';
import { loadPackageSales, loadPreviewDocuments, packageSources } from '@/features/month-package/api';
import { auth } from '@/lib/firebase';

const SHOP = 'bench-month-owner';
const PASSWORD = 'Bench!2026';
const PERIOD: PackagePeriod = { kind: 'month', year: 2026, month: 10 };
const COUNTS = { outgoing: 1_000, incoming: 300, ddts: 40, sales: 15_000, closings: 30 };
const TARGET_S = 20;
const TARGET_MB = 300;
let admin: App;
let store: AdminFirestore;

const dayOf = (n: number, hour: number) => new Date(2026, 9, 1 + (n % 30), hour, n % 60);

async function seedMonth(): Promise<void> {
  const writer = store.bulkWriter();
  const corpus = generateCorpus(3737, COUNTS.outgoing + COUNTS.incoming);
  corpus.forEach((input, i) => {
    const outgoing = i < COUNTS.outgoing;
    const id = `bench-mp-inv-${i}`;
    void writer.set(store.doc(`Invoice/${id}`), {
      uuid: id, userId: SHOP, type: outgoing ? 0 : 1, status: outgoing ? 'sent' : 'received', marking: outgoing ? (i % 50 === 7 ? 'rejected' : 'delivered') : 'received',
      payload: buildInvoiceXml(input), newInvoice: false, date: dayOf(i, 10), createdAt: dayOf(i, 10),
    });
  });
  for (let i = 0; i < COUNTS.ddts; i++) {
    void writer.set(store.doc(`Ddt/bench-mp-ddt-${i}`), {
      userId: SHOP, kind: 'ddt', year: 2026, state: 'confermato', progressive: i + 1, number: `11/${i + 1}`, date: dayOf(i, 9), confirmedAt: dayOf(i, 10),
      causale: 'Vendita', transportBy: 'mittente', porto: 'franco', aspetto: 'Scatole', colli: 2, peso: 5,
      recipient: { ragioneSociale: 'Trattoria Da Gino S.r.l.', vatNumber: '09456120151', registeredOfficeAddress: 'Via Lodovico il Moro 12', registeredOfficeCap: '20143', registeredOfficeCity: 'Milano', registeredOfficeProvince: 'MI', nation: 'IT' },
      lines: Array.from({ length: 6 }, (_, k) => ({ code: `P${k}`, description: `Prodotto ${k}`, um: 'PZ', quantity: 1 + k, unitPrice: 2.5 + k, vatRate: k % 2 ? 10 : 22 })),
    });
  }
  for (let n = 0; n < COUNTS.sales; n++) {
    const price = Math.round(((n * 37) % 9000) + 100) / 100;
    void writer.set(store.doc(`Sale/bench-mp-sale-${n}`), {
      userId: SHOP, date: dayOf(n, 8 + (n % 12)), method: n % 3 === 0 ? 'bancomat' : 'contanti', price, isVoid: n % 40 === 0, employeeId: 'e1',
      lines: [{ name: `Prodotto ${n % 300}`, qty: 1, price, total: price, vatRate: n % 2 ? 10 : 22 }],
    });
  }
  for (let d = 0; d < COUNTS.closings; d++) void writer.set(store.doc(`ZReport/bench-mp-z-${d}`), { userId: SHOP, createdAt: new Date(2026, 9, 1 + d, 21), number: d + 1, total: 1000 });
  await writer.close();
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-month-package');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench', ragioneSociale: 'Bottega Bench S.r.l.', partitaIva: '00743110157', settings: {} });
  await seedMonth();
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 600_000);

afterAll(async () => {
  await deleteApp(admin);
});

it('month package: documents read, seconds to the ZIP, peak memory and size', async () => {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const docs = await loadPreviewDocuments(SHOP, PERIOD, true);
  const sources = await packageSources(PERIOD, docs, undefined);
  const previewS = (performance.now() - started) / 1000;
  const sales = await loadPackageSales(SHOP, PERIOD, docs.cutoff);
  const salesS = (performance.now() - started) / 1000 - previewS;
  const plan = planPackage({ ...sources, sales });
  let bytes = 0;
  const chunks: Uint8Array[] = [];
  const result = await writePackage(plan, {
    onChunk: (chunk) => {
      bytes += chunk.length;
      chunks.push(chunk);
    },
  });
  const zip = new Blob(chunks as BlobPart[], { type: 'application/zip' });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const read = (docs.invoices?.outgoing.length ?? 0) + (docs.invoices?.incoming.length ?? 0) + docs.ddts.length + docs.closings.length + sales.length + 1;
  const peakMb = peak / 1_048_576;
  console.log(
    `Pacchetto del mese: ${COUNTS.outgoing} fatture emesse, ${COUNTS.incoming} ricevute, ${COUNTS.ddts} DDT, ${COUNTS.sales.toLocaleString('it-IT')} vendite · ` +
      `documenti letti ${read.toLocaleString('it-IT')} (più le motivazioni di scarto e i nomi dei dipendenti) · anteprima ${previewS.toFixed(1)} s, ` +
      `vendite ${salesS.toFixed(1)} s, file e PDF ${(seconds - previewS - salesS).toFixed(1)} s · ` +
      `ZIP in ${seconds.toFixed(1)} s (obiettivo < ${TARGET_S} s) · picco di memoria ${peakMb.toFixed(0)} MB RSS (obiettivo < ${TARGET_MB} MB) · ` +
      `ZIP ${(zip.size / 1_048_576).toFixed(1)} MB, ${result.files} file · ${seconds < TARGET_S && peakMb < TARGET_MB ? 'OK' : 'FUORI OBIETTIVO'}`,
  );
  expect(bytes).toBe(zip.size);
  expect(docs.invoices?.outgoing).toHaveLength(COUNTS.outgoing);
  expect(sales).toHaveLength(COUNTS.sales);
  expect(result.problems).toEqual([]);
}, 600_000);
