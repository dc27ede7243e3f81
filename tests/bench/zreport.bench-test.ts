/**
 * Benchmark (npm run bench -- zreport): /zreport's figures for a month of 15,000 sales of one shop in the
 * emulator (a bar: ~500 a day, 05:00 cut-off, a closing per day), through the app's own code. Prints documents read,
 * ms and the process's memory for: the former way (every sale of the month downloaded and reconciled), the nightly
 * Cloud Function building the month's day summaries (functions/src/day-summaries.ts: what it reads, on the server), the
 * first look on a device (the summaries it left), repeat looks (reload: min / median / max ms to the figures shown — the goal is
 * < 1.5 s after the shell — and to the checked ones), and the look after a sale was voided. The month is the previous
 * calendar month, wholly closed: no live part (today's sales are a live query of the screen, resumed from the cache).
 * Last, a shop whose summaries are missing (the job did not run): the first look builds and stores them.
 * Asserts that every look's rows equal the former way's.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { businessDay, businessDayStart, nextDay } from '@/domain/zreport/business-day';
import { reconcileTakings, type DayReconciliation } from '@/domain/zreport/reconcile';
import { buildShopDaySummaries } from '../../functions/src/day-summaries.ts';
import { shopsCol } from '../../functions/src/typed-refs.ts';
import { loadReconciliationFromSales, planRange, startZReportLook, type ZRange } from '@/features/zreport/api';
import { auth } from '@/lib/firebase';

const SHOP = 'bench-zreport-owner';
const PASSWORD = 'Bench!2026';
const SALES = Number(process.env.ZREPORT_BENCH_SALES ?? 15_000);
const CUTOFF = 5 * 60;
const METHODS = ['contanti', 'Contanti', 'bancomat', 'Bancomat', 'carta', 'Fattura', 'Satispay', 'preconto', 'Contanti '];
const now = new Date();
const monthStart = new Date(now.getFullYear(), now.getMonth() - 1, 1, 12);
const monthEnd = new Date(now.getFullYear(), now.getMonth(), 0, 12);
const range: ZRange = { from: businessDay(monthStart, 0), to: businessDay(monthEnd, 0), cutoff: CUTOFF };
const today = businessDay(now, CUTOFF);

let admin: App;
let store: AdminFirestore;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const rss = () => `memoria: heap ${mb(process.memoryUsage().heapUsed)} MB, picco del processo ${mb(process.resourceUsage().maxRSS * 1024)} MB`;

async function seed(): Promise<number> {
  const start = businessDayStart(range.from, CUTOFF).getTime();
  const end = businessDayStart(nextDay(range.to), CUTOFF).getTime();
  const writer = store.bulkWriter();
  for (let n = 0; n < SALES; n++) {
    // Spread over the month's business days, 1 in 20 between midnight and the cut-off.
    const date = new Date(start + Math.floor(((n + 0.5) * (end - start)) / SALES));
    void writer.set(store.doc(`Sale/bench-z-${n}`), { userId: SHOP, date, method: METHODS[n % METHODS.length], isVoid: n % 37 === 0, price: Math.round(((n * 7919) % 4000) + 50) / 100 });
  }
  let day = range.from;
  let closings = 0;
  while (day <= range.to) {
    const at = new Date(businessDayStart(nextDay(day), CUTOFF).getTime() - 4 * 3_600_000);
    void writer.set(store.doc(`ZReport/bench-z-${day}`), { userId: SHOP, createdAt: at, number: ++closings, total: 1000 + closings });
    day = nextDay(day);
  }
  await writer.close();
  return closings;
}

const spread = (runs: number[]) => {
  const s = [...runs].sort((a, b) => a - b);
  return `min ${s[0]?.toFixed(0)} / mediana ${s[Math.floor(s.length / 2)]?.toFixed(0)} / max ${s[s.length - 1]?.toFixed(0)} ms`;
};

async function look(label: string) {
  const t = performance.now();
  const started = await startZReportLook(SHOP, range, { canWrite: true, now });
  const first = reconcileTakings(started.first.takings, started.first.closings, today, CUTOFF);
  const firstMs = performance.now() - t;
  const checked = await started.checked;
  const rows = reconcileTakings(checked.takings, checked.closings, today, CUTOFF);
  const ms = performance.now() - t;
  const { report } = checked;
  const docs = report.summariesRead + report.salesRead + report.invoicesRead + checked.closings.length;
  const saved = await report.saved;
  console.log(
    `${label}: ${firstMs.toFixed(0)} ms alle cifre, ${ms.toFixed(0)} ms alle cifre verificate · documenti letti ${docs} ` +
      `(riepiloghi ${report.summariesRead}, vendite ${report.salesRead}, fatture ${report.invoicesRead}, chiusure ${checked.closings.length}) · ` +
      `aggregazioni ${report.aggregations} · giorni calcolati ${report.built.length}, ricalcolati ${report.rebuilt.length}${saved ? `, ${saved} riepiloghi salvati` : ''} · ${rss()}`,
  );
  return { first, rows, firstMs, ms, docs };
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-zreport');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  // The Statistiche pack: the rules let only such a shop store its summaries (shopHasPack).
  await store.doc(`ShopSubscription/bench-z-sub`).set({ shopId: SHOP, userId: SHOP, packs: ['Statistiche'], status: 'active', startingDate: new Date(Date.now() - 30 * 86_400_000), expiringDate: new Date(Date.now() + 365 * 86_400_000) });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench', subscriptionId: 'bench-z-sub', settings: { businessDayCutoff: '05:00' } });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await deleteApp(admin);
});

it('/zreport of a month of 15,000 sales from the day summaries', async () => {
  const t0 = performance.now();
  const closings = await seed();
  console.log(`Seed: ${SALES.toLocaleString('it-IT')} vendite e ${closings} chiusure dal ${range.from} al ${range.to} in ${((performance.now() - t0) / 1000).toFixed(0)} s · ${rss()}`);

  const t1 = performance.now();
  const before: DayReconciliation[] = await loadReconciliationFromSales(SHOP, range, today);
  console.log(`Prima (tutte le vendite del mese scaricate): ${(performance.now() - t1).toFixed(0)} ms · documenti letti ${before.reduce((s, r) => s + r.sales.count + r.sales.voidedCount + r.sales.precontoCount, 0)} vendite + ${closings} chiusure · ${rss()}`);

  const t2 = performance.now();
  const shop = (await shopsCol(store).doc(SHOP).get()).data()!;
  const job = await buildShopDaySummaries(store, shop, planRange(range, now).closedDays, now);
  console.log(`Job notturno (sul server, una volta per giorno): ${job.summaries} riepiloghi da ${job.salesRead} vendite in ${(performance.now() - t2).toFixed(0)} ms · ${rss()}`);

  const cold = await look('Prima visita sul dispositivo (riepiloghi del job notturno)');
  expect(cold.rows).toEqual(before);
  const repeats = [];
  for (let i = 0; i < 3; i++) repeats.push(await look(`Visita ripetuta ${i + 1}`));
  for (const r of repeats) {
    expect(r.first).toEqual(before);
    expect(r.rows).toEqual(before);
  }
  console.log(`Ricarica, cifre mostrate: ${spread(repeats.map((r) => r.firstMs))} (obiettivo < 1.500 ms) · cifre verificate: ${spread(repeats.map((r) => r.ms))} · documenti letti ${repeats.map((r) => r.docs).join('/')}`);

  // The POS voids a sale of the 10th afterwards: the next look finds the day and recomputes it.
  await store.doc('Sale/bench-z-5001').update({ isVoid: true });
  const changed = await look('Dopo l\'annullamento di una vendita');
  expect(changed.rows).toEqual(await loadReconciliationFromSales(SHOP, range, today));
  expect(changed.rows).not.toEqual(before);

  // A shop whose summaries the job never wrote: the owner's first look builds and stores them.
  const stored = await store.collection('SaleDaySummary').where('userId', '==', SHOP).get();
  const batch = store.batch();
  for (const d of stored.docs) batch.delete(d.ref);
  await batch.commit();
  const unbuilt = await look('Senza riepiloghi (il browser li costruisce e salva)');
  expect(unbuilt.rows).toEqual(changed.rows);
  console.log('I tempi sono dell\'emulatore, che per ogni query e aggregazione su Sale scorre tutta la collezione: in produzione le query usano gli indici.');
}, 3_600_000);
