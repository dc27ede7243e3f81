import { expect, test, type Page } from './fixture';
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';
import { DEMO_ACCOUNTS, login, waitForScreenLoaded } from './helpers';
import { getDocument, queryWhere, str } from './firestore-data';
import { OFFLINE_TEXT } from './faults';
import { createFixtureShop, FIXTURE_PASSWORD } from './shop-fixture';

/**
 * The browser offline (context.setOffline) in the middle of work: an activity-log flush, a DDT draft
 * save, a DDT confirmation and a CSV import. The page says it is offline; what was done is kept and, once the
 * network is back, stored exactly once. Each test has a throw-away shop (tests/e2e/shop-fixture.ts). The accountant
 * registration and the ticket status change offline are refused at once, so they run in `npm test`:
 * users.spec.ts and tickets.spec.ts.
 */
const offlineBanner = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE_TEXT });

/** Said by the shell's banner and, with a dialog open, inside the dialog too (components/ui/modal.tsx): the last one. */
async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await expect(offlineBanner(page).last()).toBeVisible();
}

async function goOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 60_000 });
}

async function signInFixture(page: Page, label: string, extra = {}) {
  const shop = await createFixtureShop(label, extra);
  await login(page, shop.email, FIXTURE_PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  return shop;
}

test('an activity-log flush offline: the entry waits in the browser and is stored once when the network returns', async ({ page }) => {
  const tech = DEMO_ACCOUNTS.tech.uid;
  const shop = await createFixtureShop('guasto-registro', { technicians: [tech], assignedTech: tech });
  const logged = async (action: string) => (await queryWhere('UserLog', 'userId', shop.uid)).filter((d) => str(d.fields.action) === action);
  await login(page, 'tech');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await page.goto(`/shop-details/${shop.uid}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  await expect.poll(async () => (await logged('shop_access')).length, { timeout: 30_000 }).toBe(1);

  await goOffline(page);
  const flushFailed = page.waitForEvent('console', { predicate: (m) => m.text().includes('Registro attività non salvato'), timeout: 60_000 });
  await page.getByRole('link', { name: 'Hardware' }).click();
  await expect(page).toHaveURL(/tab=hardware/);
  await flushFailed;
  const pending = () => page.evaluate(() => (JSON.parse(localStorage.getItem('activityLog.pending') ?? '[]') as unknown[]).length);
  expect(await pending()).toBeGreaterThan(0);
  expect(await logged('shop_tab_change')).toHaveLength(0);

  await goOnline(page);
  await expect.poll(async () => (await logged('shop_tab_change')).length, { timeout: 60_000 }).toBe(1);
  // Retried several times while offline (each queued by the SDK): still one document once everything has landed.
  await expect.poll(pending, { timeout: 30_000 }).toBe(0);
  const [entry] = await logged('shop_tab_change');
  expect(str(entry?.fields.details?.mapValue?.fields?.to)).toBe('hardware');
  expect(await logged('shop_tab_change')).toHaveLength(1);
});

test('a DDT draft saved and a DDT confirmed offline: the draft waits on the device, nothing half-done, each stored once when back', async ({ page }) => {
  test.setTimeout(240_000);
  const shop = await signInFixture(page, 'guasto-ddt');
  const ddts = async () => (await queryWhere('Ddt', 'userId', shop.uid)).filter((d) => str(d.fields.kind) !== 'counter');
  await page.goto('/ddt');
  await waitForScreenLoaded(page, '/ddt');
  await page.getByRole('button', { name: 'Nuovo DDT' }).click();
  await expect(page.getByRole('dialog', { name: 'Nuovo DDT' })).toBeVisible();
  // Its title becomes 'Modifica DDT in bozza' as soon as the pending save shows the draft in the list.
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Ragione sociale o nome').fill('Cliente Senza Rete');
  await dialog.getByLabel('Indirizzo', { exact: true }).first().fill('Via Dante 4');
  await dialog.getByLabel('CAP').first().fill('20121');
  await dialog.getByLabel('Comune').first().fill('Milano');
  await dialog.getByLabel('Provincia').first().fill('MI');
  await dialog.getByLabel('Causale del trasporto').fill('Vendita');
  await dialog.getByLabel('Descrizione riga 1').fill('Bancale di piastrelle');
  await dialog.getByLabel('Quantità riga 1').fill('1');

  // The draft save offline (before, the form stayed busy for ever with no word): kept on this device, said so, and
  // listed as a draft waiting to be sent, with what was typed.
  await goOffline(page);
  await dialog.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Nessuna connessione: modifica salvata su questo dispositivo' })).toBeVisible();
  const row = page.locator('tr', { hasText: 'Cliente Senza Rete' });
  await expect(row.getByTestId('ddt-state')).toHaveText('Bozza');
  await expect(row.getByTestId('ddt-pending')).toBeVisible();
  expect(await ddts()).toHaveLength(0);

  // Back online: the queued save lands once; the mark goes; opening it again shows what was typed.
  await goOnline(page);
  await expect(row.getByTestId('ddt-pending')).toHaveCount(0, { timeout: 120_000 });
  await expect.poll(async () => (await ddts()).length).toBe(1);
  await row.getByRole('button', { name: 'Modifica il DDT in bozza di Cliente Senza Rete' }).click();
  await expect(page.getByRole('dialog').getByLabel('Descrizione riga 1')).toHaveValue('Bancale di piastrelle');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The confirmation offline: refused with its message, no number taken, the draft still a draft.
  await goOffline(page);
  await row.getByRole('button', { name: 'Conferma il DDT in bozza di Cliente Senza Rete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Operazione non riuscita' })).toContainText('Controlla la connessione e riprova', { timeout: 60_000 });
  await goOnline(page);
  const [draft] = await ddts();
  expect(str(draft?.fields.state)).toBe('bozza');
  expect(await getDocument(`Ddt/counter-${shop.uid}-${String(new Date().getFullYear())}`)).toBeUndefined();
  await row.getByRole('button', { name: 'Conferma il DDT in bozza di Cliente Senza Rete' }).click();
  await expect(page.getByText(/DDT n\. 11\/1 confermato\./)).toBeVisible({ timeout: 30_000 });
  const confirmed = await ddts();
  expect(confirmed).toHaveLength(1);
  expect(str(confirmed[0]?.fields.number)).toBe('11/1');
});

test('a CSV import cut off by the network: said with what was saved, and a repeat once online stores every row exactly once', async ({ page }) => {
  test.setTimeout(300_000);
  const shop = await signInFixture(page, 'guasto-import');
  const vat = (n: number) => {
    const first10 = String(8_000_000_000 + n).padStart(10, '0');
    return `${first10}${String(partitaIvaCheckDigit(first10))}`;
  };
  // Enough chunks (24 of 25, four at a time) that the network goes mid-way; few enough for a loaded emulator.
  const rows = 600;
  const csv = ['Ragione Sociale;P.IVA', ...Array.from({ length: rows }, (_, i) => `Cliente Rete ${String(i)};${vat(i)}`)].join('\r\n');
  await page.goto('/customers');
  await waitForScreenLoaded(page, '/customers');
  await page.getByRole('button', { name: 'Importa CSV' }).click();
  const panel = page.locator('.import-panel');
  await panel.getByLabel('File CSV (uno o più)').setInputFiles({ name: 'clienti.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(panel.getByTestId('import-preview')).toBeVisible();
  // Every request made slow (1.5 s of latency) so that the import is still sending when the network goes, on an
  // idle machine too: the first progress line comes after one round trip, the whole import needs several. One
  // DevTools session sets latency, offline and online, so no other emulation overrides it.
  const cdp = await page.context().newCDPSession(page);
  const network = (offline: boolean, latency: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Network.enable');
  await network(false, 1500);
  await panel.getByRole('button', { name: 'Importa', exact: true }).click();
  // The network goes as the chunks start going out.
  await expect(panel.getByText(new RegExp(`^\\d+ di ${String(rows)} clienti salvati$`))).toBeVisible({ timeout: 60_000 });
  await network(true, 0);
  await expect(offlineBanner(page).last()).toBeVisible();
  const report = panel.getByTestId('import-report');
  await expect(report.getByRole('alert')).toContainText("Errore durante l'import: Il server non ha confermato il salvataggio", { timeout: 60_000 });
  await expect(report.getByRole('alert')).toContainText('Puoi ripetere l’importazione con gli stessi file'.replace('’', "'"));

  await network(false, 0);
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 60_000 });
  await panel.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(report.getByRole('status')).toContainText('Import completato!', { timeout: 120_000 });
  await expect.poll(async () => (await queryWhere('Customer', 'userId', shop.uid)).length, { timeout: 60_000 }).toBe(rows);
  const names = new Set((await queryWhere('Customer', 'userId', shop.uid)).map((d) => str(d.fields.ragioneSociale)));
  expect(names.size).toBe(rows);
});
