import { expect, test } from './fixture';
import { dismissCookieBanner, login, readCollection } from './helpers';

const authHost = () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST non impostato');
  return host;
};

test('registration validates the fields, creates a shopRegister account and explains the next step', async ({ page }) => {
  await page.goto('/register');
  await dismissCookieBanner(page);
  await page.getByLabel('Email').fill('mario');
  await page.getByLabel('Password', { exact: true }).fill('corta');
  await page.getByLabel('Conferma password').fill('diversa');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText('Inserisci un indirizzo email valido')).toBeVisible();
  await expect(page.getByText('La password deve contenere almeno 8 caratteri')).toBeVisible();
  await expect(page.getByText('Le password non coincidono')).toBeVisible();

  const email = `nuovo.${Date.now()}@esempio.it`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Segreta!2026');
  await page.getByLabel('Conferma password').fill('Segreta!2026');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByRole('status')).toContainText('Un tecnico completerà la registrazione del negozio');

  const users = await readCollection('User');
  const created = users.find((u) => (u.fields.email as { stringValue?: string }).stringValue === email);
  expect((created?.fields.level as { stringValue?: string }).stringValue).toBe('shopRegister');

  // the new account cannot enter the back office until a technician completes the shop
  await login(page, email, 'Segreta!2026');
  await expect(page.getByRole('alert').filter({ hasText: 'Livello utente non riconosciuto.' })).toBeVisible();
});

test('registering an email already in use says so', async ({ page }) => {
  await page.goto('/register');
  await dismissCookieBanner(page);
  await page.getByLabel('Email').fill('negozio@demo.it');
  await page.getByLabel('Password', { exact: true }).fill('Segreta!2026');
  await page.getByLabel('Conferma password').fill('Segreta!2026');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Errore durante la registrazione: Questa email è già registrata.' })).toBeVisible();
});

test('password reset needs an email and confirms the sending', async ({ page }) => {
  await page.goto('/login');
  await dismissCookieBanner(page);
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole('button', { name: 'Invia link di reset' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email non disponibile' })).toBeVisible();
  await page.getByLabel('Email').fill('negozio@demo.it');
  await page.getByRole('button', { name: 'Invia link di reset' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email per il reset inviata.' })).toBeVisible();
  // the Auth emulator received the request for that address
  const response = await fetch(`http://${authHost()}/emulator/v1/projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/oobCodes`);
  const body = (await response.json()) as { oobCodes?: { email: string; requestType: string }[] };
  expect(body.oobCodes?.some((c) => c.email === 'negozio@demo.it' && c.requestType === 'PASSWORD_RESET')).toBe(true);
});

test('an account without a User document gets "Dati utente non trovati."', async ({ page }) => {
  const email = `senzaprofilo.${Date.now()}@esempio.it`;
  const response = await fetch(`http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Segreta!2026', returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
  await login(page, email, 'Segreta!2026');
  await expect(page.getByRole('alert').filter({ hasText: 'Dati utente non trovati.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
