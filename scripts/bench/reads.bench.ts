/**
 * Documents read per screen (npm run bench -- reads): the e2e build's read counter over every screen of
 * every level, with the demo data and then with the large data set (50,000 sales, 20,000 products, 10,000
 * customers, 2,000 invoices in the demo shop). Each run prints its table (tests/e2e/reads.spec.ts) with the goal
 * (reload ≤ 100 documents, first visit ≤ 1,000 but for the whole-collection screens) and fails when a screen
 * misses it.
 */
import { runE2e } from '../e2e.ts';

process.env.READS_TABLE = '1';
let failed = 0;
for (const large of [false, true]) {
  process.env.READS_LARGE = large ? '1' : '0';
  console.log(`\nLetture per schermata, ${large ? 'dati grandi' : 'dati demo'}…`);
  if ((await runE2e(undefined, ['tests/e2e/reads.spec.ts'])) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
