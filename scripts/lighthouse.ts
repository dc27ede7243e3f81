/**
 * `npm run lighthouse`: builds the app against fresh emulators with the demo data, serves it with `vite preview`
 * with firebase.json's production headers, and runs Lighthouse 12 (mobile preset, or `-- --preset desktop`) in Debian's Chromium on /login,
 * /cookie-policy and, signed in as the demo owner, the screens of SIGNED_IN_PAGES. Prints performance, accessibility, best practices and the main timings. Not part of
 * `npm test`: too slow and too noisy for CI. `-- --runs 3` audits each page three times on the same build and
 * prints min/median/max of each score (the machine is shared: one run is noise); `-- --save DIR` keeps each
 * report's JSON (for the long tasks and the scripts behind them).
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/accounts.ts';
import { viteEnvFor } from './lib/app-env.ts';
import { hostingHeadersFor } from './lib/hosting-headers.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { startEmulators } from './lib/emulators.ts';
import { freePort, waitForHttp } from './lib/ports.ts';
import { run, startGroup } from './lib/processes.ts';
import { startProviderStub } from './provider-stub/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(argValue('--runs') ?? 1) || 1);
const SAVE_DIR = argValue('--save');
/** `-- --only /dashboard` or `-- --only /sales,/zreport`: audit those pages (iterating on them); the default is every page. */
const ONLY = argValue('--only')?.split(',');
/**
 * `-- --preset mobile|desktop` (default mobile): Lighthouse's two standard presets. Mobile = a mid-range phone on slow
 * 4G (CPU ×4, 150 ms RTT); desktop = a desk computer on cable (no CPU slowdown, 40 ms RTT), which is where the back
 * office is used (beside the till, on the office computer or an iPad on the shop's Wi-Fi).
 */
const PRESET = argValue('--preset') === 'desktop' ? 'desktop' : 'mobile';
const wanted = (page: string) => !ONLY || ONLY.includes(page);
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
/** The demo owner's screens audited signed in: the dashboard and the daily work screens. */
const SIGNED_IN_PAGES = ['/dashboard', '/sales', '/invoices', '/customers', '/warehouse', '/statistics', '/zreport'];

interface Figures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  timings: string;
}

async function audit(url: string, port: number, keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
  }, PRESET === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse non ha prodotto un risultato per ${url}`);
  const { categories, audits } = result.lhr;
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(result.lhr));
    // The page load's trace as Lighthouse recorded it (open it in the browser's Performance panel).
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) fs.writeFileSync(path.join(SAVE_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => audits[id]?.displayValue ?? '—';
  const failing = (result.lhr.categories['best-practices']?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => audits[ref.id]?.title ?? ref.id);
  if (failing.length > 0) console.log(`${new URL(url).pathname}: best practices da migliorare: ${failing.join('; ')}`);
  const consoleErrors = (audits['errors-in-console']?.details as { items?: { description?: string; url?: string }[] } | undefined)?.items ?? [];
  for (const item of consoleErrors) console.log(`  console: ${item.description ?? ''} ${item.url ?? ''}`);
  return {
    page: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    timings: `FCP ${ms('first-contentful-paint')} · LCP ${ms('largest-contentful-paint')} · TBT ${ms('total-blocking-time')} · CLS ${ms('cumulative-layout-shift')} · SI ${ms('speed-index')}`,
  };
}

/**
 * Before each signed-in audit the app's service worker is stopped, as the browser does with an idle one: otherwise it
 * keeps the previous audit's renderer process alive, the next page opens in it, and the start of Lighthouse's CPU
 * profiler walks that process's whole heap (the previous page's garbage included) in one task of 100-160 ms, which
 * the simulated throttling turns into ~0.4-0.5 s of 'Unattributable' blocking time on the audited page. A user's
 * first load of the day starts from a stopped worker too.
 */
async function stopServiceWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

const emulators = await startEmulators();
const stub = await startProviderStub({ port: 0, host: '127.0.0.1' });
const outDir = path.join(ROOT, `.tmp/lighthouse-dist-${process.pid}`);
const profile = path.join(ROOT, `.tmp/lighthouse-profile-${process.pid}`);
let code = 1;
try {
  const env = { ...process.env, ...emulators.env };
  // The demo data as production holds it: with the nightly job's day summaries (/zreport and /statistics read them).
  if ((await run(bin('tsx'), [path.join(ROOT, 'scripts/seed/main.ts'), '--day-summaries'], { env, cwd: ROOT })) !== 0) throw new Error('Seed non riuscito');
  const viteEnv = { ...env, ...viteEnvFor(emulators, stub.url) };
  if ((await run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env: viteEnv, cwd: ROOT })) !== 0) throw new Error('Build non riuscita');
  const port = await freePort();
  const preview = startGroup(bin('vite'), ['preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...viteEnv, PREVIEW_HEADERS: JSON.stringify(hostingHeadersFor(viteEnv)) },
  });
  const debugPort = await freePort();
  // One persistent profile: Lighthouse's tab shares the signed-in session that Playwright creates.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(base, 30_000, 'vite preview');
    const figures: Figures[] = [];
    for (const publicPage of ['/login', '/cookie-policy']) {
      if (wanted(publicPage)) for (let i = 0; i < RUNS; i++) figures.push(await audit(`${base}${publicPage}`, debugPort, false));
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    const reject = page.getByRole('button', { name: 'Rifiuta' });
    if (await reject.isVisible().catch(() => false)) await reject.click();
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.owner.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
    // The sign-in tab leaves the app: left open, it would be a second tab of the app beside the audited one, holding
    // Firestore's multi-tab lease (the audited page would get its answers through IndexedDB from it) and using the CPU.
    await page.goto('about:blank');
    for (const signedIn of SIGNED_IN_PAGES) {
      if (!wanted(signedIn)) continue;
      for (let i = 0; i < RUNS; i++) {
        await stopServiceWorkers(page);
        figures.push(await audit(`${base}${signedIn}`, debugPort, true));
      }
    }
    console.log(`\n${'Pagina'.padEnd(16)} ${'Perf.'.padStart(5)} ${'Access.'.padStart(8)} ${'Best pr.'.padStart(9)}  Tempi (Lighthouse 12, preset ${PRESET})`);
    for (const f of figures) {
      console.log(`${f.page.padEnd(16)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(8)} ${String(f.bestPractices).padStart(9)}  ${f.timings}`);
    }
    if (RUNS > 1) {
      const spread = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `${sorted[0]}/${sorted[Math.floor((sorted.length - 1) / 2)]}/${sorted[sorted.length - 1]}`;
      };
      console.log(`\n${RUNS} esecuzioni per pagina, min/mediana/max:`);
      for (const pagePath of [...new Set(figures.map((f) => f.page))]) {
        const of = figures.filter((f) => f.page === pagePath);
        console.log(
          `${pagePath.padEnd(16)} performance ${spread(of.map((f) => f.performance))} · accessibilità ${spread(of.map((f) => f.accessibility))} · best practice ${spread(of.map((f) => f.bestPractices))}`,
        );
      }
    }
    code = 0;
  } finally {
    await context.close();
    await preview.stop();
  }
} catch (error) {
  console.error((error as Error).message);
} finally {
  await stub.close();
  await emulators.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });
}
process.exit(code);
