import { expect, test, type Page } from './fixture';
import { queryWhere, getDocument, str } from './firestore-data';
import { axeViolations, DEMO_ACCOUNTS, dismissCookieBanner, login, openSignedIn, shot } from './helpers';
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';
import { createAuthAccount, writeDocument } from './shop-fixture';
import { AT_LEAST_ONE_MS, REDIRECT_AFTER_MS } from '../../src/domain/tech/registration.ts';

const STUB = process.env.STUB_URL ?? '';
const PASSWORD = 'Negozio!2026';
const TECH_UID = 'iYY6LtGAyZjHZmya9gy4ed1wPw7X';
const OWNER_UID = DEMO_ACCOUNTS.owner.uid;

const next = (page: Page) => page.getByRole('button', { name: 'Avanti' });
const back = (page: Page) => page.getByRole('button', { name: 'Indietro' });
const stepHeading = (page: Page, n: number) => page.getByRole('heading', { name: new RegExp(`^Passo ${String(n)} di 5`) });

test.afterEach(async () => {
  await fetch(`${STUB}/__stub/fail`, { method: 'DELETE' });
});

async function fillUser(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Conferma password').fill(PASSWORD);
}

async function fillShop(page: Page, name: string) {
  await page.getByLabel('Nome negozio').fill(name);
  await page.getByLabel('Indirizzo').fill('Via Garibaldi 7');
  await page.getByLabel('Città').fill('Genova');
  await page.getByLabel('Provincia').fill('GE');
  await page.getByLabel('CAP').fill('16124');
  await page.getByLabel('Telefono').fill('010 555 1234');
}

async function fillEmployee(page: Page) {
  await page.getByLabel('Nome', { exact: true }).fill('Rita');
  await page.getByLabel('Cognome', { exact: true }).fill('Parodi');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
}

/** The records of a registered shop, read straight from the emulator. */
async function records(uid: string) {
  return {
    shop: await getDocument(`Shop/${uid}`),
    user: await getDocument(`User/${uid}`),
    subscriptions: await queryWhere('ShopSubscription', 'shopId', uid),
    employees: await queryWhere('Employe', 'userId', uid),
  };
}

async function uidOf(email: string): Promise<string> {
  const [user] = await queryWhere('User', 'email', email);
  if (!user) throw new Error(`Nessun User per ${email}`);
  return user.id;
}

