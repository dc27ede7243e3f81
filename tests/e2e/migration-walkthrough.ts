import { expect, test, type Browser, type Page } from './fixture';
import { migrationDecision } from '../../src/domain/migration/migration';
import { axeViolations, openSignedIn, shot } from './helpers';
import type { FsValue } from './firestore-data';

/**
 * Migrazioni DB as admin@demo.it on the seeded Sale collection (legacy shapes: numbers as text,
 * missing scrapCount...) plus four documents of this test with hand-computed expectations. Dry run first (nothing
 * written), then a real migration closed half-way and restarted: every document that needed it ends up migrated
 * exactly once (those of the first run keep their migratedAt). The Sale collection is put back as it was after.
 *
 * Two sizes: `npm test` (migration.spec.ts) leaves 300 documents to migrate — six batches, the
 * other legacy sales of the seed marked migrated before the walkthrough — so every step runs on a real, interrupted
 * multi-batch migration in about a tenth of the time; the whole seeded collection (about 2,000 documents, 9.5 min
 * on a loaded 2-core machine) runs in the slow set (migration-full.spec.ts, `npm run bench -- e2e-slow`).
 */

type Plain = null | boolean | number | string | Plain[] | { [k: string]: Plain };

function root(): string {
  return `http://${process.env.FIRESTORE_EMULATOR_HOST ?? ''}/v1/projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/databases/(default)/documents`;
}
const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

function decode(v: FsValue): Plain {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.integerValue !== undefined) return Number(v.integerValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.booleanValue !== undefined) return v.booleanValue;
  if (v.timestampValue !== undefined) return `ts:${v.timestampValue}`;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(decode);
  if (v.mapValue) return decodeFields(v.mapValue.fields ?? {});
  return null;
}
function decodeFields(fields: Record<string, FsValue>): { [k: string]: Plain } {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, decode(v)]));
}
function encode(value: Plain): FsValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encode) } };
  return { mapValue: { fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)])) } };
}

interface RawDoc {
  id: string;
  fields: Record<string, FsValue>;
}

async function listSales(): Promise<RawDoc[]> {
  const out: RawDoc[] = [];
  let token = '';
  for (;;) {
    const r = await fetch(`${root()}/Sale?pageSize=1000${token ? `&pageToken=${token}` : ''}`, { headers });
    const body = (await r.json()) as { documents?: { name: string; fields?: Record<string, FsValue> }[]; nextPageToken?: string };
    for (const d of body.documents ?? []) out.push({ id: d.name.split('/').pop() ?? '', fields: d.fields ?? {} });
    if (!body.nextPageToken) return out;
    token = body.nextPageToken;
  }
}

/** The sales marked migrated, with only their marks: what the interrupted run's checks need, without reading every sale. */
async function listMigrated(): Promise<RawDoc[]> {
  const structuredQuery = {
    from: [{ collectionId: 'Sale' }],
    where: { fieldFilter: { field: { fieldPath: 'migrated' }, op: 'EQUAL', value: { booleanValue: true } } },
    select: { fields: [{ fieldPath: 'migrated' }, { fieldPath: 'migratedAt' }] },
  };
  const r = await fetch(`${root()}:runQuery`, { method: 'POST', headers, body: JSON.stringify({ structuredQuery }) });
  const rows = (await r.json()) as { document?: { name: string; fields?: Record<string, FsValue> } }[];
  return rows.flatMap((row) => (row.document ? [{ id: row.document.name.split('/').pop() ?? '', fields: row.document.fields ?? {} }] : []));
}

async function commit(writes: unknown[]): Promise<void> {
  for (let i = 0; i < writes.length; i += 300) {
    const r = await fetch(`${root()}:commit`, { method: 'POST', headers, body: JSON.stringify({ writes: writes.slice(i, i + 300) }) });
    if (!r.ok) throw new Error(`commit: ${await r.text()}`);
  }
}
const docName = (id: string) => `projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/databases/(default)/documents/Sale/${id}`;

