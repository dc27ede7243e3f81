/**
 * Warehouse (npm run bench -- warehouse): 20,000 products loaded through the app's pages of 1000 (ms to the first
 * rows, ms to all) and filtered keystroke by keystroke; a CSV import of 10,000 price updates into the emulator
 * under the rules (rows/s), then the same file again. Fresh emulators.
 */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/warehouse.bench-test.ts'], { cwd: root });
process.exit(code);
