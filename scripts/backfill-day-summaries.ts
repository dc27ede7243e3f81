/**
 * Builds the day summaries (SaleDaySummary) of past days with the nightly job's own function
 * (functions/src/day-summaries.ts): once after deploying the job, so that /zreport and /statistics read
 * summaries for the history too, and again for days the job missed. A month at a time per shop.
 *
 *   GOOGLE_APPLICATION_CREDENTIALS=chiave.json npx tsx --tsconfig functions/tsconfig.json scripts/backfill-day-summaries.ts \
 *     --project <id> --from 2026-01-01 --to 2026-11-28 [--shop <id>] [--apply]
 *
 * Without --apply it only prints what it would build. Against the emulators it runs like the seed (`seed --large` calls it).
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { buildAllShopsDaySummaries, buildShopDaySummaries, daysBetween } from '../functions/src/day-summaries.ts';
import { shopsCol } from '../functions/src/typed-refs.ts';

const args = process.argv.slice(2);
const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const project = value('--project');
const from = value('--from');
const to = value('--to');
const shopId = value('--shop');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
if (!project || !from || !to || !DAY.test(from) || !DAY.test(to) || from > to) {
  console.error('Uso: npx tsx --tsconfig functions/tsconfig.json scripts/backfill-day-summaries.ts --project <id> --from AAAA-MM-GG --to AAAA-MM-GG [--shop <id>] [--apply]');
  process.exit(2);
}
const days = daysBetween(from, to);
const months = [...new Set(days.map((d) => d.slice(0, 7)))];
console.log(`${days.length} giorni (${months.length} mesi) ${shopId ? `del negozio ${shopId}` : 'di ogni negozio'}.`);
if (!args.includes('--apply')) {
  console.log('Solo il piano: aggiungi --apply per scrivere.');
  process.exit(0);
}
process.env.METADATA_SERVER_DETECTION ??= 'none';
const db = getFirestore(initializeApp({ projectId: project }));
const now = new Date();
let summaries = 0;
let sales = 0;
let skipped = 0;
for (const month of months) {
  const monthDays = days.filter((d) => d.startsWith(month));
  if (shopId) {
    const shop = (await shopsCol(db).doc(shopId).get()).data();
    if (!shop) throw new Error(`Negozio ${shopId} non trovato.`);
    const r = await buildShopDaySummaries(db, shop, monthDays, now);
    summaries += r.summaries;
    sales += r.salesRead;
    skipped += r.salesSkipped;
  } else {
    const r = await buildAllShopsDaySummaries(db, monthDays, now);
    summaries += r.summaries;
    sales += r.salesRead;
    skipped += r.salesSkipped;
    if (r.failed.length > 0) console.error(`${month}: non costruiti per ${r.failed.join(', ')} (vedi l'errore sopra).`);
  }
}
console.log(`${summaries} riepiloghi scritti da ${sales} vendite${skipped > 0 ? ` (${skipped} oltre la dimensione massima escluse: vedi gli avvisi sopra)` : ''}.`);
