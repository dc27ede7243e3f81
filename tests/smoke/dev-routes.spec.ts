/**
 * Every demo account opens every route it may open on the development server (React StrictMode): no uncaught error,
 * no error boundary, no console error. One browser session per account; routes are opened the way the app moves
 * between screens (history + popstate), so the signed-in state and the dev server's compiled modules are shared.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from '../../scripts/seed/accounts.ts';
import { waitForScreenLoaded } from '../e2e/helpers';
import { loadRoutes, routesFor, type SmokeRoute } from './routes';

const ERROR_PAGE = 'Si è verificato un problema';

interface Problems {
  list: string[];
  where: string;
}

function watch(page: Page): Problems {
  const problems: Problems = { list: [], where: 'avvio' };
  page.on('pageerror', (error) => problems.list.push(`${problems.where}: errore non gestito: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.list.push(`${problems.where}: console.error: ${message.text().slice(0, 400)}`);
  });
  return problems;
}

/** WCAG 2.0/2.1 A and AA: the level every screen must meet. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe on the page (or on `include`): one line per violated rule, with the elements it found. */
async function axe(page: Page, where: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${where}: ${v.id} (${v.impact ?? '?'}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
}

/**
 * What makes one screen's state differ from another's for an accessibility audit, whatever the data: the route, its
 * main title, the structure of headings, notices and open dialogs, whether its tables have rows, and the kinds of
 * form controls outside the tables. Demo accounts of the same level mostly show the same state of a screen with
 * other data: axe runs once per distinct state (every route, every level, each of its states), which halved
 * the layer's time on 2 cores; a state only one account reaches (a missing pack, an expired subscription, a chain
 * member, an empty list) has a signature of its own and is audited.
 */
async function stateSignature(page: Page, path: string): Promise<string> {
  return page.evaluate((path) => {
    const shown = (el: Element) => el.getClientRects().length > 0;
    const all = (selector: string, root: ParentNode = document) => Array.from(root.querySelectorAll(selector)).filter(shown);
    const main = document.querySelector('main') ?? document.body;
    return JSON.stringify({
      path,
      title: all('h1').map((h) => h.textContent?.trim()).join('|'),
      headings: all('h1, h2, h3').map((h) => h.tagName).join(''),
      notices: all('[role="alert"], [role="status"], [role="note"], .banner').length,
      dialogs: all('dialog[open]').map((d) => d.getAttribute('aria-labelledby') ?? d.getAttribute('aria-label') ?? '').join('|'),
      tables: all('table', main).map((t) => t.querySelectorAll('tbody tr').length > 0),
      // The kinds of controls, not their number: a longer list or one more filter is the same state for axe.
      controls: [...new Set(all('input, select, textarea, button', main).filter((c) => !c.closest('tbody')).map((c) => `${c.tagName}${c.getAttribute('type') ?? ''}`))].sort().join(','),
    });
  }, path);
}

/** States already audited in this run (the spec's tests share one worker): audited, skipped. */
const audited = new Set<string>();
const auditCount = { audited: 0, skipped: 0 };

/** axe on the screen now shown, unless the same state was audited with another account. */
async function axeOnce(page: Page, path: string): Promise<string[]> {
  const signature = await stateSignature(page, path);
  if (audited.has(signature)) {
    auditCount.skipped += 1;
    return [];
  }
  audited.add(signature);
  auditCount.audited += 1;
  return axe(page, path);
}

/**
 * The state 'with a dialog open' of the screens that have a creation dialog: opened from its button, axe on the
 * dialog, closed with Escape, and the focus must be back on the button that opened it.
 */
const DIALOGS: Record<string, string> = {
  '/warehouse': 'Nuovo prodotto',
  '/customers': 'Nuovo cliente',
  '/ddt': 'Nuovo DDT',
  '/developer': 'Crea Annuncio',
};

async function checkDialog(page: Page, path: string, a11y: string[]): Promise<void> {
  const name = DIALOGS[path];
  // A notice already open (a missing pack, an expired subscription) is the state axe has just checked.
  if (!name || (await page.locator('dialog[open]').count()) > 0) return;
  const opener = page.getByRole('button', { name, exact: true }).first();
  if ((await opener.count()) === 0 || !(await opener.isEnabled())) return;
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog, `${path}: la finestra '${name}' non si apre`).toBeVisible();
  a11y.push(...(await axe(page, `${path} (finestra '${name}')`, 'dialog[open]')));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `${path}: il focus non torna su '${name}' alla chiusura`).toBeFocused();
}