async function getSale(id: string): Promise<{ [k: string]: Plain }> {
  const r = await fetch(`${root()}/Sale/${id}`, { headers });
  return decodeFields(((await r.json()) as { fields?: Record<string, FsValue> }).fields ?? {});
}

const SHOP = 'e2e-migration-shop';
const at = '2025-06-03T09:30:00Z';
const TEST_SALES: Record<string, { [k: string]: Plain }> = {
  // Numbers as text, a line discount, a sale discount, two VAT rates.
  'e2e-migr-1': {
    userId: SHOP, date: at, method: 'contanti', isVoid: false, price: '9,86', discounts: '1', fidelityPointsEarned: '9', scrapCount: 2,
    scrapName0: 'Taleggio', scrapPrice0: '4,20', scrapQuantity0: '2', scrapIva0: '4', scrapDiscount0: '10', scrapCode0: 'BV003', scrapCategory0: 'Formaggi',
    scrapName1: 'Acqua', scrapPrice1: 1.1, scrapQuantity1: 3, scrapIva1: 22,
  },
  // scrapCount lost, no method, no VAT rate, no quantity.
  'e2e-migr-2': { userId: SHOP, date: at, isVoid: false, price: 3.5, scrapName0: 'Sacchetto', scrapPrice0: 3.5 },
  // Already in the current structure: left alone.
  'e2e-migr-3': {
    userId: SHOP, date: at, method: 'bancomat', isVoid: false, price: 2,
    lines: [{ lineId: 'L1', productSnapshot: { barcode: '', code: 'X', name: 'Penna', unitOfMeasure: 'pz', vatRate: 22 }, qty: 1, unitPrice: 2, lineDiscount: 0, gross: 2, net: 1.64, vat: 0.36, total: 2 }],
    payment: { method: 'bancomat', currency: 'EUR', breakdown: [{ method: 'bancomat', amount: 2 }] }, totals: { gross: 2, net: 1.64, vat: 0.36 }, taxBreakdown: [{ vatRate: 22, gross: 2, net: 1.64, vat: 0.36 }],
  },
  // Marked migrated although legacy: skipped unless forced.
  'e2e-migr-4': { userId: SHOP, date: at, method: 'contanti', isVoid: false, price: '1,00', scrapCount: 1, scrapName0: 'Gomma', scrapPrice0: '1,00', migrated: true, migratedAt: '2025-01-01' },
};
const asDate = (v: string) => ({ timestampValue: v });
function testWrites(): unknown[] {
  return Object.entries(TEST_SALES).map(([id, data]) => ({
    update: { name: docName(id), fields: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, k === 'date' ? asDate(v as string) : encode(v)])) },
  }));
}

/** The documents expected after the migration, written out by hand (document 3 §3, §9). */
const EXPECTED_1 = {
  ...TEST_SALES['e2e-migr-1'], date: `ts:${at}`,
  price: 9.86, discounts: 1, fidelityPointsEarned: 9,
  lines: [
    {
      lineId: '0', productSnapshot: { barcode: '', code: 'BV003', name: 'Taleggio', unitOfMeasure: 'pz', vatRate: 4 }, qty: 2, unitPrice: 4.2, lineDiscount: 10,
      gross: 7.56, net: 7.27, vat: 0.29, changedPrice: false, loyaltyEligible: true,
      scrapName: 'Taleggio', scrapPrice: 4.2, scrapQuantity: 2, scrapIva: 4, scrapCategory: 'Formaggi', scrapCode: 'BV003', total: 7.56,
    },
    {
      lineId: '1', productSnapshot: { barcode: '', code: '', name: 'Acqua', unitOfMeasure: 'pz', vatRate: 22 }, qty: 3, unitPrice: 1.1, lineDiscount: 0,
      gross: 3.3, net: 2.7, vat: 0.6, changedPrice: false, loyaltyEligible: true, scrapName: 'Acqua', scrapPrice: 1.1, scrapQuantity: 3, scrapIva: 22, total: 3.3,
    },
  ],
  payment: { method: 'contanti', currency: 'EUR', breakdown: [{ method: 'contanti', amount: 9.86 }] },
  totals: { gross: 9.86, net: 9.06, vat: 0.8 },
  taxBreakdown: [{ vatRate: 4, gross: 6.86, net: 6.6, vat: 0.26 }, { vatRate: 22, gross: 3, net: 2.46, vat: 0.54 }],
  migrated: true,
};
const EXPECTED_2 = {
  ...TEST_SALES['e2e-migr-2'], date: `ts:${at}`,
  lines: [{
    lineId: '0', productSnapshot: { barcode: '', code: '', name: 'Sacchetto', unitOfMeasure: 'pz' }, qty: 1, unitPrice: 3.5, lineDiscount: 0,
    gross: 3.5, net: 3.5, vat: 0, changedPrice: false, loyaltyEligible: true, scrapName: 'Sacchetto', scrapPrice: 3.5, scrapQuantity: 1, total: 3.5,
  }],
  payment: { method: 'Contanti', currency: 'EUR', breakdown: [{ method: 'Contanti', amount: 3.5 }] },
  totals: { gross: 3.5, net: 3.5, vat: 0 },
  taxBreakdown: [{ vatRate: 0, gross: 3.5, net: 3.5, vat: 0 }],
  migrated: true,
};

