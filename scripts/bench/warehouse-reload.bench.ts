/**
 * /warehouse's reload with 20,000 products (npm run bench -- warehouse-reload): the built app in
 * Chromium on fresh emulators with the large data set (scripts/seed/large.ts); tests/e2e/warehouse-reload.spec.ts
 * prints documents read, ms to the first rows and to the whole catalogue, and the page's peak JS heap, for the first
 * visit and three reloads, and fails when a reload reads more than 100 documents.
 */
import { runE2e } from '../e2e.ts';

process.env.READS_LARGE = '1';
process.env.WAREHOUSE_RELOAD_BENCH = '1';
process.exit(await runE2e(undefined, ['tests/e2e/warehouse-reload.spec.ts']));
