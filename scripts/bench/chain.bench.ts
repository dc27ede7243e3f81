/** Chain dashboard statistics: 5 members with 2,000 then 20,000 sales each, on fresh emulators (issue 23). */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/chain.bench-test.ts'], { cwd: root });
process.exit(code);
