/**
 * Fails when a query the app ran during the test suites (recorded by src/lib/firestore-recorder.ts in the
 * integration and end-to-end runs) needs a composite index that firestore.indexes.json does not declare.
 * Usage: tsx scripts/check-indexes.ts <folder of *.jsonl recordings>
 */
import fs from 'node:fs';
import path from 'node:path';
import { missingIndexes, type CompositeIndex, type RecordedQuery } from './indexes/derive.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = process.argv[2] ?? process.env.QUERY_LOG_DIR;
if (!dir || !fs.existsSync(dir)) {
  console.error(`Nessuna registrazione di query trovata (${dir ?? 'cartella non indicata'}).`);
  process.exit(1);
}
const queries: RecordedQuery[] = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as RecordedQuery));
if (queries.length === 0) {
  console.error('Nessuna query registrata: il registratore delle query non è attivo, il controllo degli indici non può essere fatto.');
  process.exit(1);
}
const declared = (JSON.parse(fs.readFileSync(path.join(ROOT, 'firestore.indexes.json'), 'utf8')) as { indexes: CompositeIndex[] }).indexes;
const distinct = new Set(queries.map((q) => JSON.stringify(q))).size;
const missing = missingIndexes(queries, declared);
if (missing.length > 0) {
  console.error(`Indici compositi mancanti in firestore.indexes.json (in produzione queste query falliscono):`);
  for (const m of missing) console.error(`- ${m.query}\n  aggiungi: ${JSON.stringify(m.index)}`);
  process.exit(1);
}
console.log(`${distinct} query distinte registrate: tutte servite da firestore.indexes.json (${declared.length} indici compositi).`);
