import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, readCollection } from './helpers';

const CONSENT_KEY = 'bo.cookieConsent';
const DAY_MS = 24 * 60 * 60 * 1000;

const banner = (page: Page) => page.getByRole('region', { name: 'Consenso ai cookie' });

async function storedConsent(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

test('the banner shows on the first visit; Rifiuta hides it for good and stores necessary only', async ({ page }) => {
  await page.goto('/login');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy');
  await expect(banner(page).getByRole('button', { name: 'Accetta tutti' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Personalizza' })).toBeVisible();
  expect(await storedConsent(page)).toBeNull();

  await banner(page).getByRole('button', { name: 'Rifiuta' }).click();
  await expect(banner(page)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  const record = await storedConsent(page);
  expect(record).toMatchObject({ version: 1, necessary: true, analytics: false, functional: false, choice: 'necessary' });
  const decidedAt = Date.parse(String(record?.decidedAt));
  expect(Math.abs(decidedAt - Date.now())).toBeLessThan(5 * 60_000);
  expect(Date.parse(String(record?.expiresAt)) - decidedAt).toBe(365 * DAY_MS);
  // No personal data in the record.
  expect(Object.keys(record ?? {}).sort()).toEqual(['analytics', 'choice', 'decidedAt', 'expiresAt', 'functional', 'necessary', 'pendingLog', 'version']);
});

test('the banner is keyboard operable and Personalizza saves the chosen categories', async ({ page }) => {
  await page.goto('/cookie-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  // Nothing else had focus: the banner takes it, so the keyboard reaches it first.
  await expect(banner(page)).toBeFocused();
  await page.keyboard.press('Tab'); // Cookie policy link
  await page.keyboard.press('Tab'); // Rifiuta
  await page.keyboard.press('Tab'); // Personalizza
  await expect(banner(page).getByRole('button', { name: 'Personalizza' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page).getByRole('button', { name: 'Personalizza' })).toHaveAttribute('aria-expanded', 'true');
  const necessary = banner(page).getByRole('checkbox', { name: /Necessari/ });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await banner(page).getByRole('checkbox', { name: /Funzionali/ }).check();
  await banner(page).getByRole('button', { name: 'Salva preferenze' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ necessary: true, analytics: false, functional: true, choice: 'custom' });
  await expect(page.getByTestId('cookie-current-choice')).toContainText('Funzionali: accettati');

  // 'Preferenze cookie' reopens the choice.
  await page.getByRole('button', { name: 'Preferenze cookie' }).click();
  await expect(banner(page)).toBeFocused();
  await expect(banner(page).getByRole('checkbox', { name: /Funzionali/ })).toBeChecked();
  await banner(page).getByRole('button', { name: 'Accetta tutti' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ analytics: true, functional: true, choice: 'all' });
});

test('a choice made on the login page is logged as cookie_consent_reject (module privacy) once the user signs in', async ({ page }) => {
  const owner = DEMO_ACCOUNTS.owner;
  const entries = async () =>
    (await readCollection('UserLog')).filter(
      (d) =>
        (d.fields.userId as { stringValue?: string } | undefined)?.stringValue === owner.uid &&
        (d.fields.action as { stringValue?: string } | undefined)?.stringValue === 'cookie_consent_reject',
    );
  const before = (await entries()).length;
  await page.goto('/login');
  await banner(page).getByRole('button', { name: 'Rifiuta' }).click();
  expect(await storedConsent(page)).toMatchObject({ pendingLog: true });

  await signIn(page, owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await storedConsent(page))?.pendingLog).toBe(false);
  await expect.poll(async () => (await entries()).length).toBe(before + 1);
  const entry = (await entries()).at(-1);
  expect((entry?.fields.module as { stringValue?: string }).stringValue).toBe('privacy');

  // Later visits do not log it again.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The app is up with the session known (the consent is logged only then) and nothing is waiting to be written.
  await expect(page.getByTestId('active-shop-name')).not.toBeEmpty();
  await expect.poll(async () => (await storedConsent(page))?.pendingLog).toBe(false);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('activityLog.pending') ?? '[]'), { timeout: 30_000 }).toBe('[]');
  expect((await entries()).length).toBe(before + 1);
});

test('the cookie policy lists everything the app stores in the browser after login', async ({ page }) => {
  await page.goto('/login');
  await banner(page).getByRole('button', { name: 'Rifiuta' }).click();
  await signIn(page, DEMO_ACCOUNTS.owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('active-shop-name')).not.toBeEmpty();
  // A live list heard whole marks the browser's copy (lib/cache-owner.ts): that key is stored too.
  await page.getByRole('link', { name: 'Clienti' }).first().click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  await expect(page.getByTestId('customers-loading')).toBeHidden();

  const stored = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    indexedDb: (await indexedDB.databases()).map((db) => db.name ?? ''),
    cookies: document.cookie,
  }));
  expect(stored.cookies).toBe('');
  expect(stored.local).toContain('bo.cookieConsent');
  expect(stored.session).toContain('bo.session');
  expect(stored.local).toContain('bo.profile');
  expect(stored.local).toContain('bo.wholeLists');

  await page.goto('/cookie-policy');
  const policy = (await page.getByRole('article').textContent()) ?? '';
  for (const key of [...stored.local, ...stored.session, ...stored.indexedDb]) {
    // Firebase's own keys carry the API key and app name after a fixed prefix; the bell's read state the user id;
    // Firestore's persistent cache names its database and its tab-coordination keys after the project.
    const prefix = ['firebase:authUser:', 'notifications.read.', 'firestore/', 'firestore_'].find((p) => key.startsWith(p));
    const documented = prefix ?? key;
    expect(policy, `la cookie policy non cita «${key}»`).toContain(documented);
  }
});

test('the privacy and cookie policies are linked from the login page and readable', async ({ page }) => {
  await page.goto('/login');
  await banner(page).getByRole('button', { name: 'Rifiuta' }).click();
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa privacy' })).toBeVisible();
  for (const heading of ['1. Titolare del trattamento', '3. Registro attività', '7. I tuoi diritti', '8. Reclamo al Garante']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('article')).toContainText('200 caratteri');
  await expect(page.getByRole('article')).toContainText('articoli 15–22');
  await page.getByRole('navigation', { name: 'Pagine legali' }).getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page).toHaveURL(/\/cookie-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
});

async function expectAxeClean(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the banner (with preferences open) and both policy pages are axe-clean', async ({ page }) => {
  await page.goto('/login');
  await banner(page).getByRole('button', { name: 'Personalizza' }).click();
  await expectAxeClean(page, '.cookie-banner');
  await banner(page).getByRole('button', { name: 'Rifiuta' }).click();
  await page.goto('/cookie-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  await expectAxeClean(page, 'main');
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa privacy' })).toBeVisible();
  await expectAxeClean(page, 'main');
});
