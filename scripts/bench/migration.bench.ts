/**
 * Migrazioni DB: Analizza and Dry Run over 50,000 legacy sales, documents/s and peak memory —
 * first the pure functions in this process (scripts/bench/migration-pure.ts), then the tab's own runner against
 * the Firestore emulator (tests/bench/migration.bench-test.ts).
 */
import path from 'node:path';
import { run } from '../lib/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
// The app's modules use the '@/' alias of tsconfig.node.json.
let code = await run(bin('tsx'), [path.join(root, 'scripts/bench/migration-pure.ts')], { cwd: root, env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' } });
if (code === 0 && !process.argv.includes('--pure')) {
  code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/migration.bench-test.ts'], { cwd: root });
}
process.exit(code);
