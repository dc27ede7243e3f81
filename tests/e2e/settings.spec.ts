import { expect, test, type Browser, type Page } from './fixture';
import { axeViolations, DEMO_ACCOUNTS, login, openSignedIn, passLogFlushInterval } from './helpers';
import { getDocument, queryWhere } from './firestore-data';
import { createFixtureShop, FIXTURE_PASSWORD, type FixtureShop } from './shop-fixture';

/** Every tab of /settings; changes persist across a reload and are logged where the spec logs them. */

async function loginAs(page: Page, shop: FixtureShop) {
  await login(page, shop.email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A second user in a browser context of its own (its own Auth persistence). */
async function newUserPage(browser: Browser, shop: FixtureShop, password = FIXTURE_PASSWORD): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await login(page, shop.email, password);
  return page;
}

async function logActions(uid: string): Promise<string[]> {
  return (await queryWhere('UserLog', 'userId', uid)).map((d) => d.fields.action?.stringValue ?? '');
}

// The page's clock runs at its natural pace; a test waiting for a log entry moves it past the log's flush interval.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Waits for `page`'s entries of `actions` in the shop's log. */
async function expectLogged(page: Page, uid: string, ...actions: string[]) {
  await passLogFlushInterval(page);
  await expect.poll(() => logActions(uid), { timeout: 20_000 }).toEqual(expect.arrayContaining(actions));
}

test('tabs are links in the URL, keyboard-operable, Configurazione Shop by default; Catena/Gruppo only with the pack', async ({ page }) => {
  // Reads only, so the demo shop with every pack does (the tests that change settings use a throw-away shop).
  await openSignedIn(page, 'owner', '/settings');
  const tabs = page.getByRole('navigation', { name: 'Sezioni delle impostazioni' }).getByRole('link');
  await expect(tabs).toHaveText(['Configurazione Shop', 'Account', 'Dispositivi', 'Catena/Gruppo', 'Fatture', 'Prodotti ripetuti', 'Abbonamento']);
  await expect(page.getByRole('link', { name: 'Configurazione Shop' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('navigation', { name: 'Sezioni delle impostazioni' }).getByRole('link', { name: 'Fatture', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\?tab=fatture$/);
  await expect(page.getByRole('heading', { name: 'Contatore fatture' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contatore fatture' })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Configurazione Shop' })).toBeVisible();
});

test('Configurazione Shop: shop type and backoffice roles persist, show their 3-second messages and are logged', async ({ page }) => {
  const shop = await createFixtureShop('tipo');
  await loginAs(page, shop);
  await page.goto('/settings');
  const type = page.getByLabel('Tipo di negozio');
  await expect(type.locator('option')).toHaveText(['Generale', 'Abbigliamento', 'Alimentari', 'Elettronica', 'Libri', 'Casa e Giardino', 'Bellezza e Cura', 'Sport']);
  await type.selectOption({ label: 'Abbigliamento' });
  const status = page.getByRole('status').filter({ hasText: 'Tipo shop aggiornato con successo!' });
  await expect(status).toBeVisible();
  await expect(page.getByText('Aggiunge ai prodotti taglia, colore e materiale')).toBeVisible();
  // Document 3 §9: the message disappears after 3 seconds (of the page's clock, moved on).
  await page.clock.fastForward(3_000);
  await expect(status).toBeHidden();
  // The switch shows the stored value: it turns on once the shop document says so.
  await page.getByRole('switch', { name: 'Gestione ruoli backoffice' }).click();
  await expect(page.getByRole('switch', { name: 'Gestione ruoli backoffice' })).toBeChecked();
  await expect(page.getByText('Gestione ruoli backoffice abilitata!')).toBeVisible();

  await expectLogged(page, shop.uid, 'shop_type_update', 'backoffice_roles_update');
  await page.reload();
  await expect(page.getByLabel('Tipo di negozio')).toHaveValue('Clothing');
  await expect(page.getByRole('switch', { name: 'Gestione ruoli backoffice' })).toBeChecked();
  const stored = await getDocument(`Shop/${shop.uid}`);
  expect(stored?.shopType?.stringValue).toBe('Clothing');
  expect(stored?.settings?.mapValue?.fields?.backofficeRoles?.booleanValue).toBe(true);
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('Account: the password changes after re-authentication, with the spec messages', async ({ page, browser }) => {
  const shop = await createFixtureShop('password');
  await loginAs(page, shop);
  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Aggiorna Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Compila tutti i campi.' })).toBeVisible();
  await page.getByLabel('Password attuale').fill(FIXTURE_PASSWORD);
  await page.getByLabel('Nuova password', { exact: true }).fill('NuovaPass1');
  await page.getByLabel('Conferma nuova password').fill('NuovaPass2');
  await page.getByRole('button', { name: 'Aggiorna Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Le password non coincidono.' })).toBeVisible();
  await page.getByLabel('Password attuale').fill('sbagliata!');
  await page.getByLabel('Conferma nuova password').fill('NuovaPass1');
  await page.getByRole('button', { name: 'Aggiorna Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'La password attuale non è corretta.' })).toBeVisible();
  await page.getByLabel('Password attuale').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Aggiorna Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password aggiornata con successo.' })).toBeVisible();
  await expectLogged(page, shop.uid, 'password_change');
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The new password works, the old one no longer does.
  const old = await newUserPage(browser, shop);
  await expect(old.getByRole('alert').filter({ hasText: 'Email o password non corretti.' })).toBeVisible();
  await old.context().close();
  const fresh = await newUserPage(browser, shop, 'NuovaPass1');
  await expect(fresh).toHaveURL(/\/dashboard$/);
  await fresh.context().close();
});

test('Dispositivi: online under 24 hours, version, build, last update, and Aggiorna Dispositivi', async ({ page }) => {
  const shop = await createFixtureShop('dispositivi');
  await loginAs(page, shop);
  await page.goto('/settings?tab=dispositivi');
  await expect(page.getByRole('heading', { name: 'Lista Dispositivi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dispositivi Registrati (2)' })).toBeVisible();
  const recent = page.locator('.device-card').filter({ hasText: 'IPAD-RECENTE-0001' });
  await expect(recent).toContainText('Online');
  await expect(recent).toContainText('Versione App3.4.1');
  await expect(recent).toContainText('Build341');
  await expect(page.locator('.device-card').filter({ hasText: 'IPAD-VECCHIO-0002' })).toContainText('Offline');
  await page.getByRole('button', { name: 'Aggiorna Dispositivi' }).click();
  await expect(page.getByRole('button', { name: 'Aggiorna Dispositivi' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Dispositivi Registrati (2)' })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('Fatture: an unreadable counter reads as 0; a new value is stored as text, shown in the next number and logged', async ({ page }) => {
  const shop = await createFixtureShop('fatture');
  await loginAs(page, shop);
  await page.goto('/settings?tab=fatture');
  const counter = page.getByLabel('Numero della prossima fattura');
  await expect(counter).toHaveValue('0');
  const year = new Date().getFullYear();
  const prefix = shop.uid.slice(0, 5);
  await expect(page.getByTestId('next-invoice-number')).toHaveText(`${prefix}-${String(year)}-0`);
  await counter.fill('-4');
  await page.getByRole('button', { name: 'Salva contatore' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Il contatore deve essere un numero intero maggiore o uguale a 0.' })).toBeVisible();
  await counter.fill('120');
  await expect(page.getByTestId('next-invoice-number')).toHaveText(`${prefix}-${String(year)}-120`);
  await page.getByRole('button', { name: 'Salva contatore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Contatore fatture aggiornato con successo.' })).toBeVisible();
  await expect(page.getByText(`${prefix}-${String(year)}-120-R1`)).toBeVisible();
  await expectLogged(page, shop.uid, 'invoice_counter_update');
  await page.reload();
  await expect(page.getByLabel('Numero della prossima fattura')).toHaveValue('120');
  const stored = await getDocument(`Shop/${shop.uid}`);
  expect(stored?.settings?.mapValue?.fields?.invoiceNumber).toEqual({ stringValue: '120' });
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('Catena/Gruppo: validation messages, join and leave round-trip, become master, the master sees its member', async ({ page, browser }) => {
  const master = await createFixtureShop('capo');
  const member = await createFixtureShop('membro');
  await loginAs(page, member);
  await page.goto('/settings?tab=catena');
  await expect(page.getByTestId('shop-code')).toHaveText(member.uid);
  const code = page.getByLabel('Codice del negozio capogruppo');
  const join = page.getByRole('button', { name: 'Unisciti al gruppo' });
  await join.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Inserisci un codice negozio valido.' })).toBeVisible();
  await code.fill(member.uid);
  await join.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Non puoi impostare il tuo stesso negozio come capogruppo.' })).toBeVisible();
  await code.fill('NegozioCheNonEsiste');
  await join.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Negozio non trovato. Verifica il codice inserito.' })).toBeVisible();
  await code.fill(master.uid);
  await join.click();
  await expect(page.getByRole('status').filter({ hasText: 'Negozio unito al gruppo con successo!' })).toBeVisible();
  await expectLogged(page, member.uid, 'chain_join');
  await page.reload();
  await expect(page.getByTestId('parent-code')).toHaveText(master.uid);
  // A member is not offered to become master.
  await expect(page.getByRole('button', { name: 'Diventa capogruppo' })).toHaveCount(0);

  // The master's side: become master (confirmation), then the member appears in its list.
  const masterPage = await newUserPage(browser, master);
  await expect(masterPage).toHaveURL(/\/dashboard$/);
  await masterPage.goto('/settings?tab=catena');
  await masterPage.getByRole('button', { name: 'Diventa capogruppo' }).click();
  const dialog = masterPage.getByRole('alertdialog', { name: 'Diventa capogruppo' });
  await expect(dialog).toContainText('Vuoi diventare capogruppo? Potrai gestire più negozi e visualizzare statistiche aggregate.');
  expect(await axeViolations(masterPage)).toEqual([]);
  await dialog.getByRole('button', { name: 'Diventa capogruppo' }).click();
  await expect(masterPage.getByRole('heading', { name: 'Sei il capogruppo' })).toBeVisible();
  await expect(masterPage.locator('.chain-members')).toContainText(member.name);
  await expect(masterPage.getByRole('link', { name: 'Vai alla Dashboard Catena' })).toHaveAttribute('href', '/chain-dashboard');
  const stored = await getDocument(`Shop/${master.uid}`);
  expect(stored?.isChainMaster?.booleanValue).toBe(true);
  expect(stored?.chainSettings?.mapValue?.fields?.allowMemberDataAccess?.booleanValue).toBe(true);
  expect(stored?.chainSettings?.mapValue?.fields?.shareInventory?.booleanValue).toBe(false);
  await expectLogged(masterPage, master.uid, 'chain_master_enabled');

  await masterPage.context().close();

  // Back to the member: leave (confirmation) and the relation is gone.
  await page.goto('/settings?tab=catena');
  await page.getByRole('button', { name: 'Esci dal gruppo' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Esci dal gruppo' });
  await expect(leave).toContainText('Sei sicuro di voler uscire dal gruppo? Questa azione rimuoverà la relazione con il negozio capogruppo.');
  await leave.getByRole('button', { name: 'Esci dal gruppo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sei uscito dal gruppo con successo.' })).toBeVisible();
  await expectLogged(page, member.uid, 'chain_leave');
  await page.reload();
  await expect(page.getByTestId('parent-code')).toHaveCount(0);
  await expect(page.getByLabel('Codice del negozio capogruppo')).toBeVisible();
  expect((await getDocument(`Shop/${member.uid}`))?.shopGroup).toEqual({ nullValue: null });
});

test('Abbonamento: price, plan, period, Attivo badge, pack details and Aggiorna Abbonamento', async ({ page }) => {
  const shop = await createFixtureShop('abbonamento');
  await loginAs(page, shop);
  await page.goto('/settings?tab=abbonamento');
  const summary = page.locator('.subscription-summary');
  await expect(summary).toContainText('64,00');
  await expect(summary).toContainText('Premium');
  await expect(summary.getByText('Attivo', { exact: true })).toBeVisible();
  const catena = page.locator('.pack-card').filter({ hasText: 'Catena' });
  await catena.getByRole('button', { name: 'Dettagli' }).click();
  await expect(catena).toContainText('Gestione di più negozi in catena');
  await page.getByRole('button', { name: 'Aggiorna Abbonamento' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Informazioni abbonamento aggiornate.' })).toBeVisible();
  await expect(page.getByText('I livelli Standard, Plus e Premium sono ricavati dai pacchetti attivi')).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('Prodotti ripetuti mounts the warehouse screen (merges: warehouse.spec.ts); a shop without Catena has no Catena/Gruppo tab', async ({ page }) => {
  await openSignedIn(page, 'fewPacks', '/settings?tab=prodotti-ripetuti');
  await expect(page.getByRole('heading', { name: 'Prodotti ripetuti' })).toBeVisible();
  await expect(page.getByText('Nessun prodotto ripetuto trovato.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sezioni delle impostazioni' }).getByRole('link', { name: 'Catena/Gruppo' })).toHaveCount(0);
  await page.goto('/settings?tab=catena');
  await expect(page.getByText('è necessario il pacchetto "Catena" nel tuo abbonamento')).toBeVisible();
  expect(DEMO_ACCOUNTS.fewPacks.email).toBe('pochipacchetti@demo.it');
});

test('an accountant reads the settings of the shop but cannot change them', async ({ page }) => {
  await login(page, 'accountantOne');
  await expect(page).toHaveURL(/\/zreport$/);
  await page.goto('/settings');
  await expect(page.getByText('Solo il titolare del negozio può modificare queste impostazioni.')).toBeVisible();
  await expect(page.getByLabel('Tipo di negozio')).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Gestione ruoli backoffice' })).toBeDisabled();
  await page.goto('/settings?tab=fatture');
  await expect(page.getByRole('button', { name: 'Salva contatore' })).toBeDisabled();
  await page.goto('/users');
  await expect(page.getByTestId('accountant-card')).toContainText(DEMO_ACCOUNTS.accountantOne.email);
  await expect(page.getByRole('button', { name: 'Aggiungi dipendente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Registra commercialista' })).toHaveCount(0);
});
