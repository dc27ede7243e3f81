/**
 * Benchmark (npm run bench -- month-package): the accountant's package of a month with 1,000 issued
 * and 300 received invoices, 40 DDTs, 30 closings and 15,000 sales in the emulator, through the screen's own code
 * and in the screen's order: the preview (features/month-package/api.ts reads, packageSources, planPackage), then
 * 'Prepara il pacchetto' (the sales read while the documents' PDFs are drawn, writePackage with every PDF drawn).
 * Prints the documents read, the seconds of the preview and of the build to the ZIP, the process's peak memory (RSS
 * and JS heap, sampled every 50 ms, with the RSS before the preview) and the ZIP's size, against the targets
 * (< 20 s, < 300 MB). The month is seeded by month-package-seed.ts in a process of its own, so that the Admin SDK and
 * the seed's data are not counted. The assertions are the package's own: nothing silently dropped.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { beforeAll, expect, it } from 'vitest';
import { planDocuments, planPackage, planSalesPart, writePackage } from '@/domain/month-package/build';
import type { PackagePeriod } from '@/domain/month-package/period';
import { loadPackageSales, loadPreviewDocuments, packageSources } from '@/features/month-package/api';
import { auth } from '@/lib/firebase';
import { BENCH_COUNTS as COUNTS, BENCH_PASSWORD, BENCH_SHOP as SHOP } from './month-package-bench-data';

const PERIOD: PackagePeriod = { kind: 'month', year: 2026, month: 10 };
const TARGET_S = 20;
const TARGET_MB = 300;
const root = path.resolve(import.meta.dirname, '../..');
const MB = 1_048_576;
/** Set by scripts/bench/month-package.bench.ts, which caps the heap (why: there). */
const HEAP_CAP = process.env.MONTH_PACKAGE_HEAP_CAP_MB;

beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/bench/month-package-seed.ts')], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.node.json') },
    stdio: 'inherit',
  });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, BENCH_PASSWORD);
}, 600_000);

it('month package: documents read, seconds to the ZIP, peak memory and size', async () => {
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const started = performance.now();
  const docs = await loadPreviewDocuments(SHOP, PERIOD, true);
  const sources = await packageSources(PERIOD, docs, undefined);
  // The screen keeps the preview's counts, not its plan.
  const previewFiles = planPackage(sources).files.length;
  const previewS = (performance.now() - started) / 1000;

  // 'Prepara il pacchetto', as month-package-page.tsx does it.
  const buildStarted = performance.now();
  let salesS = 0;
  let salesRead = 0;
  const sales = loadPackageSales(SHOP, PERIOD, docs.cutoff).then((list) => {
    salesS = (performance.now() - buildStarted) / 1000;
    salesRead = list.sales.length;
    return list;
  });
  const documents = planDocuments(sources);
  const rest = sales.then((list) => planSalesPart(documents, { ...sources, sales: list.sales, receiptInvoices: list.receiptInvoices }).added);
  let bytes = 0;
  const chunks: Uint8Array[] = [];
  let documentsS = 0;
  const result = await writePackage(documents, {
    onProgress: (p) => {
      if (documentsS === 0 && p.done === documents.files.length) documentsS = (performance.now() - buildStarted) / 1000;
    },
    onChunk: (chunk) => {
      bytes += chunk.length;
      chunks.push(chunk);
    },
    rest,
    expectedTotal: previewFiles,
  });
  const zip = new Blob(chunks as BlobPart[], { type: 'application/zip' });
  const buildS = (performance.now() - buildStarted) / 1000;
  clearInterval(sampler);
  const read = (docs.invoices?.outgoing.length ?? 0) + (docs.invoices?.incoming.length ?? 0) + docs.ddts.length + docs.closings.length + salesRead + 1;
  const peakMb = peak / MB;
  const ok = buildS < TARGET_S && peakMb < TARGET_MB;
  console.log(
    `Pacchetto del mese: ${COUNTS.outgoing} fatture emesse, ${COUNTS.incoming} ricevute, ${COUNTS.ddts} DDT, ${COUNTS.sales.toLocaleString('it-IT')} vendite · ` +
      `documenti letti ${read.toLocaleString('it-IT')} (più le motivazioni di scarto e i nomi dei dipendenti) · anteprima ${previewS.toFixed(1)} s · ` +
      `'Prepara il pacchetto' → ZIP in ${buildS.toFixed(1)} s (obiettivo < ${TARGET_S} s; vendite lette in ${salesS.toFixed(1)} s mentre si disegnano i PDF, fatture e DDT scritti in ${documentsS.toFixed(1)} s) · ` +
      `picco di memoria ${peakMb.toFixed(0)} MB RSS (obiettivo < ${TARGET_MB} MB; prima dell'anteprima ${(before.rss / MB).toFixed(0)} MB), heap JS ${(peakHeap / MB).toFixed(0)} MB${HEAP_CAP ? ` (limite ${HEAP_CAP} MB)` : ' (senza limite)'} · ` +
      `ZIP ${(zip.size / MB).toFixed(1)} MB, ${result.files} file · ${ok ? 'OK' : 'FUORI OBIETTIVO'}`,
  );
  expect(bytes).toBe(zip.size);
  expect(docs.invoices?.outgoing).toHaveLength(COUNTS.outgoing);
  expect(salesRead).toBe(COUNTS.sales);
  expect(result.problems).toEqual([]);
  expect(result.files).toBe(previewFiles);
}, 600_000);
