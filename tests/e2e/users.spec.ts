import { expect, test, type Browser, type Page } from './fixture';
import { axeViolations, login, passLogFlushInterval } from './helpers';
import { getDocument, queryWhere } from './firestore-data';
import { createAuthAccount, createFixtureShop, FIXTURE_PASSWORD, type FixtureShop } from './shop-fixture';
import { OFFLINE_TEXT } from './faults';

/** /users (accountants, employees with PIN) and /register-accountant. */

/** The shell's banner while the page cannot reach Firestore (inside an open dialog too: the last one). */
const offlineBanner = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE_TEXT });

async function ownerPage(browser: Browser, shop: FixtureShop): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // The clock runs at its natural pace; a test waiting for a log entry moves it past the log's flush interval.
  await page.clock.install();
  await login(page, shop.email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function expectLogged(page: Page, uid: string, action: string) {
  await passLogFlushInterval(page);
  await expect
    .poll(async () => (await queryWhere('UserLog', 'userId', uid)).map((d) => d.fields.action?.stringValue), { timeout: 20_000 })
    .toContain(action);
}

test('employees: empty text, add with a PIN, edit, choose at /select-employee with that PIN, delete — all logged', async ({ browser }) => {
  const shop = await createFixtureShop('dipendenti');
  const page = await ownerPage(browser, shop);
  await page.goto('/users');
  await expect(page.getByText('Nessun utente o dipendente trovato per questo negozio.')).toBeVisible();

  await page.getByRole('button', { name: 'Aggiungi dipendente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo dipendente' });
  await dialog.getByLabel('PIN (facoltativo)').fill('12a');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog.getByText('Il nome è obbligatorio.')).toBeVisible();
  await expect(dialog.getByText('Il PIN può contenere solo cifre, al massimo 6.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Nome', { exact: true }).fill('Luca');
  await dialog.getByLabel('Cognome').fill('Neri');
  await dialog.getByLabel('Email (facoltativa)').fill('Luca.Neri@Prova.it');
  await dialog.getByLabel('Ruolo', { exact: true }).fill('Commesso');
  await dialog.getByLabel('Livello del ruolo').selectOption('3');
  await dialog.getByLabel('PIN (facoltativo)').fill('4321');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('employee-card').filter({ hasText: 'Luca Neri' });
  await expect(card).toContainText('luca.neri@prova.it');
  await expect(card).toContainText('Commesso');
  await expect(card).toContainText('Dipendente');
  await expectLogged(page, shop.uid, 'employee_add');
  const [stored] = await queryWhere('Employe', 'userId', shop.uid);
  expect(stored?.fields.pin).toEqual({ stringValue: '4321' });
  expect(stored?.fields.roleLevel).toEqual({ stringValue: '3' });

  await page.reload();
  await card.getByRole('button', { name: 'Modifica Luca Neri' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifica dipendente' });
  await expect(edit.getByLabel('Ruolo', { exact: true })).toHaveValue('Commesso');
  await edit.getByLabel('Ruolo', { exact: true }).fill('Responsabile');
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByTestId('employee-card').filter({ hasText: 'Luca Neri' })).toContainText('Responsabile');
  await expectLogged(page, shop.uid, 'employee_update');
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The employee is chosen at /select-employee with that PIN.
  await page.goto('/select-employee');
  await page.getByRole('button', { name: /Luca Neri/ }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Inserisci il PIN' });
  await pinDialog.getByLabel('PIN').fill('0000');
  await pinDialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(pinDialog.getByText('PIN errato. Riprova.')).toBeVisible();
  await pinDialog.getByLabel('PIN').fill('4321');
  await pinDialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.topbar__employee')).toContainText('Luca Neri');

  await page.goto('/users');
  await page.getByRole('button', { name: 'Elimina Luca Neri' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Elimina dipendente' });
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByTestId('employee-card')).toHaveCount(0);
  await expect(page.getByText('Nessun utente o dipendente trovato per questo negozio.')).toBeVisible();
  await expectLogged(page, shop.uid, 'employee_delete');
  await page.context().close();
});

test('register accountant: validation, new account, already associated, Auth without User, existing accountant on a second shop', async ({ browser }) => {
  const shop = await createFixtureShop('studio');
  const page = await ownerPage(browser, shop);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Registra commercialista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registra commercialista' });
  const submit = dialog.getByRole('button', { name: 'Registra commercialista' });
  await submit.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Email e password sono obbligatorie.' })).toBeVisible();
  const email = `studio.${String(Date.now())}@prova.it`;
  await dialog.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await dialog.getByLabel('Password').fill('12345');
  await submit.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'La password deve contenere almeno 6 caratteri.' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // 1. A new account: created without signing the owner out.
  await dialog.getByLabel('Password').fill('Studio!2026');
  await submit.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Commercialista registrato o aggiornato con successo!' })).toBeVisible();
  await expect(page.locator('[data-testid="active-shop-name"]')).toContainText(shop.name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('accountant-card')).toContainText(email);
  await expectLogged(page, shop.uid, 'accountant_register');
  const stored = await getDocument(`Shop/${shop.uid}`);
  const accountantId = stored?.accountants?.arrayValue?.values?.[0]?.stringValue ?? '';
  expect(accountantId).not.toBe('');
  const user = await getDocument(`User/${accountantId}`);
  expect(user?.level).toEqual({ stringValue: 'accountant' });
  expect(user?.email).toEqual({ stringValue: email });

  // 4. Already on this shop.
  await page.getByRole('button', { name: 'Registra commercialista' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('Studio!2026');
  await submit.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Questo commercialista è già associato a questo negozio.' })).toBeVisible();

  // 3. In Auth but without a User document.
  const orphan = `orfano.${String(Date.now())}@prova.it`;
  await createAuthAccount(orphan, 'Orfano!2026');
  await dialog.getByLabel('Email').fill(orphan);
  await dialog.getByLabel('Password').fill('Orfano!2026');
  await submit.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Questa email è già registrata in Auth ma non in Firestore. Contattare supporto.' })).toBeVisible();
  await page.context().close();

  // The registered accountant logs in and lands on /zreport of that shop.
  const accountant = await (await browser.newContext()).newPage();
  await login(accountant, email, 'Studio!2026');
  await expect(accountant).toHaveURL(/\/zreport$/);
  await expect(accountant.locator('[data-testid="active-shop-name"]')).toContainText(shop.name);
  await accountant.context().close();

  // 2. An existing accountant registered by a second shop: both shops are now theirs.
  const second = await createFixtureShop('studio2');
  const secondPage = await ownerPage(browser, second);
  await secondPage.goto('/register-accountant');
  await expect(secondPage.getByRole('heading', { name: 'Registra commercialista' })).toBeVisible();
  await secondPage.getByLabel('Email').fill(email);
  await secondPage.getByLabel('Password').fill('Studio!2026');
  await secondPage.getByRole('button', { name: 'Registra commercialista' }).click();
  await expect(secondPage.getByRole('status').filter({ hasText: 'Commercialista registrato o aggiornato con successo!' })).toBeVisible();
  expect(await axeViolations(secondPage, 'main')).toEqual([]);
  await secondPage.context().close();
  const links = (await getDocument(`User/${accountantId}`))?.shops?.arrayValue?.values ?? [];
  expect(links.map((l) => l.mapValue?.fields?.shopId?.stringValue)).toEqual([shop.uid, second.uid]);
  const again = await (await browser.newContext()).newPage();
  await login(again, email, 'Studio!2026');
  await expect(again).toHaveURL(/\/select-shop-carousel$/);
  await again.context().close();
});

test('registering an accountant offline: refused at once in Italian, nothing half-created, then registered once', async ({ browser }) => {
  const shop = await createFixtureShop('studio-rete');
  const page = await ownerPage(browser, shop);
  const email = `studio.rete.${String(Date.now())}@prova.it`;
  const accountants = async () => ((await getDocument(`Shop/${shop.uid}`))?.accountants?.arrayValue?.values ?? []).map((v) => v.stringValue ?? '');
  const profiles = async () => (await queryWhere('User', 'email', email)).length;
  await page.goto('/users');
  await page.getByRole('button', { name: 'Registra commercialista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registra commercialista' });
  const submit = dialog.getByRole('button', { name: 'Registra commercialista' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('Studio!2026');

  // Offline nothing is started (no Auth account, no batch): the form says so at once instead of spinning.
  await page.context().setOffline(true);
  await expect(offlineBanner(page).last()).toBeVisible();
  await submit.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Errore durante la registrazione: ' })).toContainText(
    'Errore durante la registrazione: Servizio momentaneamente non raggiungibile. Controlla la connessione e riprova.',
    { timeout: 5_000 },
  );
  await expect(submit).toBeEnabled();
  await page.context().setOffline(false);
  // Once the page is connected again (a write kept on the device would land now): still no profile, no link.
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 60_000 });
  expect(await profiles()).toBe(0);
  expect(await accountants()).toEqual([]);

  // The same form again, online: registered once (a new account: no Auth account was left by the offline attempt).
  await submit.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Commercialista registrato o aggiornato con successo!' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(accountants).toHaveLength(1);
  expect(await profiles()).toBe(1);
  const [profile] = await queryWhere('User', 'email', email);
  expect(profile?.fields.level?.stringValue).toBe('accountant');
  await page.context().close();
});
