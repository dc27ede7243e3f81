/**
 * The memory of the server jobs that read a big shop's whole lists (npm run bench -- nightly-memory): the nightly day
 * summaries on a busy day and the data bundles of 20,000 products and 10,000 customers, on fresh emulators.
 */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/nightly-memory.bench-test.ts'], { cwd: root });
process.exit(code);
