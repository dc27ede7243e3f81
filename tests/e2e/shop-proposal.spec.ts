/**
 * Renewal proposal from the technician's Abbonamento tab (document 3 §2.2, §4, §5, §8): pack states,
 * 'Prezzo consigliato', validation, create then update of the same pending record, the 'Proposta in sospeso' banner
 * loading a proposal into the form, and the admin dashboard seeing the new proposal as pending.
 */
import { expect, test, type Page } from './fixture';
import { deleteDocument, queryWhere } from './firestore-data';
import { axeViolations, DEMO_ACCOUNTS as A, openSignedIn, passLogFlushInterval, shot } from './helpers';

async function proposalsOf(shopId: string) {
  return (await queryWhere('ShopSubscription', 'shopId', shopId)).filter((d) => d.fields.status?.stringValue === 'proposed');
}

async function openSubscriptionTab(page: Page, shopId: string) {
  await openSignedIn(page, 'tech', `/shop-details/${shopId}?tab=abbonamento`);
  await expect(page.getByRole('heading', { name: 'Proposta di rinnovo' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

// Leave the shared demo data as seeded for the specs that follow.
test.afterAll(async () => {
  for (const d of await proposalsOf(A.roles.uid)) await deleteDocument(`ShopSubscription/${d.id}`);
});

test('the technician proposes a renewal, then updates the same pending proposal', async ({ page }) => {
  expect(await proposalsOf(A.roles.uid)).toHaveLength(0);
  // The page's clock runs at its natural pace; before reading the log the test moves it past the log's flush interval.
  await page.clock.install();
  await openSubscriptionTab(page, A.roles.uid);
  await expect(page.getByRole('button', { name: /Proposta in sospeso/ })).toHaveCount(0);

  // Starts from the current subscription: Plus with two extra packs.
  const plan = page.getByLabel('Piano');
  await expect(plan.locator('option:checked')).toHaveText('Plus — 39€');
  const packs = page.getByRole('list', { name: 'Pacchetti' });
  await expect(packs.getByRole('listitem').filter({ hasText: 'fatturazione' })).toContainText('Incluso');
  await expect(packs.getByRole('listitem').filter({ hasText: 'Statistiche' })).toContainText('Selezionato');
  await expect(page.getByText('Prezzo consigliato: 50,00 €')).toBeVisible();

  // Deselecting a current pack marks it missing and lowers the recommended price.
  await packs.getByRole('checkbox', { name: /Statistiche/ }).uncheck();
  await expect(packs.getByRole('listitem').filter({ hasText: 'Statistiche' })).toContainText('Mancante');
  await expect(page.getByText('Prezzo consigliato: 44,00 €')).toBeVisible();

  await page.getByRole('button', { name: 'Proponi rinnovo' }).click();
  await expect(page.getByRole('alert')).toHaveText('Inserisci date proposte');
  await page.getByLabel('Data proposta inizio').fill('2027-01-01');
  await page.getByLabel('Data proposta scadenza').fill('2027-12-31');
  await page.getByLabel('Prezzo proposto').fill('42.5');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'shop-details-proposal-form.png', { fullPage: true });
  await page.getByRole('button', { name: 'Proponi rinnovo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proposta di rinnovo inviata con successo' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Proposta in sospeso/ })).toBeVisible();

  const [created] = await proposalsOf(A.roles.uid);
  expect(created?.fields.createdBy?.stringValue).toBe(A.tech.uid);
  expect(created?.fields.proposedPrice?.doubleValue).toBe(42.5);
  expect(created?.fields.packs?.arrayValue?.values?.map((v) => v.stringValue)).toContain('pack-profili-personalizzati');
  expect(created?.fields.packs?.arrayValue?.values?.map((v) => v.stringValue)).not.toContain('pack-statistiche');

  // A second proposal updates the pending one.
  await page.getByLabel('Prezzo proposto').fill('45');
  await page.getByRole('button', { name: 'Proponi rinnovo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proposta aggiornata con successo' })).toBeVisible();
  await expect.poll(async () => (await proposalsOf(A.roles.uid)).map((d) => `${d.id}:${String(d.fields.proposedPrice?.integerValue ?? d.fields.proposedPrice?.doubleValue)}`)).toEqual([`${created?.id}:45`]);
  await passLogFlushInterval(page);
  await expect.poll(async () => (await queryWhere('UserLog', 'action', 'subscription_proposed')).filter((l) => l.fields.userId?.stringValue === A.roles.uid).length, { timeout: 20_000 }).toBe(2);
  await shot(page, 'shop-details-proposal-pending.png', { fullPage: true });
});

test('the admin dashboard sees the new proposal as pending', async ({ page }) => {
  await openSignedIn(page, 'admin', '/developer');
  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByTestId('shop-item').filter({ hasText: A.roles.shopName })).toContainText('Proposta in sospeso');
});

test("the seeded pending proposal: the banner loads it into the form", async ({ page }) => {
  await openSubscriptionTab(page, A.fewPacks.uid);
  const banner = page.getByRole('button', { name: /Proposta in sospeso/ });
  await expect(banner).toBeVisible();
  await shot(page, 'shop-details-abbonamento.png', { fullPage: true });
  await banner.click();
  await expect(page.getByLabel('Piano').locator('option:checked')).toHaveText('Plus — 39€');
  await expect(page.getByLabel('Prezzo proposto')).toHaveValue('45');
  await expect(page.getByLabel('Data proposta inizio')).not.toHaveValue('');
  await expect(page.getByRole('list', { name: 'Pacchetti' }).getByRole('listitem').filter({ hasText: 'Statistiche' })).toContainText('Selezionato');
});
