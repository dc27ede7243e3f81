/**
 * 'Statistiche Vendite' aggregation: the app's own `salesStatistics` over 50,000 sales of 5 lines,
 * in this process. Prints ms (min/median/max over 9 runs after a warm-up) and the memory the computation adds to the
 * process's peak (resident set high-water mark), beside the size of the data set itself.
 * Then a year of 100,000 sales on fresh emulators through the daily summaries:
 * tests/bench/statistics-summaries.bench-test.ts (STATS_BENCH_SALES=N for another size; STATS_BENCH_PURE_ONLY=1 skips it).
 */
import path from 'node:path';
import { resourceUsage } from 'node:process';
import { run } from '../lib/processes.ts';
import { salesStatistics, type StatsSale } from '../../src/domain/statistics/sales-statistics.ts';

const SALES = 50_000;
const METHODS = ['contanti', 'Contanti', 'bancomat', 'Bancomat', 'fatture', 'preconto', 'POS'];
const CATEGORIES = ['Caffetteria', 'Bevande', 'Pasticceria', 'Tabacchi', ''];
const mb = (kb: number) => (kb / 1024).toFixed(1);

const rssBefore = resourceUsage().maxRSS;
const sales: StatsSale[] = [];
for (let n = 0; n < SALES; n++) {
  const lines = Array.from({ length: 5 }, (_, i) => {
    const product = (n * 7 + i * 13) % 600;
    const qty = i === 4 ? 0.25 * (1 + (n % 4)) : 1 + ((n + i) % 3);
    return { name: `Prodotto ${product}`, qty, total: Math.round(qty * (150 + product * 3)) / 100, category: CATEGORIES[product % CATEGORIES.length] };
  });
  sales.push({
    date: new Date(2026, 0, 1 + (n % 365), 7 + (n % 14), n % 60),
    price: Math.round(lines.reduce((sum, l) => sum + l.total, 0) * 100) / 100,
    method: METHODS[n % METHODS.length] ?? 'contanti',
    isVoid: n % 40 === 0,
    customerName: n % 3 === 0 ? `Cliente ${n % 2_000}` : '',
    lines,
  });
}
const costs = Array.from({ length: 400 }, (_, i) => ({ total: 100 + i * 1.17 }));
const rssData = resourceUsage().maxRSS;

let stats = salesStatistics(sales, costs); // warm-up
const runs: number[] = [];
for (let i = 0; i < 9; i++) {
  const t = performance.now();
  stats = salesStatistics(sales, costs);
  runs.push(performance.now() - t);
}
runs.sort((a, b) => a - b);
const rssAfter = resourceUsage().maxRSS;
console.log(
  `Statistiche: ${SALES.toLocaleString('it-IT')} vendite × 5 righe · ${stats.transactions} transazioni contate · ` +
    `${stats.customers.length} clienti · ${stats.products.length} prodotti · totale ${stats.totalSales.toFixed(2)} €`,
);
console.log(`Statistiche, ms: min ${runs[0]?.toFixed(0)} / mediana ${runs[4]?.toFixed(0)} / max ${runs[8]?.toFixed(0)} (obiettivo: mediana sotto 300 ms)`);
console.log(`Statistiche, memoria: dati in ingresso ${mb(rssData - rssBefore)} MB; picco aggiunto dal calcolo ${mb(rssAfter - rssData)} MB`);

if (process.env.STATS_BENCH_PURE_ONLY !== '1') {
  const root = path.resolve(import.meta.dirname, '../..');
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  const code = await run(bin('tsx'), [path.join(root, 'scripts/with-emulators.ts'), '--', bin('vitest'), 'run', '--project', 'bench', '--reporter', 'verbose', 'tests/bench/statistics-summaries.bench-test.ts'], { cwd: root });
  process.exit(code);
}
