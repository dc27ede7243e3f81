/** 'Scadenze SDI' (the dashboard's what-is-due) with 2,000 and then 20,000 invoices and drafts, on fresh emulators. */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/sdi-due.bench-test.ts'], { cwd: root });
process.exit(code);
