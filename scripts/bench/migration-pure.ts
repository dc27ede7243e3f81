/**
 * Migrazioni DB at the pure-function level: Analizza (the §4 rules on every stored document)
 * and Dry Run (the conversion through the one converter + the field-by-field change list) over 50,000 legacy sales
 * in this process. Prints documents/s (min/median/max over 5 runs after a warm-up) and the memory each adds to the
 * process's peak (resident set high-water mark) beside the data set itself.
 */
import { resourceUsage } from 'node:process';
import { saleMigrationPatch } from '../../src/data/migration.ts';
import { legacySale } from './lib/legacy-sales.ts';
import { countDocument, emptyStats, fieldChanges, migrationDecision } from '../../src/domain/migration/migration.ts';

const SALES = 50_000;
const mb = (kb: number) => (kb / 1024).toFixed(1);
const nf = new Intl.NumberFormat('it-IT');

const rssBefore = resourceUsage().maxRSS;
const docs = Array.from({ length: SALES }, (_, n) => ({ id: `sale-${String(n)}`, raw: legacySale(n) }));
const rssData = resourceUsage().maxRSS;

function analyse() {
  const stats = emptyStats();
  for (const d of docs) countDocument(stats, 'Sale', d.raw, false);
  return stats;
}
function dryRun() {
  const at = new Date();
  let changed = 0;
  for (const d of docs) {
    if (migrationDecision('Sale', d.raw, false) !== 'migrate') continue;
    changed += fieldChanges(d.raw, saleMigrationPatch(d.id, d.raw, at)).length > 0 ? 1 : 0;
  }
  return changed;
}

function measure(label: string, fn: () => unknown): void {
  fn(); // warm-up
  const before = resourceUsage().maxRSS;
  const rates: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    fn();
    rates.push(SALES / ((performance.now() - t) / 1000));
  }
  rates.sort((a, b) => a - b);
  const f = (x: number | undefined) => nf.format(Math.round(x ?? 0));
  console.log(`${label}, documenti/s: min ${f(rates[0])} / mediana ${f(rates[2])} / max ${f(rates[4])} · picco aggiunto ${mb(resourceUsage().maxRSS - before)} MB`);
}

const stats = analyse();
console.log(`Migrazione Sale (funzioni pure): ${nf.format(SALES)} vendite legacy (1-5 righe, 20% con numeri come testo) · dati in memoria ${mb(rssData - rssBefore)} MB · da migrare ${nf.format(stats.toMigrate)}`);
measure('Analizza', analyse);
console.log(`Dry Run: ${nf.format(dryRun())} documenti con modifiche`);
measure('Dry Run (conversione + elenco modifiche)', dryRun);
