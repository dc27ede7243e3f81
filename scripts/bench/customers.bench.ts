/**
 * Customers on fresh emulators, through the app's code: the directory of 10,000 customers (ms to the first rows
 * and to the whole live list, ms per search keystroke; tests/bench/customers-list.bench-test.ts), and the CSV
 * import of 10,000 rows (rows per second; tests/bench/customers-import.bench-test.ts).
 */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(
  bin('tsx'),
  [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/customers-list.bench-test.ts', 'tests/bench/customers-import.bench-test.ts'],
  { cwd: root },
);
process.exit(code);
