import { expect, test } from './fixture';
import { DEMO_ACCOUNTS, login, openSignedIn, shot, signInAndKeep } from './helpers';
import { subscriptionDaysLeft } from './firestore-data';
import { SUBSCRIPTION_IDS } from '../../scripts/seed/catalog.ts';

const BASE_ALERT =
  'Accesso non consentito: il tuo abbonamento è sul piano "Base" che non permette l\'accesso all\'area backoffice. Contatta il supporto o esegui l\'upgrade per sbloccare l\'accesso.';

test('the login page is Italian, titled and described', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page).toHaveTitle(/Accedi/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Back office/i);
  await expect(page.getByRole('link', { name: 'Password dimenticata?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crea un account' })).toBeVisible();
});

test('an unauthenticated visitor is sent to /login', async ({ page }) => {
  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows an inline error and stays on /login', async ({ page }) => {
  await login(page, 'owner', 'sbagliata');
  await expect(page.getByRole('alert').filter({ hasText: 'Email o password non corretti.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the shop owner lands on /dashboard and sees the shop name read from Firestore', async ({ page }) => {
  await signInAndKeep(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome')).toContainText(DEMO_ACCOUNTS.owner.shopName ?? '');
  await expect(page.getByTestId('active-shop-name')).toHaveText(DEMO_ACCOUNTS.owner.shopName ?? '');
  // on a wide screen the sidebar is docked
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  for (const link of ['Dashboard', 'Catena', 'Vendite', 'Fatture', 'Chiusura cassa', 'Magazzino', 'DDT', 'Clienti', 'I miei ticket', 'Statistiche', 'Utenti', 'Impostazioni']) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Fatture', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Gestione Fatture' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Fatture', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Chiudi menu' }).click();
  await expect(nav.getByRole('link', { name: 'Fatture', exact: true })).toBeHidden();
});

test('on a tablet the sidebar is a drawer that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await openSignedIn(page, 'owner', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(nav.getByRole('link', { name: 'Vendite', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Apri menu' }).click();
  await nav.getByRole('link', { name: 'Vendite', exact: true }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(nav.getByRole('link', { name: 'Vendite', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apri menu' })).toHaveAttribute('aria-expanded', 'false');
});

const landings: [keyof typeof DEMO_ACCOUNTS, RegExp][] = [
  ['fewPacks', /\/dashboard$/],
  ['roles', /\/select-employee$/],
  ['accountant', /\/select-shop-carousel$/],
  ['accountantOne', /\/zreport$/],
  ['tech', /\/tech-dashboard$/],
  ['admin', /\/developer$/],
  ['assist', /\/ticket$/],
];
for (const [account, url] of landings) {
  test(`${DEMO_ACCOUNTS[account].email} lands where the post-login table says`, async ({ page }) => {
    // Through the form; the state it leaves serves the account's later tests (openSignedIn).
    await signInAndKeep(page, account);
    await expect(page).toHaveURL(url);
  });
}

test('a level outside the table gets the spec error and stays signed out', async ({ page }) => {
  await login(page, 'newUser');
  await expect(page.getByRole('alert').filter({ hasText: 'Livello utente non riconosciuto.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'in attesa che il tecnico completi la registrazione' })).toContainText('Sei stato disconnesso');
  await shot(page, 'access-shop-register.png');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the Base plan is refused with the exact alert and a way out (an e-mail to its technician), then logout and /login', async ({ page }) => {
  await login(page, 'basePlan');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(BASE_ALERT);
  await expect(dialog).toContainText(`scrivi al tecnico del tuo negozio: Giorgio Fontana (${DEMO_ACCOUNTS.tech.email}).`);
  const write = dialog.getByRole('link', { name: 'Scrivi al tecnico' });
  const mail = new URL((await write.getAttribute('href')) ?? '');
  expect(`${mail.protocol}${mail.pathname}`).toBe(`mailto:${DEMO_ACCOUNTS.tech.email}`);
  expect(mail.searchParams.get('subject')).toBe('Passaggio a un piano con il backoffice');
  await shot(page, 'access-base-plan.png');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the few-packs account is denied /invoices and /statistics with the alert', async ({ page }) => {
  await openSignedIn(page, 'fewPacks', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const daysLeft = await subscriptionDaysLeft(SUBSCRIPTION_IDS.fewPacks);
  await expect(page.getByRole('status').filter({ hasText: `scade tra ${String(daysLeft)} giorni` })).toBeVisible();
  for (const [path, pack] of [['/invoices', 'Fatturazione'], ['/statistics', 'Statistiche']] as const) {
    await page.goto(path);
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`il tuo account non include il pacchetto "${pack}"`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await dialog.getByRole('button', { name: 'OK' }).click();
  }
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(nav.getByRole('link', { name: 'Vendite', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Fatture', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Statistiche', exact: true })).toHaveCount(0);
});

test('the account expired beyond the grace is denied every pack route', async ({ page }) => {
  // Not openSignedIn: this is the account's only sign-in in the suite, so it would sign in through the form anyway.
  await login(page, 'expired');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alert').filter({ hasText: /i pacchetti sono disattivati/ })).toBeVisible();
  for (const path of ['/invoices', '/statistics', '/chain-dashboard']) {
    await page.goto(path);
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Accesso negato');
    await expect(page).toHaveURL(/\/dashboard$/);
    await dialog.getByRole('button', { name: 'OK' }).click();
  }
});

test('the account within the grace keeps its packs and sees the days left', async ({ page }) => {
  await openSignedIn(page, 'grace', '/dashboard');
  await expect(page.getByRole('status').filter({ hasText: /giorni di tolleranza/ })).toBeVisible();
});

test('a level mismatch redirects to the level home', async ({ page }) => {
  await openSignedIn(page, 'tech', '/tech-dashboard');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await page.goto('/developer');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
});

test('logout ends the session', async ({ page }) => {
  await login(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
