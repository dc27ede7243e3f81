/**
 * The accountant's month package: 1,000 + 300 invoices, 40 DDTs, 15,000 sales to the ZIP, on fresh
 * emulators. The measuring process runs with its JS heap capped (HEAP_CAP_MB): left free on a 24 GB machine, V8 lets
 * the heap grow to 500 MB of mostly garbage before collecting, and the peak RSS would measure the collector's
 * laziness, not what the package holds (its live set peaks near 130 MB). The cap is what a memory-pressed tab does;
 * a package that needed more would fail the run.
 */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const HEAP_CAP_MB = 192;
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', 'env', `NODE_OPTIONS=--max-old-space-size=${HEAP_CAP_MB}`, `MONTH_PACKAGE_HEAP_CAP_MB=${HEAP_CAP_MB}`, bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/month-package.bench-test.ts'], { cwd: root });
process.exit(code);
