/**
 * `npm run test:clock`: the tests whose result depends on 'now' run again with the machine's clock set to each of
 * CLOCK_INSTANTS (libfaketime, Debian's package `faketime`: every process of the run — Node, the emulators' JVM,
 * Chromium — sees the same instant, and the clock runs on from there).
 *
 *   npm run test:clock              the unit layer at every instant (CI runs this)
 *   npm run test:clock -- --e2e     also the date-dependent end-to-end specs (DATE_SPECS) at every instant
 *   npm run test:clock -- --e2e --at 2027-03-01T00:30:00+01:00 tests/e2e/zreport.spec.ts
 *                                   one instant, the specs given
 *   --no-unit                       the end-to-end specs only
 *   --logic                         of the unit layer only the logic (*.test.ts, no component under jsdom): what
 *                                   npm test runs at every instant, 30 s an instant instead of 60 on 2 cores; the
 *                                   screens' dates are the end-to-end specs' part
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CLOCK_INSTANTS, fakeTimeOffset, SHOP_TIME_ZONE, type ClockInstant } from './lib/clock-instants.ts';
import { run } from './lib/processes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/** The end-to-end specs whose figures depend on the day, the month, the hour or a deadline counted from today. */
export const DATE_SPECS = [
  'tests/e2e/zreport.spec.ts',
  'tests/e2e/zreport-summaries.spec.ts',
  'tests/e2e/dashboard.spec.ts',
  'tests/e2e/statistics.spec.ts',
  'tests/e2e/sales.spec.ts',
  'tests/e2e/month-package.spec.ts',
  'tests/e2e/packs.spec.ts',
  'tests/e2e/ddt.spec.ts',
  'tests/e2e/invoices.spec.ts',
  'tests/e2e/developer.spec.ts',
  'tests/e2e/month-package-keyboard.spec.ts',
  'tests/e2e/register-shop.spec.ts',
  'tests/e2e/settings.spec.ts',
];

const args = process.argv.slice(2);
const withE2e = args.includes('--e2e');
const atIndex = args.indexOf('--at');
const at = atIndex >= 0 ? args[atIndex + 1] : undefined;
const specs = args.filter((a, i) => a.endsWith('.ts') && i !== atIndex + 1);
const instants: ClockInstant[] = at ? [{ label: at, iso: at }] : [...CLOCK_INSTANTS];
if (at && Number.isNaN(Date.parse(at))) {
  console.error(`Istante non valido: ${at} (formato ISO 8601 con fuso, es. 2027-03-01T00:30:00+01:00)`);
  process.exit(2);
}

if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error('Manca faketime (pacchetto Debian `faketime`): sudo apt-get install -y faketime. .ci/run lo installa.');
  process.exit(1);
}

/** Runs a command with the clock of every process it starts set to `iso` (the offset is taken at launch). */
function atInstant(iso: string, command: string, commandArgs: string[]): Promise<number> {
  return run('faketime', ['-f', fakeTimeOffset(iso), command, ...commandArgs], { cwd: ROOT, env: { ...process.env, TZ: SHOP_TIME_ZONE } });
}

const results: { label: string; layer: string; code: number; seconds: number }[] = [];
for (const instant of instants) {
  const layers: [string, string, string[]][] = args.includes('--no-unit') ? [] : [['unit', bin('vitest'), ['run', '--project', 'unit', '--reporter=dot', ...(args.includes('--logic') ? ['--exclude', '**/*.test.tsx'] : [])]]];
  if (withE2e) layers.push(['e2e', bin('tsx'), [path.join(ROOT, 'scripts/e2e.ts'), ...(specs.length > 0 ? specs : DATE_SPECS)]]);
  for (const [layer, command, commandArgs] of layers) {
    console.log(`\n⏱ ${layer} a ${instant.iso} — ${instant.label}`);
    const started = Date.now();
    const code = await atInstant(instant.iso, command, commandArgs);
    results.push({ label: `${instant.iso} ${layer}`, layer, code, seconds: (Date.now() - started) / 1000 });
  }
}

console.log('\nIstanti provati:');
for (const r of results) console.log(`  ${r.code === 0 ? '✔' : '✖'} ${r.label.padEnd(36)} ${r.seconds.toFixed(1).padStart(7)} s`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) {
  console.error(`\n${String(failed.length)} esecuzioni non riuscite a istanti fissi.`);
  process.exit(1);
}
console.log('\nTutti gli istanti sono passati.');
process.exit(0);
