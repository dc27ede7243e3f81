/**
 * The e2e layer of `npm test` in shards that run at the same time (E2E_SHARDS=n), each on its own emulators, seed,
 * build and browser (so no spec sees another's writes): for machines with more than 2 cores — on 2 cores each test
 * ran ~1.65× slower beside the other shard and the layer took as long as one run. The spec files are dealt out by
 * their usual duration (seconds measured on a 2-core machine, run alone; a file not listed counts DEFAULT_SECONDS),
 * the longest first, each to the shard with the least so far.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SLOW_SPECS } from '../../tests/e2e/slow-specs.ts';

const SECONDS: Record<string, number> = {
  'migration.spec.ts': 300, 'customers-import.spec.ts': 125, 'invoices.spec.ts': 135, 'settings.spec.ts': 120,
  'developer.spec.ts': 100, 'access.spec.ts': 95, 'warehouse.spec.ts': 90, 'keyboard.spec.ts': 80, 'users.spec.ts': 75,
  'chain.spec.ts': 65, 'register-shop.spec.ts': 60, 'ddt.spec.ts': 56, 'select-employee.spec.ts': 30, 'dashboard.spec.ts': 52,
  'zreport.spec.ts': 52, 'tickets.spec.ts': 50, 'shop-details.spec.ts': 30, 'statistics.spec.ts': 44, 'a11y.spec.ts': 40,
  'offline-cache.spec.ts': 40, 'sales.spec.ts': 36, 'tech-dashboard.spec.ts': 34, 'customers.spec.ts': 34,
  'cookie-consent.spec.ts': 33, 'ping.spec.ts': 35, 'shop-proposal.spec.ts': 24, 'provider-callbacks.spec.ts': 23,
  'select-shop.spec.ts': 18, 'hostile-inputs.spec.ts': 17, 'layout.spec.ts': 17, 'account.spec.ts': 14, 'qr.spec.ts': 12,
  'tech-account.spec.ts': 11, 'csp.spec.ts': 2, 'month-package.spec.ts': 35, 'month-package-keyboard.spec.ts': 10,
};
const DEFAULT_SECONDS = 20;

/** Browser walkthroughs that are benchmarks (`npm run bench`): playwright.config.ts leaves them out of `npm test` too. */
export const BENCH_SPECS: readonly string[] = ['reads.spec.ts', 'warehouse-reload.spec.ts', 'interactions.spec.ts'];

/** The spec files `npm test` runs (not the benchmarks: BENCH_SPECS and tests/e2e/slow-specs.ts). */
export function e2eSpecFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts') && !BENCH_SPECS.includes(f) && !SLOW_SPECS.includes(f))
    .sort();
}

export function dealShards(files: readonly string[], shards: number, seconds: (file: string) => number = (f) => SECONDS[f] ?? DEFAULT_SECONDS): string[][] {
  const groups = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.files.push(file);
    lightest.total += seconds(file);
  }
  return groups.map((g) => g.files.sort()).filter((g) => g.length > 0);
}

export function shardArgs(root: string, shards: number): string[][] {
  const dir = path.join(root, 'tests/e2e');
  return dealShards(e2eSpecFiles(dir), shards).map((files) => files.map((f) => `tests/e2e/${f}`));
}
