/** The accountant's month package (issue 37 §4): 1,000 + 300 invoices, 40 DDTs, 15,000 sales to the ZIP, on fresh emulators. */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/month-package.bench-test.ts'], { cwd: root });
process.exit(code);
