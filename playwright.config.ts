import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';
import { SLOW_SPECS } from './tests/e2e/slow-specs.ts';
import { SHOP_TIME_ZONE } from './src/domain/time-zone.ts';

// The runner's own dates (the specs seed and compute in Rome, like the browser's timezoneId below).
process.env.TZ = SHOP_TIME_ZONE;

// Started by scripts/e2e.ts, which builds the app against fresh emulators + provider stub and sets BASE_URL.
export default defineConfig({
  testDir: 'tests/e2e',
  // Benchmarks written as browser walkthroughs run in `npm run bench`, not in `npm test`: the reads table
  // (`npm run bench -- reads` sets READS_TABLE=1), /warehouse's reload with 20,000 products (`npm run bench --
  // warehouse-reload` sets WAREHOUSE_RELOAD_BENCH=1), the delays of the everyday interactions on the large data set
  // (`npm run bench -- interactions` sets INTERACTIONS_BENCH=1), and the slow ones that measure or wait out real time limits
  // (`npm run bench -- e2e-slow` sets E2E_SLOW=1; scripts/bench/e2e-slow.bench.ts says why each one is there).
  testIgnore: [...(process.env.READS_TABLE === '1' ? [] : ['**/reads.spec.ts']), ...(process.env.WAREHOUSE_RELOAD_BENCH === '1' ? [] : ['**/warehouse-reload.spec.ts']), ...(process.env.INTERACTIONS_BENCH === '1' ? [] : ['**/interactions.spec.ts']), ...(process.env.E2E_SLOW === '1' ? [] : SLOW_SPECS.map((f) => `**/${f}`))],
  outputDir: `.tmp/test-results/${process.env.E2E_RUN_ID ?? 'local'}`,
  fullyParallel: false,
  workers: 1,
  // One retry in CI, for faults of the emulator and of Chromium that are not the app's: docs/test.md ('Canali e
  // ripetizioni') lists what was found and removed (listeners of closed pages, the emulator's per-message log, the
  // file chooser of keyboard.spec) and what the last full run still showed. The list reporter names every test that
  // passed only on its retry ('flaky'); a test that fails twice fails the run. Locally (no CI) a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Ceilings, not waits (every assertion returns as soon as its condition holds): with two CPU-bound processes
  // beside the run a sign-in, a lazy screen and its first Firestore answer can take more than 10 s.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // 'list' names each test as it ends; the slowest tests and spec files are printed at the end of the run.
  reporter: [['list'], ['./scripts/lib/reporters/playwright-slowest.ts']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:4173',
    locale: 'it-IT',
    timezoneId: SHOP_TIME_ZONE,
    screenshot: 'only-on-failure',
    // No trace unless asked (E2E_TRACE=1: DOM snapshots of a failed test, without the screencast). A trace is recorded
    // for every test and thrown away when it passes: 5–8% of the layer's time on a 2-core machine (settings.spec
    // 103.5/103.7 s with, 94.6/98.8 s without), and CI keeps only the log; a failure keeps its screenshot. To study
    // a failing spec: E2E_TRACE=1 CI=true npx tsx scripts/e2e.ts tests/e2e/<spec>.ts
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The build registers a service worker (public/sw.js, offline reloads); requests it answers would bypass the
    // specs' page.route stubs, so it is off except in the spec that tests offline reloads (offline-cache.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
