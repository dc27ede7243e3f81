/** `npm run bench`: runs every scripts/bench/*.bench.ts in turn; each prints its own figures. */
import fs from 'node:fs';
import path from 'node:path';
import { run } from '../lib/processes.ts';

const dir = import.meta.dirname;
const tsx = path.resolve(dir, '../../node_modules/.bin/tsx');
const only = process.argv[2];
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only))).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  if ((await run(tsx, [path.join(dir, file)])) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
