import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixture';
import { encodeCredentials } from '../../src/domain/credentials/obfuscation.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, login } from './helpers';

const EMAIL = DEMO_ACCOUNTS.owner.email;
const QR_NOTICE =
  'Il codice QR contiene le credenziali solo offuscate, non cifrate: mostralo solo sul dispositivo del negozio e non fotografarlo.';

interface BrowserState {
  local: [string, string][];
  session: [string, string][];
  cookie: string;
  /** Every record of every IndexedDB store, as JSON (Firebase Auth keeps its session there). */
  indexedDb: string[];
}

async function browserState(page: Page): Promise<BrowserState> {
  return page.evaluate(async () => {
    const entries = (storage: Storage): [string, string][] =>
      Array.from({ length: storage.length }, (_, i) => {
        const key = storage.key(i) ?? '';
        return [key, storage.getItem(key) ?? ''];
      });
    const indexedDbRecords: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('indexedDB.open'));
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error ?? new Error('getAll'));
        });
        for (const value of values) indexedDbRecords.push(`${info.name}/${storeName}: ${JSON.stringify(value)}`);
      }
      db.close();
    }
    return { local: entries(localStorage), session: entries(sessionStorage), cookie: document.cookie, indexedDb: indexedDbRecords };
  });
}

/** Forms in which a password could end up in storage: clear, URL-encoded, base64, or our QR payload. */
function secretForms(): string[] {
  const payload = encodeCredentials({ email: EMAIL, password: DEMO_PASSWORD });
  return [DEMO_PASSWORD, encodeURIComponent(DEMO_PASSWORD), Buffer.from(DEMO_PASSWORD).toString('base64'), payload, payload.slice('BOQR1:'.length, 40)];
}

async function expectNoCredentialStored(page: Page) {
  const state = await browserState(page);
  const forbidden = secretForms();
  const webStorage = [...state.local.map(([k, v]) => ['localStorage', k, v]), ...state.session.map(([k, v]) => ['sessionStorage', k, v])];
  for (const [area, key, value] of webStorage) {
    const text = `${key}=${value}`;
    for (const secret of forbidden) expect(text, `${area} «${key}» contiene una credenziale`).not.toContain(secret);
    // Nor the account's email, a token (JWT) or a field named like a credential.
    expect(text, `${area} «${key}» contiene l'email`).not.toContain(EMAIL);
    expect(text, `${area} «${key}» contiene un token`).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(text.toLowerCase(), `${area} «${key}» ha un campo credenziale`).not.toMatch(/password|refreshtoken|accesstoken|idtoken|apikey|"pin"/);
  }
  const context = page.context();
  const cookies = await context.cookies();
  expect(state.cookie).toBe('');
  expect(cookies, 'nessun cookie, nemmeno HttpOnly').toEqual([]);
  // IndexedDB: Firebase Auth keeps its login session (tokens) there by design; the password never.
  for (const record of state.indexedDb) {
    for (const secret of forbidden) expect(record, 'IndexedDB contiene la password').not.toContain(secret);
  }
  return state;
}

test('the QR asks for the password, refuses a wrong one, then shows the QR — and no credential is stored', async ({ page }) => {
  await login(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);

  const opener = page.getByRole('button', { name: 'Codice QR per l’app cassa' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Codice QR per l’app cassa' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Conferma la password per generare il QR')).toBeVisible();
  const password = dialog.getByLabel('Password');
  await expect(password).toBeFocused();

  // Wrong password: an Italian error, no QR.
  await password.fill('sbagliata');
  await dialog.getByRole('button', { name: 'Genera QR' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password non corretta.');
  await expect(dialog.getByTestId('qr-image')).toHaveCount(0);
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();

  // Right password: the QR and the plain statement that it is not encryption.
  await password.fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Genera QR' }).click();
  const image = dialog.getByTestId('qr-image');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  const size = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  expect(size.width).toBeGreaterThan(100);
  expect(size.width).toBe(size.height);
  await expect(dialog.getByRole('note')).toHaveText(QR_NOTICE);
  const axe = await new AxeBuilder({ page }).include('dialog.modal[open]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // While the QR is on screen, and after it is closed, nothing holds a credential.
  const state = await expectNoCredentialStored(page);
  expect(state.session.map(([key]) => key)).toContain('bo.session');

  await dialog.getByRole('button', { name: 'Fatto' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectNoCredentialStored(page);

  // Reopened: it asks again, nothing was kept.
  await opener.click();
  await expect(dialog.getByTestId('qr-image')).toHaveCount(0);
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Still nothing after a reload of the signed-in app.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(opener).toBeVisible();
  await expectNoCredentialStored(page);
});
