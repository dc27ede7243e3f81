/**
 * The delay from input to the next paint of the interactions a big shop repeats all day (npm run bench --
 * interactions): the built app in Chromium on fresh emulators with the large data set (scripts/seed/large.ts), the
 * CPU slowed ×4 once each list has loaded; tests/e2e/interactions.spec.ts measures each interaction with the Event
 * Timing API and prints p50 / p75 / max against the 'good' INP threshold. It fails only when an interaction cannot
 * be performed, not when a figure misses the goal.
 */
import { runE2e } from '../e2e.ts';

process.env.READS_LARGE = '1';
process.env.INTERACTIONS_BENCH = '1';
process.exit(await runE2e(undefined, ['tests/e2e/interactions.spec.ts']));