function withoutMigratedAt(doc: { [k: string]: Plain }) {
  const { migratedAt, ...rest } = doc;
  expect(typeof migratedAt === 'string' ? migratedAt : '').toMatch(/^ts:/);
  return rest;
}

async function openTab(page: Page) {
  await openSignedIn(page, 'admin', '/developer');
  await expect(page).toHaveURL(/\/developer$/);
  await page.getByRole('tab', { name: 'Migrazioni DB' }).click();
  await expect(page.getByRole('heading', { name: 'Migrazioni DB' })).toBeVisible();
}

const progressLabel = (page: Page) => page.locator('label[for="migration-progress"]');
async function batchesDone(page: Page): Promise<{ done: number; total: number }> {
  const m = /\((\d+)\/(\d+) batch/.exec((await progressLabel(page).textContent().catch(() => '')) ?? '');
  return { done: Number(m?.[1] ?? 0), total: Number(m?.[2] ?? 0) };
}

/** Ceiling for 'Analizza' (a scan of the whole collection). */
const SCAN = 120_000;

/** The migration's decision on a stored sale, its date read as the SDK gives it (a Timestamp, not the REST text). */
const decide = (d: RawDoc) => {
  const at = d.fields.date?.timestampValue;
  return migrationDecision('Sale', { ...decodeFields(d.fields), ...(at !== undefined ? { date: new Date(at) } : {}) }, false);
};

/**
 * The walkthrough, on `documents` documents to migrate ('all': every legacy sale of the seed). With a number, the
 * seeded legacy sales past the first (by id, the order of the scan) are marked migrated first, as if an earlier run
 * had done them; they count among 'Già migrati' and the afterAll hook puts them back.
 */
export function migrationWalkthrough(documents: number | 'all'): void {
  let seeded: RawDoc[] = [];
  let original: RawDoc[] = [];

  test.beforeAll(async () => {
    // Three reads of the whole collection and the marks in batches of 300: beyond the default 120 s under load.
    test.setTimeout(300_000);
    seeded = await listSales();
    await commit(testWrites());
    if (documents !== 'all') {
      const legacy = (await listSales()).filter((d) => !d.id.startsWith('e2e-migr-') && decide(d) === 'migrate').sort((a, b) => a.id.localeCompare(b.id));
      // A sale whose isVoid or date the POS stored as text is migrated even when marked: it cannot be set aside.
      const markable = legacy.filter((d) => decide({ ...d, fields: { ...d.fields, migrated: { booleanValue: true } } }) !== 'migrate').map((d) => d.id);
      const kept = documents - 2 - (legacy.length - markable.length); // e2e-migr-1 and -2 are to migrate too
      expect(markable.length, 'vendite legacy del seed').toBeGreaterThan(kept);
      await commit(markable.slice(kept).map((id) => ({ update: { name: docName(id), fields: { migrated: { booleanValue: true } } }, updateMask: { fieldPaths: ['migrated'] } })));
    }
    original = await listSales();
  });

  test.afterAll(async () => {
    test.setTimeout(300_000);
    // Put the Sale collection back as the seed wrote it, and remove this test's documents.
    const byId = new Map(seeded.map((d) => [d.id, d]));
    const writes: unknown[] = [];
    for (const d of await listSales()) {
      const before = byId.get(d.id);
      if (!before) writes.push({ delete: docName(d.id) });
      else if (JSON.stringify(before.fields) !== JSON.stringify(d.fields)) writes.push({ update: { name: docName(d.id), fields: before.fields } });
    }
    await commit(writes);
  });

  test('Migrazioni DB: Analizza, Dry Run writes nothing, real migration interrupted and resumed, field-by-field result', async ({ browser }) => {
    test.setTimeout(documents === 'all' ? 900_000 : 300_000);
    await walkthrough(browser, original, documents);
  });
}

async function walkthrough(browser: Browser, original: RawDoc[], documents: number | 'all'): Promise<void> {
  const toMigrate = original.filter((d) => decide(d) === 'migrate').map((d) => d.id);
  const already = original.filter((d) => d.fields.migrated?.booleanValue === true).length;
  expect(toMigrate).toEqual(expect.arrayContaining(['e2e-migr-1', 'e2e-migr-2']));
  expect(toMigrate).not.toContain('e2e-migr-3');
  expect(toMigrate).not.toContain('e2e-migr-4');
  if (documents !== 'all') expect(toMigrate).toHaveLength(documents);
  expect(toMigrate.length).toBeGreaterThan(150); // enough batches of 50 to stop half-way

  let context = await browser.newContext();
  let page = await context.newPage();
  await openTab(page);
  await expect(page.getByText('Prima di una migrazione reale fai un backup del database')).toBeVisible();

  // Analizza: the counts by the rules of §4.
  await page.getByRole('button', { name: 'Analizza' }).click();
  const stats = page.getByTestId('migration-stats');
  // Analizza scans the whole Sale collection (about 2,900 documents, pages of 1,000): with the other shard beside it
  // that took more than the default 20 s.
  await expect(stats).toContainText(`Documenti in Sale${new Intl.NumberFormat('it-IT').format(original.length)}`, { timeout: SCAN });
  await expect(stats).toContainText(`Da migrare${new Intl.NumberFormat('it-IT').format(toMigrate.length)}`);
  await expect(stats).toContainText(`Già migrati${new Intl.NumberFormat('it-IT').format(already)}`);
  await expect(stats).toContainText('scrapCount presente');
  await expect(stats).toContainText('righe scrap{i} senza scrapCount');
  await expect(stats).toContainText('price come testo');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'migration-analysis.png', { fullPage: true });

  // Dry Run: shows what would change, writes nothing.
  await page.getByRole('button', { name: 'Dry Run' }).click();
  const log = page.getByTestId('migration-log');
  await expect(log).toContainText(/\[Dry run\] Completato: \d+ documenti da migrare \(nessuna scrittura\)/, { timeout: 400_000 });
  await expect(log).toContainText(`[Dry run] Completato: ${String(toMigrate.length)} documenti da migrare`);
  // §9: a line for each of the first 5 documents, then every 100th.
  const dryLines = (await log.locator('li').allTextContents()).filter((t) => /^\[Dry run\] \d+\. /.test(t)).map((t) => Number(/\] (\d+)\./.exec(t)?.[1]));
  expect(dryLines).toEqual([1, 2, 3, 4, 5, ...Array.from({ length: Math.floor(toMigrate.length / 100) }, (_, i) => (i + 1) * 100)]);
  await expect(page.getByTestId('migration-preview')).toHaveCount(5);
  await expect(page.getByTestId('migration-preview').first()).toContainText('taxBreakdown');
  await expect(page.locator('#migration-progress')).toHaveAttribute('value', '100');
  await shot(page, 'migration-dry-run.png', { fullPage: true });
  expect((await listSales()).filter((d) => d.fields.migrated?.booleanValue === true).length).toBe(already);
  expect(await getSale('e2e-migr-1')).toEqual({ ...TEST_SALES['e2e-migr-1'], date: `ts:${at}` });

  // Real migration: the backup confirmation first; 'Annulla' writes nothing.
  await page.getByRole('button', { name: 'Avvia Migrazione Reale' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confermi la migrazione reale?' });
  await expect(confirm).toContainText('Hai fatto un backup del database?');
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Avvia Migrazione Reale' }).click();
  await confirm.getByRole('button', { name: 'Ho un backup: avvia' }).click();
  // Interrupted: the page is closed after a few batches.
  await expect.poll(async () => (await batchesDone(page)).done, { timeout: 120_000, intervals: [50] }).toBeGreaterThanOrEqual(2);
  const { total } = await batchesDone(page);
  await context.close();
  const migratedNow = async () => (await listMigrated()).filter((d) => toMigrate.includes(d.id));
  // Wait until nothing more lands (the last batch in flight either committed or not).
  let previous = -1;
  await expect.poll(async () => {
    const n = (await migratedNow()).length;
    const stable = n === previous;
    previous = n;
    return stable;
  }, { timeout: 30_000, intervals: [1000] }).toBe(true);
  const firstRun = await migratedNow();
  expect(firstRun.length).toBeGreaterThan(0);
  expect(firstRun.length).toBeLessThan(toMigrate.length);
  expect(firstRun.length % 50).toBe(0); // whole batches only: a document is converted and marked together
  const firstStamp = new Map(firstRun.map((d) => [d.id, d.fields.migratedAt?.timestampValue]));
  expect(total).toBe(Math.ceil(toMigrate.length / 50));

  // Resumed on a new page: the analysis counts only what is left, the run migrates exactly that.
  context = await browser.newContext();
  page = await context.newPage();
  await openTab(page);
  await page.getByRole('button', { name: 'Analizza' }).click();
  const left = toMigrate.length - firstRun.length;
  await expect(page.getByTestId('migration-stats')).toContainText(`Da migrare${new Intl.NumberFormat('it-IT').format(left)}`, { timeout: SCAN });
  await page.getByRole('button', { name: 'Avvia Migrazione Reale' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ho un backup: avvia' }).click();
  await expect(page.getByTestId('migration-log')).toContainText(`Completato: ${String(left)} documenti migrati, 0 saltati perché già migrati, 0 errori.`, { timeout: 400_000 });
  await expect(page.getByTestId('migration-stats')).toContainText('Da migrare0', { timeout: SCAN });
  await shot(page, 'migration-real.png', { fullPage: true });

  const after = await listSales();
  const byId = new Map(after.map((d) => [d.id, d]));
  for (const id of toMigrate) expect(byId.get(id)?.fields.migrated?.booleanValue, id).toBe(true);
  // The first run's documents were not migrated again.
  for (const [id, stamp] of firstStamp) expect(byId.get(id)?.fields.migratedAt?.timestampValue, id).toBe(stamp);
  // Nothing else changed.
  for (const d of original) if (!toMigrate.includes(d.id)) expect(byId.get(d.id)?.fields, d.id).toEqual(d.fields);

  // Field by field against the hand-computed documents.
  expect(withoutMigratedAt(await getSale('e2e-migr-1'))).toEqual(EXPECTED_1);
  expect(withoutMigratedAt(await getSale('e2e-migr-2'))).toEqual(EXPECTED_2);
  expect(await getSale('e2e-migr-3')).toEqual({ ...TEST_SALES['e2e-migr-3'], date: `ts:${at}` });
  expect(await getSale('e2e-migr-4')).toEqual({ ...TEST_SALES['e2e-migr-4'], date: `ts:${at}` });

  // Scrap: the analysis of the products' collection.
  await page.getByLabel('Scrap').check();
  await page.getByRole('button', { name: 'Analizza' }).click();
  await expect(page.getByTestId('migration-stats')).toContainText('Documenti in Scrap');
  await expect(page.getByTestId('migration-stats')).toContainText('iva presente');
  await context.close();
}
