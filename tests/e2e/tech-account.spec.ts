import { expect, test } from './fixture';
import { axeViolations, login, shot } from './helpers';
import { createAuthAccount, writeDocument } from './shop-fixture';


test('the technician account: email and id, password change with its messages, reset link', async ({ page }) => {
  // A technician of its own, so that the demo technician's password never changes under the other specs.
  const email = `tecnico.${String(Date.now())}@example.test`;
  const uid = await createAuthAccount(email, 'Vecchia!2026');
  await writeDocument(`User/${uid}`, { userId: uid, email, level: 'tech', createdAt: new Date() });
  await login(page, email, 'Vecchia!2026');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await page.getByRole('link', { name: 'Impostazioni' }).click();
  await expect(page).toHaveURL(/\/tech-account$/);
  await expect(page.getByRole('heading', { name: 'Account tecnico' })).toBeVisible();
  await expect(page.getByText(email, { exact: true }).last()).toBeVisible();
  await expect(page.getByText(uid, { exact: true })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Aggiorna password' });
  await page.getByLabel('Password attuale').fill('Vecchia!2026');
  await page.getByLabel('Nuova password', { exact: true }).fill('abcdef');
  await page.getByLabel('Conferma nuova password').fill('abcdeg');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Le password non coincidono.');
  await page.getByLabel('Nuova password', { exact: true }).fill('abc');
  await page.getByLabel('Conferma nuova password').fill('abc');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('La password deve contenere almeno 6 caratteri.');
  await page.getByLabel('Password attuale').fill('Sbagliata!1');
  await page.getByLabel('Nuova password', { exact: true }).fill('Nuova!2026');
  await page.getByLabel('Conferma nuova password').fill('Nuova!2026');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText("Errore durante l'aggiornamento della password. La password attuale non è corretta.");
  await page.getByLabel('Password attuale').fill('Vecchia!2026');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Password aggiornata con successo' })).toBeVisible();

  await page.getByRole('button', { name: 'Invia link di reset' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email per il reset inviata.' })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'tech-account.png', { fullPage: true });

  // the new password is the one that works now
  await page.getByRole('button', { name: 'Esci' }).click();
  await login(page, email, 'Nuova!2026');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
});