test('the technician registers a shop end to end (validation per step, free going back), the owner signs in', async ({ page }) => {
  const email = `genova.${String(Date.now())}@example.test`;
  // The page's clock runs at its natural pace; the 3-second message and the redirect 3 s after the success are moved
  // on, not waited out.
  await page.clock.install();
  await openSignedIn(page, 'tech', '/tech-dashboard');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await page.getByRole('button', { name: 'Nuovo' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(back(page)).toBeDisabled();

  // step 1: every message of document 1 §5
  await page.getByLabel('Email').fill('non-una-email');
  await page.getByLabel('Password', { exact: true }).fill('corta');
  await page.getByLabel('Conferma password').fill('diversa');
  await next(page).click();
  await expect(page.getByText('Inserisci un indirizzo email valido')).toBeVisible();
  await expect(page.getByText('La password deve contenere almeno 8 caratteri')).toBeVisible();
  await expect(page.getByText('Le password non coincidono')).toBeVisible();
  await fillUser(page, email);
  await next(page).click();

  // step 2: a plan is required; the plan's packs are 'Incluso'
  await expect(stepHeading(page, 2)).toBeVisible();
  await next(page).click();
  await expect(page.getByRole('alert')).toHaveText('Seleziona un piano di sottoscrizione');
  await page.getByRole('radio', { name: /^Premium/ }).check();
  await expect(page.getByRole('checkbox', { name: 'fatturazione — Incluso' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'fatturazione — Incluso' })).toBeDisabled();
  await shot(page, 'register-shop-step2.png', { fullPage: true });
  await next(page).click();

  // step 3: required fields and the printer IP rule
  await expect(stepHeading(page, 3)).toBeVisible();
  await next(page).click();
  await expect(page.getByText('Campo obbligatorio')).toHaveCount(6);
  await fillShop(page, 'Focacceria Parodi');
  await page.getByLabel('IP stampante').fill('192.168.1');
  await next(page).click();
  await expect(page.getByText('Indirizzo IP stampante non valido')).toBeVisible();
  await page.getByLabel('IP stampante').fill('192.168.1.50');
  // going back keeps what was typed
  await back(page).click();
  await expect(page.getByRole('radio', { name: /^Premium/ })).toBeChecked();
  await back(page).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await next(page).click();
  await next(page).click();
  await expect(page.getByLabel('Nome negozio')).toHaveValue('Focacceria Parodi');
  await next(page).click();

  // step 4: technician PIN, default 0000
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(page.getByLabel('PIN tecnico')).toHaveValue('0000');
  await page.getByLabel('PIN tecnico').fill('12');
  await next(page).click();
  await expect(page.getByText('Il PIN tecnico deve essere di 4 cifre')).toBeVisible();
  await page.getByLabel('PIN tecnico').fill('0000');
  await next(page).click();

  // step 5: at least one employee (3-second message), at most 2
  await expect(stepHeading(page, 5)).toBeVisible();
  await page.getByRole('button', { name: 'Rimuovi dipendente 1' }).click();
  await expect(page.getByRole('alert')).toHaveText('Deve esserci almeno un dipendente');
  await page.clock.fastForward(AT_LEAST_ONE_MS);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Aggiungi dipendente' }).click();
  await expect(page.getByRole('button', { name: 'Aggiungi dipendente' })).toBeDisabled();
  await page.getByRole('button', { name: 'Rimuovi dipendente 2' }).click();
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
  await fillEmployee(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'register-shop-step5.png', { fullPage: true });
  await page.getByRole('button', { name: 'Registra negozio' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Registrazione completata con successo!' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/register-shop$/);
  await page.clock.fastForward(REDIRECT_AFTER_MS);
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await expect(page.getByRole('listitem', { name: 'Focacceria Parodi' }).getByText('Gestito da te')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Focacceria Parodi' }).getByText(/^Attivo fino al/)).toBeVisible();

  const uid = await uidOf(email);
  const r = await records(uid);
  expect(str(r.user?.level)).toBe('shop');
  expect(str(r.shop?.userId)).toBe(uid);
  expect(r.shop?.technicians?.arrayValue?.values?.map((v) => v.stringValue)).toEqual([TECH_UID]);
  const settings = r.shop?.settings?.mapValue?.fields ?? {};
  expect(settings.codeDdt?.integerValue).toBe('11');
  expect(str(settings.invoiceNumber)).toBe('39');
  expect(str(settings.cashmaticProtocol)).toBe('https');
  expect(str(settings.printerIp)).toBe('192.168.1.50');
  expect(r.shop?.openApi?.booleanValue).toBe(false);
  expect(r.subscriptions).toHaveLength(1);
  const sub = r.subscriptions[0]?.fields ?? {};
  const months = (Date.parse(sub.expiringDate?.timestampValue ?? '') - Date.parse(sub.startingDate?.timestampValue ?? '')) / 86_400_000;
  // Three calendar months in Rome: 89-92 days, give or take the hour of a DST change (the rules' own bounds).
  expect(months).toBeGreaterThanOrEqual(89 - 2 / 24);
  expect(months).toBeLessThanOrEqual(92 + 2 / 24);
  expect(str(sub.status)).toBe('active');
  expect(r.employees.map((e) => `${str(e.fields.name) ?? ''}/${str(e.fields.roleLevel) ?? ''}/${str(e.fields.roleName) ?? ''}`).sort()).toEqual(['Giorgio Fontana/0/Tecnico', 'Rita/10/Titolare']);

  // the new owner signs in to the dashboard
  await page.getByRole('button', { name: 'Esci' }).click();
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
});

/**
 * A valid P.IVA of its own for each registration: the registry gives a P.IVA to one shop only, and the prefilled
 * entry's 07352910637 is taken by the first test that registers it.
 */
function freshVat(): string {
  const first10 = `8${String(Date.now()).slice(-9)}`;
  return `${first10}${String(partitaIvaCheckDigit(first10))}`;
}

/** Registers the prefilled pending entry 'Esposito Elettronica' up to the last step, with its own P.IVA `vat`. */
async function registerPending(page: Page, email: string, vat: string) {
  await openSignedIn(page, 'tech', '/tech-dashboard');
  await page.getByRole('link', { name: /^Da registrare/ }).click();
  await page.getByRole('button', { name: 'Registra Esposito Elettronica' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('esposito.elettronica@gmail.com');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Conferma password').fill(PASSWORD);
  await next(page).click();
  await page.getByRole('radio', { name: /^Plus/ }).check();
  await next(page).click();
  await expect(page.getByLabel('Nome negozio')).toHaveValue('Esposito Elettronica');
  await expect(page.getByLabel('Partita IVA')).toHaveValue('07352910637');
  await page.getByLabel('Partita IVA').fill(vat);
  await page.getByLabel(/Configura OpenAPI/).check();
  await next(page).click();
  await next(page).click();
  // the owner of the form is the first employee, PIN with its leading zero
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Salvatore');
  await expect(page.getByLabel('PIN', { exact: true })).toHaveValue('0420');
}

test('prefilled from a pending entry, with the OpenAPI set-up: configured through the provider, openApi true', async ({ page }) => {
  const email = `esposito.${String(Date.now())}@example.test`;
  const vat = freshVat();
  await fetch(`${STUB}/__stub/reset`, { method: 'POST' });
  await registerPending(page, email, vat);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registrazione completata con successo!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Configurazione OpenAPI completata con successo!' })).toBeVisible();
  const log = (await (await fetch(`${STUB}/__stub/requests`)).json()) as { requests: { route: string; json: Record<string, unknown> | null }[] };
  const registry = log.requests.find((r) => r.route === 'POST /business_registry_configurations');
  expect(registry?.json).toMatchObject({ fiscal_id: vat, name: 'Esposito Elettronica', email, apply_signature: false, apply_legal_storage: false });
  const api = log.requests.find((r) => r.route === 'POST /api_configurations');
  expect((api?.json?.callbacks as { event: string }[]).map((c) => c.event)).toEqual(['supplier-invoice', 'customer-notification']);
  const uid = await uidOf(email);
  await expect.poll(async () => (await getDocument(`Shop/${uid}`))?.openApi?.booleanValue).toBe(true);
  // the registration recorded the shop's P.IVA in the fiscal-identity registry
  expect(str((await getDocument(`FiscalId/${vat}`))?.shopId)).toBe(uid);
});

test("a P.IVA another shop holds: the registry's Italian message, nothing written", async ({ page }) => {
  const email = `esposito.doppio.${String(Date.now())}@example.test`;
  const taken = str((await getDocument(`Shop/${OWNER_UID}`))?.settings?.mapValue?.fields?.pIva) ?? '';
  expect(taken).toMatch(/^\d{11}$/);
  await registerPending(page, email, taken);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Errore durante la registrazione: La partita IVA ${taken} è già registrata per un altro negozio: se i due negozi sono della stessa azienda, chiedi all'amministratore di condividerla.`, { timeout: 20_000 });
  const uid = await uidOf(email);
  expect(await getDocument(`Shop/${uid}`)).toBeUndefined();
  expect(str((await getDocument(`FiscalId/${taken}`))?.shopId)).toBe(OWNER_UID);
});

test('an OpenAPI failure is reported; the registration itself stands', async ({ page }) => {
  const email = `esposito.ko.${String(Date.now())}@example.test`;
  const vat = freshVat();
  await fetch(`${STUB}/__stub/reset`, { method: 'POST' }); // the fiscal id is not configured yet
  await fetch(`${STUB}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route: 'POST /business_registry_configurations', mode: 'http500' }) });
  await registerPending(page, email, vat);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registrazione completata con successo!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveText(/^Errore nella configurazione OpenAPI: Business registry error: Internal Server Error/);
  const uid = await uidOf(email);
  expect((await getDocument(`Shop/${uid}`))?.openApi?.booleanValue).toBe(false);
  await shot(page, 'register-shop-openapi-error.png', { fullPage: true });
  await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
  await expect(page).toHaveURL(/\/tech-dashboard$/);
});

test('with the network dropped the registration fails with its message; a retry completes it with no duplicate', async ({ page, context }) => {
  const email = `offline.${String(Date.now())}@example.test`;
  await openSignedIn(page, 'tech', '/register-shop');
  await fillUser(page, email);
  await next(page).click();
  await page.getByRole('radio', { name: /^Standard —/ }).check();
  await next(page).click();
  await fillShop(page, 'Bar Offline');
  await next(page).click();
  await next(page).click();
  await fillEmployee(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  // Two alerts: the form's own error, and the shell's connection banner saying the server is gone.
  await expect(page.getByRole('alert').filter({ hasText: /^Errore durante la registrazione: / })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('connection-banner')).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registrazione completata con successo!' })).toBeVisible({ timeout: 30_000 });
  const uid = await uidOf(email);
  const r = await records(uid);
  expect(r.subscriptions).toHaveLength(1);
  expect(r.employees).toHaveLength(2);
});

test('a registration broken half-way (account and User written, shop not) is completed by a retry, no duplicate', async ({ page }) => {
  // The state a failure after the account step leaves: the Auth account and its User (shopRegister) exist.
  const email = `meta.${String(Date.now())}@example.test`;
  const uid = await createAuthAccount(email, PASSWORD);
  await writeDocument(`User/${uid}`, { userId: uid, email, level: 'shopRegister', shops: [], registeredBy: TECH_UID, createdAt: new Date() });
  await openSignedIn(page, 'tech', '/register-shop');
  await dismissCookieBanner(page);
  await fillUser(page, email);
  await next(page).click();
  await page.getByRole('radio', { name: /^Standard —/ }).check();
  await next(page).click();
  await fillShop(page, 'Bar a Metà');
  await next(page).click();
  await next(page).click();
  await fillEmployee(page);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registrazione completata con successo!' })).toBeVisible({ timeout: 20_000 });
  // submitting the very same registration again (the answer lost) changes nothing
  const r = await records(uid);
  expect(str(r.user?.level)).toBe('shop');
  expect(r.subscriptions).toHaveLength(1);
  expect(r.employees).toHaveLength(2);
  // a wrong password for an existing account is refused
  await page.goto('/register-shop');
  await fillUser(page, email);
  await page.getByLabel('Password', { exact: true }).fill('Sbagliata!99');
  await page.getByLabel('Conferma password').fill('Sbagliata!99');
  await next(page).click();
  await page.getByRole('radio', { name: /^Standard —/ }).check();
  await next(page).click();
  await fillShop(page, 'Bar a Metà');
  await next(page).click();
  await next(page).click();
  await fillEmployee(page);
  await page.getByRole('button', { name: 'Registra negozio' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Errore durante la registrazione: /, { timeout: 20_000 });
  expect(await queryWhere('Employe', 'userId', uid)).toHaveLength(2);
});
