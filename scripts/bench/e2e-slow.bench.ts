/**
 * `npm run bench -- e2e-slow`: the end-to-end specs of tests/e2e/slow-specs.ts, on their own emulators and build —
 * fault injection that waits out the product’s real time limits, the sign-in timing and the migration
 * walkthrough on the whole seeded collection. Playwright
 * prints each test with its duration; the sign-in spec prints its min/median/max.
 */
import { SLOW_SPECS } from '../../tests/e2e/slow-specs.ts';
import { runE2e } from '../e2e.ts';

process.env.E2E_SLOW = '1';
const started = Date.now();
const code = await runE2e(undefined, SLOW_SPECS.map((f) => `tests/e2e/${f}`));
console.log(`\nSpecifiche lente (${SLOW_SPECS.length} file): ${((Date.now() - started) / 1000).toFixed(0)} s in tutto, emulatori e build compresi.`);
process.exit(code);
