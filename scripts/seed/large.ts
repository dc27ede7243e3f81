/**
 * The benchmarks' large data set (`seed --large`, `npm run bench -- reads`): the demo shop of negozio@demo.it grows
 * to 20,000 products, 10,000 customers and 2,000 invoices (its 50,000 sales come from `--sales`). Each extra
 * document is a copy of one of the shop's own demo documents with a new id and distinct name, code and fiscal
 * id, so every screen reads them exactly as it reads the demo data. The new ids look like Firestore's auto-ids (20
 * characters of [0-9A-Za-z]), as the POS app's and this app's documents have them: the live customer directory is
 * read in id ranges cut on that alphabet (lib/firebase-ranges.ts).
 */
import { DEMO_ACCOUNTS } from './accounts';
import { Rng, type SeedDoc } from './random';

export const LARGE_SALES = 50_000;
export const LARGE_TARGETS: Readonly<Record<string, number>> = { Scrap: 20_000, Customer: 10_000, Invoice: 2_000 };

const OWNER = DEMO_ACCOUNTS.owner.uid;

/** Eleven digits for copy `n`: distinct from each other and from the demo's (which are checksummed). */
const digits = (n: number, width: number) => `9${String(n).padStart(width - 1, '0')}`;

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

function variant(collection: string, data: Record<string, unknown>, n: number): Record<string, unknown> {
  const label = ` ${String(n)}`;
  switch (collection) {
    case 'Scrap':
      return { ...data, name: `${text(data.name, 'Prodotto')}${label}`, barcode: digits(n, 13), code: `L${String(n)}` };
    case 'Customer':
      return { ...data, ragioneSociale: `${text(data.ragioneSociale, 'Cliente')}${label}`, pIva: digits(n, 11), vatNumber: digits(n, 11) };
    default:
      return { ...data, uuid: `large-${String(n)}` };
  }
}

/** The copies that bring the owner's products, customers and invoices up to LARGE_TARGETS. */
export function largeDocs(demo: readonly SeedDoc[]): SeedDoc[] {
  const extra: SeedDoc[] = [];
  const rng = new Rng(2025);
  for (const [collection, target] of Object.entries(LARGE_TARGETS)) {
    const own = demo.filter((d) => d.collection === collection && d.data.userId === OWNER);
    if (own.length === 0) throw new Error(`nessun documento ${collection} del negozio demo da copiare`);
    for (let n = own.length; n < target; n++) {
      const model = own[n % own.length] as SeedDoc;
      const id = rng.autoId();
      extra.push({ collection, id, data: variant(collection, model.data, n) });
    }
  }
  return extra;
}
