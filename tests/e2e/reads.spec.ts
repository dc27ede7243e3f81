/**
 * Documents read per screen (issue 25 §1). The e2e build counts every document Firestore bills
 * (src/lib/firestore-recorder.ts, `__firestoreReads`). For each demo level, every screen of its sidebar is opened
 * cold (a full page load: sign-in restore, profile, shop, subscription and the screen) and again (a reload: what a
 * repeat visit costs), once its loading is done; the table is printed. With the persistent cache (issue 25 §4) the
 * listeners of a repeat visit resume from the cached copy and count only the documents changed since, and a screen
 * opened after others finds their documents (the access chain) in the cache. With READS_LARGE=1 (npm run bench -- reads)
 * the owner's shop holds the large data set of scripts/seed/large.ts.
 *
 * A screen may read more than READ_BUDGET documents only with its reason written here, beside the figure.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoAccountKey } from '../../scripts/seed/accounts.ts';
import { login, waitForScreenLoaded } from './helpers';

interface ReadCounter {
  total: number;
  byCollection: Record<string, number>;
  pending: number;
}

const READ_BUDGET = 100;

/**
 * The emulator computes aggregations by scanning (production reads index entries): over 50,000 sales the dashboard's
 * totals take tens of seconds there. The figure of interest is the documents read, so the large run waits longer.
 */
const LOAD_TIMEOUT = process.env.READS_LARGE === '1' ? 180_000 : 30_000;

/**
 * Why a screen reads more than the budget. Every signed-in screen also reads the access chain: the profile, the
 * shop, its subscription, its plan and the whole Pack catalogue (10 documents: pack names are matched by name).
 */
const REASONS: Record<string, string> = {
  '/sales': 'the 500 most recent sales of the period (SALES_QUERY_LIMIT), listed and paged on the screen (document 2 §9)',
  '/zreport': "the period's sales (this month by default), in pages of 5,000 by date, grouped by business day and payment family to reconcile them with the closings: no aggregation groups by day and family in one query",
  '/warehouse': 'the whole catalogue (the first 100 by name, then pages of 5,000 by id): searched, filtered and sorted on every product, bulk price change on the filtered selection, exported whole',
  '/customers': 'the whole directory, live (document 2 §7: "Customer by userId (live)"), in 4 id ranges: searched on ten fields, sorted on four columns, exported whole; a repeat visit resumes from the cache and is billed only the changes',
  '/invoices': "the shop's outgoing invoices, live, filtered by period on the screen; a repeat visit resumes from the cache",
};

/** The screens each level is measured on: the sidebar's, or the list given for the levels without one. */
const ACCOUNTS: { key: DemoAccountKey; screens?: string[] }[] = [
  { key: 'owner' },
  { key: 'accountantOne' },
  { key: 'tech', screens: ['/tech-dashboard', `/shop-details/${DEMO_ACCOUNTS.fewPacks.uid}`, '/tech-account', '/ticket'] },
  { key: 'admin', screens: ['/developer', '/ticket'] },
  { key: 'assist', screens: ['/ticket'] },
];

interface Row {
  account: string;
  path: string;
  cold: ReadCounter;
  repeat: ReadCounter;
}


async function readsAfterLoad(page: Page, path: string): Promise<ReadCounter> {
  await waitForScreenLoaded(page, path, LOAD_TIMEOUT);
  // Every signed-in screen reads at least the profile. The figure is taken when no read is waiting for its answer
  // and the count has not moved for a second (reads that start after others have answered).
  let last = -1;
  let counter: ReadCounter = { total: 0, byCollection: {}, pending: 0 };
  for (let stable = 0; stable < 4; ) {
    await page.waitForTimeout(250);
    counter = await page.evaluate(() => structuredClone((globalThis as { __firestoreReads?: ReadCounter }).__firestoreReads ?? { total: 0, byCollection: {}, pending: 0 }));
    // A repeat visit served by the persistent cache (issue 25 §4) can bill nothing: 0 counts once it has held 3 s.
    stable = counter.pending === 0 && counter.total === last ? stable + (counter.total > 0 ? 1 : 1 / 3) : 0;
    last = counter.total;
  }
  return counter;
}

async function screensOf(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link').first()).toBeVisible();
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

const breakdown = (c: ReadCounter) =>
  Object.entries(c.byCollection)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${String(n)}`)
    .join(', ');

function table(rows: readonly Row[]): string {
  const width = Math.max(...rows.map((r) => r.path.length), 9);
  const lines = rows.map(
    (r) => `${r.account.padEnd(30)} ${r.path.padEnd(width)} ${String(r.cold.total).padStart(8)} ${String(r.repeat.total).padStart(8)}  ${breakdown(r.cold)}${REASONS[r.path] ? `  — ${REASONS[r.path] ?? ''}` : ''}`,
  );
  return `${'account'.padEnd(30)} ${'schermata'.padEnd(width)} ${'a freddo'.padStart(8)} ${'ripetuta'.padStart(8)}  per raccolta (a freddo)\n${lines.join('\n')}`;
}

for (const { key, screens } of ACCOUNTS) {
  const account = DEMO_ACCOUNTS[key];
  test(`documents read per screen: ${account.email}`, async ({ page }) => {
    test.setTimeout(process.env.READS_LARGE === '1' ? 1_800_000 : 300_000);
    await login(page, key);
    await expect(page).not.toHaveURL(/\/login$/);
    await waitForScreenLoaded(page, 'avvio', LOAD_TIMEOUT);
    const rows: Row[] = [];
    for (const path of screens ?? (await screensOf(page))) {
      await page.goto(path);
      const cold = await readsAfterLoad(page, path);
      await page.reload();
      const repeat = await readsAfterLoad(page, path);
      rows.push({ account: account.email, path, cold, repeat });
    }
    console.log(`\nDocumenti letti per schermata${process.env.READS_LARGE === '1' ? ' (dati grandi)' : ' (dati demo)'}:\n${table(rows)}\n`);
    const over = rows.filter((r) => r.cold.total > READ_BUDGET && !REASONS[r.path]).map((r) => `${r.path}: ${String(r.cold.total)} documenti (${breakdown(r.cold)})`);
    expect(over, `schermate oltre ${String(READ_BUDGET)} documenti senza una ragione scritta`).toEqual([]);
  });
}
