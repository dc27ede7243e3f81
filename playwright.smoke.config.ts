import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

// Started by scripts/smoke-dev.ts against the Vite development server (React StrictMode), never the build.
export default defineConfig({
  testDir: 'tests/smoke',
  outputDir: `.tmp/test-results/${process.env.E2E_RUN_ID ?? 'smoke'}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The dev server compiles each screen's modules on first request: the first account pays for it.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['./scripts/lib/reporters/playwright-slowest.ts']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:5173',
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
