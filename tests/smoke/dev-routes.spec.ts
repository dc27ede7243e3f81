/**
 * Every demo account opens every route it may open on the development server (React StrictMode): no uncaught error,
 * no error boundary, no console error. One browser session per account; routes are opened the way the app moves
 * between screens (history + popstate), so the signed-in state and the dev server's compiled modules are shared.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from '../../scripts/seed/accounts.ts';
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
  for (const route of routes.filter((r) => r.levels.length === 0)) await open(page, route, problems);
  expect(problems.list).toEqual([]);
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
      return;
    }
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByText(ERROR_PAGE), 'pagina di errore dopo l’accesso').toHaveCount(0);
    const routes = routesFor(await loadRoutes(page, DEMO_ACCOUNTS.owner.uid), account.level);
    for (const route of routes) await open(page, route, problems);
    expect(problems.list).toEqual([]);
    console.log(`${account.email}: ${routes.length} rotte aperte senza errori`);
  });
}
