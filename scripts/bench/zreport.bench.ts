/**
 * Chiusura cassa (npm run bench -- zreport): the figures of /zreport for a month of 15,000 sales through
 * the day summaries, on fresh emulators: tests/bench/zreport.bench-test.ts (ZREPORT_BENCH_SALES=N for another size).
 */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/zreport.bench-test.ts'], { cwd: root });
process.exit(code);
