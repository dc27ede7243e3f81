import { expect, test, type Page } from './fixture';
import { axeViolations, DEMO_ACCOUNTS, openSignedIn, shot } from './helpers';
import { subscriptionDaysLeft } from './firestore-data';
import { SUBSCRIPTION_IDS } from '../../scripts/seed/catalog.ts';

const STUB = process.env.STUB_URL ?? '';

async function openDashboard(page: Page) {
  await openSignedIn(page, 'tech', '/tech-dashboard');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard tecnico' })).toBeVisible();
}

test.afterEach(async () => {
  await fetch(`${STUB}/__stub/fail`, { method: 'DELETE' });
});

test('Gestiti: the managed shops with "Gestito da te" and their expiry badge', async ({ page }) => {
  await openDashboard(page);
  const managed = page.getByRole('region', { name: 'Negozi gestiti' });
  // technicians as a plain id (Bottega Verdi), as a legacy object + assignedTech (Alimentari Conti, Ferramenta Colombo)
  for (const name of [DEMO_ACCOUNTS.owner.shopName, DEMO_ACCOUNTS.roles.shopName, DEMO_ACCOUNTS.fewPacks.shopName]) {
    const card = managed.getByRole('listitem', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Gestito da te')).toBeVisible();
  }
  await expect(managed.getByRole('listitem', { name: DEMO_ACCOUNTS.owner.shopName }).getByText(/^Attivo fino al \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  const daysLeft = await subscriptionDaysLeft(SUBSCRIPTION_IDS.fewPacks);
  await expect(managed.getByRole('listitem', { name: DEMO_ACCOUNTS.fewPacks.shopName }).getByText(new RegExp(`^Scade tra ${String(daysLeft)} giorn[oi]`))).toBeVisible();
  // shops that do not list the technician are not readable, so never shown
  await expect(page.getByText(DEMO_ACCOUNTS.expired.shopName)).toHaveCount(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'tech-dashboard-gestiti.png', { fullPage: true });

  await managed.getByRole('link', { name: `Apri ${DEMO_ACCOUNTS.owner.shopName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop-details/${DEMO_ACCOUNTS.owner.uid}$`));
});

test('Da registrare: the pending shops of the form for this technician, with their count', async ({ page }) => {
  await openDashboard(page);
  // 5 entries: 2 name no technician, 2 this one, 1 another technician (hidden)
  const tab = page.getByRole('link', { name: 'Da registrare (4)' });
  await expect(tab).toBeVisible();
  await tab.click();
  const region = page.getByRole('region', { name: 'Da registrare' });
  for (const name of ['Ferramenta Colombo', 'Esposito Elettronica', 'Panificio Romano', 'Tabaccheria Marino']) {
    await expect(region.getByRole('listitem', { name })).toBeVisible();
  }
  await expect(region.getByText('Profumeria Ferrari')).toHaveCount(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'tech-dashboard-da-registrare.png', { fullPage: true });

  await region.getByRole('button', { name: 'Registra Esposito Elettronica' }).click();
  await expect(page).toHaveURL(/\/register-shop$/);
});

test('Da registrare: a non-array answer, an error and an empty sheet', async ({ page }) => {
  await fetch(`${STUB}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route: 'GET /pendingShops', mode: 'non-array' }) });
  await openDashboard(page);
  await page.getByRole('link', { name: /^Da registrare/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Formato dati non valido dalla Cloud Function.');

  await fetch(`${STUB}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route: 'GET /pendingShops', mode: 'http500' }) });
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(/^Errore nel caricamento dei negozi pendenti: HTTP 500$/);

  await fetch(`${STUB}/__stub/fail`, { method: 'DELETE' });
  await page.route('**/pendingShops', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.reload();
  await expect(page.getByText('Nessun negozio pendente dal Google Form.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Da registrare (0)' })).toBeVisible();
});

test('"Nuovo" opens the registration, "Impostazioni" the account', async ({ page }) => {
  await openDashboard(page);
  await page.route('**/pendingShops', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.getByRole('button', { name: 'Nuovo' }).click();
  await expect(page).toHaveURL(/\/register-shop$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Impostazioni' }).click();
  await expect(page).toHaveURL(/\/tech-account$/);
});
