/**
 * The demo data set: a PURE, deterministic generator (seeded PRNG, `now` passed in) returning every document
 * in the exact stored shape the POS app and the spec use. Dates are JS Dates (the writer stores Timestamps).
 * Subscription expiries, sales and logs are relative to `now`, so the data stays "current" on every run.
 */
import { catalogDocs } from './catalog';
import { customerDocs } from './customers';
import { ddtDocs } from './ddts';
import { incomingInvoiceDocs } from './invoices-incoming';
import { outgoingInvoiceDocs } from './invoices-outgoing';
import { miscDocs } from './misc';
import { monthPackageDocs } from './month-package';
import { peopleDocs } from './people';
import { productDocs } from './products';
import { Rng, type SeedContext, type SeedDoc } from './random';
import { DEFAULT_OWNER_SALES, salesDocs } from './sales';

export type { SeedDoc } from './random';
export { DEFAULT_OWNER_SALES } from './sales';

export interface DemoDataOptions {
  /** Reference time; default the real now. */
  now?: Date;
  /** Number of sales of the main demo shop (negozio@demo.it); default 1500. The size knob for benchmarks. */
  sales?: number;
  /** PRNG seed; default 20260101. */
  seed?: number;
}

/** Drops undefined values deeply (Firestore rejects them); Dates and other class instances are kept. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(clean);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = clean(v);
    return out;
  }
  return value;
}

export function generateDemoData(options: DemoDataOptions = {}): SeedDoc[] {
  const now = options.now ?? new Date();
  const sales = options.sales ?? DEFAULT_OWNER_SALES;
  if (!Number.isInteger(sales) || sales < 0) throw new Error(`sales must be a non-negative integer, got ${sales}`);
  // Each area gets its own stream, so changing one area's size never reshuffles the others.
  const ctx = (salt: number): SeedContext => ({ now, rng: new Rng((options.seed ?? 20260101) + salt) });
  const docs = [
    ...catalogDocs(ctx(1)),
    ...peopleDocs(ctx(2)),
    ...productDocs(ctx(3)),
    ...customerDocs(ctx(4)),
    ...salesDocs(ctx(5), sales),
    ...outgoingInvoiceDocs(ctx(6)),
    ...incomingInvoiceDocs(ctx(7)),
    ...miscDocs(ctx(8)),
    ...ddtDocs(ctx(9)),
    ...monthPackageDocs(ctx(10)),
  ];
  const seen = new Set<string>();
  for (const d of docs) {
    const key = `${d.collection}/${d.id}`;
    if (seen.has(key)) throw new Error(`duplicate demo document ${key}`);
    seen.add(key);
    d.data = clean(d.data) as Record<string, unknown>;
  }
  return docs;
}

/** Documents per collection, for the seed's report. */
export function countByCollection(docs: readonly SeedDoc[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of docs) counts[d.collection] = (counts[d.collection] ?? 0) + 1;
  return counts;
}