/**
 * Opens `path` as the app's links do and waits until its screen shows: a main heading that was not there before, or
 * the error page, or — when the route is the current page or sends the user back to it — the current heading.
 */
async function open(page: Page, route: SmokeRoute, problems: Problems): Promise<void> {
  problems.where = route.path;
  const previous = await page.evaluate((path) => {
    const before = window.location.pathname;
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-smoke-seen', ''));
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return before;
  }, route.path);
  await page
    .waitForFunction(
      ({ previous, errorText }) => {
        const headings = Array.from(document.querySelectorAll('h1')).filter((h) => h.getClientRects().length > 0);
        if (headings.some((h) => !h.hasAttribute('data-smoke-seen'))) return true;
        if (document.body.innerText.includes(errorText)) return true;
        return window.location.pathname === previous && headings.length > 0;
      },
      { previous, errorText: ERROR_PAGE },
      { timeout: 30_000 },
    )
    .catch(() => {
      throw new Error(`${route.path}: nessuna schermata dopo 30 s`);
    });
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.getByText(ERROR_PAGE), `${route.path}: pagina di errore`).toHaveCount(0);
}

test('public routes, signed out', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  const routes = await loadRoutes(page, DEMO_ACCOUNTS.owner.uid);
  expect(routes.length).toBeGreaterThan(20);
  const a11y: string[] = [];
  for (const route of routes.filter((r) => r.levels.length === 0)) {
    await open(page, route, problems);
    a11y.push(...(await axe(page, route.path)));
  }
  expect(problems.list).toEqual([]);
  expect(a11y, 'violazioni WCAG 2 A/AA (axe)').toEqual([]);
});

/** Accounts the back office turns away at sign-in, with the message they must see instead of a screen. */
const REFUSED: Partial<Record<DemoAccountKey, RegExp>> = {
  basePlan: /^Accesso non consentito: il tuo abbonamento è sul piano "Base"/,
  newUser: /^Livello utente non riconosciuto\.$/,
};

for (const key of Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[]) {
  const account = DEMO_ACCOUNTS[key];
  const refusal = REFUSED[key];
  test(`${account.email} (${account.level}) opens every route of its level`, async ({ page }) => {
    const problems = watch(page);
    await page.goto('/login');
    const reject = page.getByRole('button', { name: 'Rifiuta' });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    if (await reject.isVisible()) await reject.click();
    await page.getByRole('button', { name: 'Accedi' }).click();
    if (refusal) {
      await expect(page.getByText(refusal)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      expect(problems.list).toEqual([]);
      expect(await axe(page, '/login (accesso rifiutato)')).toEqual([]);
      return;
    }
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByText(ERROR_PAGE), 'pagina di errore dopo l’accesso').toHaveCount(0);
    const routes = routesFor(await loadRoutes(page, DEMO_ACCOUNTS.owner.uid), account.level);
    const a11y: string[] = [];
    for (const route of routes) {
      await open(page, route, problems);
      await waitForScreenLoaded(page, route.path);
      a11y.push(...(await axeOnce(page, route.path)));
      await checkDialog(page, route.path, a11y);
    }
    expect(problems.list).toEqual([]);
    expect(a11y, 'violazioni WCAG 2 A/AA (axe)').toEqual([]);
    console.log(
      `${account.email}: ${String(routes.length)} rotte aperte senza errori, axe WCAG 2 A/AA pulito ` +
        `(stati verificati finora: ${String(auditCount.audited)}, già verificati con un altro account: ${String(auditCount.skipped)})`,
    );
  });
}
