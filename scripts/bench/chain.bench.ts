/** Chain dashboard statistics: 5 members with 2,000 then 20,000 sales each, on fresh emulators. */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
// The Firestore emulator's JVM takes a quarter of the machine's memory by default (6 GB here) and ran out of it
// ('java.lang.OutOfMemoryError: Java heap space') aggregating over 100,000 sales: this run gives it 12 GB.
const env = { ...process.env, JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, '-Xmx12g'].filter(Boolean).join(' ') };
const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/chain.bench-test.ts'], { cwd: root, env });
process.exit(code);
