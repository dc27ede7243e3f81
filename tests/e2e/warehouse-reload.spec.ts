/**
 * /warehouse with 20,000 products, first visit and reload (`npm run bench -- warehouse-reload`, which
 * seeds the large data set: scripts/seed/large.ts). For each visit: the documents Firestore bills (the e2e build's
 * counter, src/lib/firestore-recorder.ts), the ms from the navigation to the first product rows and to the whole
 * catalogue ('N prodotti' with no loading note), and the peak JS heap of the page sampled every 100 ms. The reload
 * resumes the catalogue's live ranges from the persistent cache: it must read at most RELOAD_GOAL documents. Also the
 * bytes the server sent on the Listen channel: what a resumed listen really transfers (billing counts only the changes).
 */
import { expect, test, type Page } from './fixture';
import { login } from './helpers';

const RELOAD_GOAL = 100;
const RELOADS = 3;
const LOAD_TIMEOUT = 300_000;

interface Visit {
  firstRowsMs: number;
  fullMs: number;
  reads: number;
  peakHeapMb: number;
  products: number;
  listenKb: number;
}

type Marks = { firstRows?: number; full?: number };

/** Records, in the page, when the first rows and the whole catalogue appear (ms since the navigation began). */
function markLoadTimes(): void {
  const w = window as unknown as { __warehouseMarks: Marks };
  w.__warehouseMarks = {};
  const check = () => {
    const marks = w.__warehouseMarks;
    if (marks.firstRows === undefined && document.querySelector('[data-testid="product-row"]')) marks.firstRows = performance.now();
    const count = document.querySelector('[data-testid="products-count"]')?.textContent ?? '';
    if (marks.full === undefined && /^[\d.]+ prodotti$/.test(count)) marks.full = performance.now();
    return marks.firstRows !== undefined && marks.full !== undefined;
  };
  new MutationObserver((_, observer) => {
    if (check()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function measure(page: Page, navigate: () => Promise<unknown>): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Network.enable');
  const listen = new Set<string>();
  let listenBytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('/Listen/channel')) listen.add(e.requestId);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (listen.has(e.requestId)) listenBytes += e.dataLength;
  });
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { metrics } = await cdp.send('Performance.getMetrics').catch(() => ({ metrics: [] as { name: string; value: number }[] }));
      peak = Math.max(peak, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await navigate();
  await expect(page.getByTestId('products-count')).toHaveText(/^[\d.]+ prodotti$/, { timeout: LOAD_TIMEOUT });
  sampling = false;
  await sampler;
  // The reads that the live ranges bill arrive with their first answers: wait until none is pending and the
  // count has held for a second.
  let reads = -1;
  for (let stable = 0; stable < 4; ) {
    await page.waitForTimeout(250);
    const counter = await page.evaluate(() => (globalThis as { __firestoreReads?: { total: number; pending: number } }).__firestoreReads ?? { total: 0, pending: 0 });
    stable = counter.pending === 0 && counter.total === reads ? stable + 1 : 0;
    reads = counter.total;
  }
  await cdp.detach();
  const marks = await page.evaluate(() => (window as unknown as { __warehouseMarks: Marks }).__warehouseMarks);
  const count = (await page.getByTestId('products-count').textContent()) ?? '';
  return {
    firstRowsMs: Math.round(marks.firstRows ?? Number.NaN),
    fullMs: Math.round(marks.full ?? Number.NaN),
    reads,
    peakHeapMb: Math.round(peak / 1024 / 1024),
    products: Number(count.replace(/\D/g, '')),
    listenKb: Math.round(listenBytes / 1024),
  };
}

const row = (label: string, v: Visit) =>
  `${label.padEnd(22)} ${String(v.reads).padStart(8)} ${String(v.firstRowsMs).padStart(12)} ${String(v.fullMs).padStart(14)} ${String(v.peakHeapMb).padStart(14)} ${String(v.listenKb).padStart(12)}`;

test('/warehouse with 20,000 products: first visit, then reloads from the persistent cache', async ({ page }) => {
  test.setTimeout(1_800_000);
  await page.addInitScript(markLoadTimes);
  await login(page, 'owner');
  await expect(page).not.toHaveURL(/\/login$/);
  const first = await measure(page, () => page.goto('/warehouse'));
  const reloads: Visit[] = [];
  for (let i = 0; i < RELOADS; i += 1) reloads.push(await measure(page, () => page.reload()));
  const sorted = (pick: (v: Visit) => number) => reloads.map(pick).sort((a, b) => a - b);
  const spread = (pick: (v: Visit) => number) => sorted(pick).join(' / ');
  console.log(
    [
      `\n/warehouse, ${String(first.products)} prodotti (min / mediana / max per le ${String(RELOADS)} ricariche):`,
      `${'visita'.padEnd(22)} ${'letture'.padStart(8)} ${'prime righe ms'.padStart(12)} ${'lista intera ms'.padStart(14)} ${'picco heap MB'.padStart(14)} ${'Listen KB'.padStart(12)}`,
      row('prima visita', first),
      ...reloads.map((v, i) => row(`ricarica ${String(i + 1)}`, v)),
      `ricariche: letture ${spread((v) => v.reads)}; prime righe ${spread((v) => v.firstRowsMs)} ms; lista intera ${spread((v) => v.fullMs)} ms; picco heap ${spread((v) => v.peakHeapMb)} MB; dal canale Listen ${spread((v) => v.listenKb)} KB (prima visita ${String(first.listenKb)} KB)`,
    ].join('\n'),
  );
  expect(first.products).toBeGreaterThanOrEqual(20_000);
  for (const v of reloads) expect(v.reads, `una ricarica legge al più ${String(RELOAD_GOAL)} documenti`).toBeLessThanOrEqual(RELOAD_GOAL);
});
