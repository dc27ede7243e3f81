/**
 * FatturaPA engine benchmark: build + semantically validate 1,000 generated invoices (seeded corpus, the same
 * generator as the corpus test). Target: under 2,000 ms. Exits 1 when over target or when any invoice has a problem.
 *   npx tsx scripts/bench/fatturapa.bench.ts [count]
 */
import { buildInvoiceXml } from '../../src/domain/fatturapa/builder.ts';
import { generateCorpus } from '../../src/domain/fatturapa/test-corpus.ts';
import { checkInvoiceSemantics } from '../../src/domain/fatturapa/validate.ts';

const COUNT = Number(process.argv[2] ?? 1000);
const TARGET_MS = 2000;

const inputs = generateCorpus(4242, COUNT);
const lineCount = inputs.reduce((n, i) => n + i.draft.lines.length, 0);

// warm-up (JIT) on a separate small corpus
for (const input of generateCorpus(7, 50)) checkInvoiceSemantics(buildInvoiceXml(input));

let problems = 0;
let bytes = 0;
let buildMs = 0;
const cpuStart = process.cpuUsage();
const start = performance.now();
for (const input of inputs) {
  const t = performance.now();
  const xml = buildInvoiceXml(input);
  buildMs += performance.now() - t;
  bytes += xml.length;
  problems += checkInvoiceSemantics(xml).length;
}
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);

console.log(
  `fatturapa: build + semantic check of ${String(COUNT)} invoices (${String(lineCount)} lines, ` +
    `${(bytes / 1e6).toFixed(1)} MB of XML): ${ms.toFixed(0)} ms ` +
    `(build ${buildMs.toFixed(0)} ms, check ${(ms - buildMs).toFixed(0)} ms; CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; ` +
    `${(ms / COUNT).toFixed(2)} ms/invoice; target < ${String(TARGET_MS)} ms) ${ms < TARGET_MS ? 'OK' : 'OVER TARGET'}`,
);
if (problems > 0) console.log(`fatturapa: ${String(problems)} problems found in generated invoices`);
process.exitCode = ms < TARGET_MS && problems === 0 ? 0 : 1;
