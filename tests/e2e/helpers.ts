import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from '../../scripts/seed/accounts.ts';
import { PENDING_KEY } from '../../src/domain/activity-log/pending-store.ts';
import { FLUSH_INTERVAL_MS } from '../../src/domain/activity-log/rules.ts';
import { parseLocalDateTime } from '../../src/domain/local-time.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

/** Closes the cookie banner if it is showing, so it never covers what a test clicks. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  const reject = page.getByRole('button', { name: 'Rifiuta' });
  if (await reject.isVisible().catch(() => false)) await reject.click();
}

/** Logs in through the login form, as a user would. */
export async function login(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  const email = account in DEMO_ACCOUNTS ? DEMO_ACCOUNTS[account as DemoAccountKey].email : account;
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await dismissCookieBanner(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Each demo account's signed-in browser state, taken after its first sign-in through the form in this worker. */
const signedInStates = new Map<string, StorageState>();

/**
 * Opens `path` signed in as a demo account. The first time in a run it signs in through the form, as `login` does,
 * and keeps the browser's state; afterwards the test's fresh context gets that state (Firebase Auth's session in
 * IndexedDB, the cookie choice in localStorage) and goes straight to `path`, as a returning user's reload does.
 * That spares each test the login page, the sign-in and the dashboard it lands on (about 3 s of a 2-core machine
 * per test). Firestore's own cache is not carried over: every test still starts from an empty local cache.
 * Tests about signing in itself use `login`.
 */
export async function openSignedIn(page: Page, account: DemoAccountKey, path: string): Promise<void> {
  const kept = signedInStates.get(account);
  if (kept) await page.context().setStorageState(kept);
  else await signInAndKeep(page, account);
  await page.goto(path);
}

/**
 * Signs in through the login form, as `login` does, waits for the screen the account lands on, and keeps the
 * browser's state for the later `openSignedIn` of the account in this worker (it replaces one kept before). For the
 * tests about signing in itself (where each account lands), so that their sign-in also spares a later test its own.
 */
export async function signInAndKeep(page: Page, account: DemoAccountKey): Promise<void> {
  await login(page, account);
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.locator('h1').first()).toBeVisible();
  const state = await page.context().storageState({ indexedDB: true });
  // The typings of storageState's answer leave out the IndexedDB part that { indexedDB: true } adds.
  type WithDatabases = StorageState['origins'][number] & { indexedDB?: { name: string }[] };
  signedInStates.set(account, {
    ...state,
    // The activity log's queue is left out: an entry still pending at this moment (the sign-in's own) would be
    // written again by every test that starts from this state.
    origins: state.origins.map((origin: WithDatabases) => ({
      ...origin,
      localStorage: origin.localStorage.filter((item) => item.name !== PENDING_KEY),
      indexedDB: (origin.indexedDB ?? []).filter((db) => db.name === 'firebaseLocalStorageDb'),
    })),
  });
}

/**
 * Every document of a collection, straight from the Firestore emulator, bypassing the rules (owner token). Page by
 * page: late in a run UserLog holds more than one page, and a test must see the entries it has just caused.
 */
export async function readCollection(collection: string): Promise<{ name: string; fields: Record<string, unknown> }[]> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  const project = process.env.PROJECT_ID ?? 'demo-backoffice';
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST non impostato');
  const documents: { name: string; fields: Record<string, unknown> }[] = [];
  let pageToken = '';
  do {
    const url = `http://${host}/v1/projects/${project}/databases/(default)/documents/${collection}?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
    const body = (await response.json()) as { documents?: { name: string; fields: Record<string, unknown> }[]; nextPageToken?: string };
    documents.push(...(body.documents ?? []));
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  return documents;
}

/** axe violations of the page (or of one region), as readable lines: an empty list means axe-clean. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * On /sales, opens the receipt of the sale made at `at` (ms): the Dal/Al filters take the shop's (Rome) wall-clock
 * time whatever the runner's time zone, from the sale's minute to the next one.
 */
export const romeMinute = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(d).replace(' ', 'T');

/**
 * True when the Rome wall-clock minute of `at` and the one after happen once: in the hour that repeats on the autumn
 * DST day a 'dal/al' filter by wall clock finds both occurrences (src/domain/local-time.ts), so a spec that looks for
 * one sale by its minute picks a sale outside that hour.
 */
export function wallClockMinuteOnce(at: number): boolean {
  return [at, at + 60_000].every((t) => {
    const text = romeMinute(new Date(t));
    return parseLocalDateTime(text, 'first')?.getTime() === parseLocalDateTime(text, 'last')?.getTime();
  });
}

export async function openReceiptAt(page: Page, at: number) {
  const rome = romeMinute;
  await page.getByLabel('Dal', { exact: true }).fill(rome(new Date(at)));
  await page.getByLabel('Al', { exact: true }).fill(rome(new Date(at + 60_000)));
  await expect(page.getByTestId('sales-table').locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('sales-table').getByRole('button', { name: /Apri/ }).first().click();
  return page.getByRole('dialog', { name: 'Scontrino' });
}

/**
 * Waits for the state 'loading done' (with data, or empty): a screen heading, no busy region, no 'Caricamento…' text
 * in the page's main area. axe and the read counter then see the screen the user reads, not its placeholders.
 */
export async function waitForScreenLoaded(page: Page, path: string, timeout = 30_000): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main') ?? document.body;
        return document.querySelector('h1') !== null && !document.querySelector('[aria-busy="true"]') && !/Caricamento[^\n]*(…|\.\.\.)/.test(main.innerText);
      },
      undefined,
      { timeout },
    )
    .catch(() => {
      throw new Error(`${path}: ancora in caricamento dopo ${String(timeout / 1000)} s`);
    });
}

/**
 * The activity log writes a partial batch FLUSH_INTERVAL_MS (5 s) after its first entry (src/domain/activity-log/
 * queue.ts). A test waiting for an entry of `page` moves the page's clock past that interval instead of waiting it
 * out, as if the user left the page alone for 5 s: every timer due meanwhile fires once. The page's clock must have
 * been installed before the page opened (`page.clock.install()`; it then runs at its natural pace).
 */
export async function passLogFlushInterval(page: Page): Promise<void> {
  await page.clock.fastForward(FLUSH_INTERVAL_MS);
}

/**
 * A screenshot for a person to look at (a screen's look for review or documentation), taken only when SHOTS_DIR names
 * a folder: `SHOTS_DIR=.tmp/screens npx tsx scripts/e2e.ts …`. No test reads it back, so a run without it spares the
 * time of the full-page captures (a failed test keeps its own screenshot, playwright.config.ts).
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}`, ...options });
}
