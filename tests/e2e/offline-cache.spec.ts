/**
 * Issue 25 §4, persistent local cache: a list stays readable through a dropped connection and an offline reload
 * (Firestore's IndexedDB cache for the data, the service worker public/sw.js for the page), a customer created
 * offline is shown as pending, survives a reload, and is stored once when the connection returns; the logout
 * deletes the cache, also with a second tab open, so the next account on the same browser reads nothing of the
 * first.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './helpers';
import { queryWhere, str } from './firestore-data';

// The offline reload needs the app's service worker (blocked in the other specs, see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const OWNER = DEMO_ACCOUNTS.owner.uid;
const OFFLINE_NOTICE = 'Connessione al server assente: i dati mostrati potrebbero non essere aggiornati';
const SAVED_OFFLINE = 'Nessuna connessione: modifica salvata su questo dispositivo, verrà inviata al server al ritorno della connessione.';
const SEEDED = 'Hotel Brera S.p.A.';

const row = (page: Page, name: string) => page.getByTestId('customer-row').filter({ hasText: name });

async function openCustomers(page: Page): Promise<void> {
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
  await page.getByLabel('Cerca cliente').fill('');
}

/** Everything this browser's Firestore cache holds, as text (every IndexedDB database whose name starts with firestore/). */
async function firestoreCacheText(page: Page): Promise<{ databases: string[]; text: string }> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('firestore/'));
    let text = '';
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open'));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error ?? new Error('getAll'));
        });
        text += JSON.stringify(values);
      }
      db.close();
    }
    return { databases: names, text };
  });
}

test('customers through a dropped connection and an offline reload; a customer created offline is pending, then stored once', async ({ page, context }) => {
  test.setTimeout(300_000);
  const name = `Offline Prova ${Date.now().toString(36)} S.r.l.`;
  await login(page, 'owner');
  await page.waitForURL(/\/dashboard$/);
  await openCustomers(page);
  await expect(row(page, SEEDED)).toBeVisible();
  // The service worker controls the page; this repeat visit goes through it (the app's files are kept) and
  // paints from Firestore's cache.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(row(page, SEEDED)).toBeVisible();

  // The connection drops: the list stays, and the shell says what the user is looking at.
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect(row(page, SEEDED)).toBeVisible();

  // A customer created offline: accepted as pending, badged in the list.
  await page.getByRole('button', { name: 'Nuovo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
  await dialog.getByLabel('Ragione Sociale').fill(name);
  await dialog.getByLabel('Città').fill('Milano');
  await dialog.getByRole('button', { name: 'Aggiungi cliente' }).click();
  await expect(dialog.getByTestId('customer-form-result')).toHaveText(SAVED_OFFLINE);
  await expect(dialog).toBeHidden();
  await expect(row(page, name).getByTestId('customer-pending')).toHaveText('In attesa di invio');
  expect(await queryWhere('Customer', 'userId', OWNER).then((docs) => docs.filter((d) => str(d.fields.ragioneSociale) === name))).toHaveLength(0);

  // A reload without a connection: the page from the service worker, the data from the cache, and the write
  // still pending (it waits in the cache, not in the page). (Chromium's offline emulation reports
  // navigator.onLine = true to the reloaded page, so the banner is not checked here.)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
  await expect(row(page, SEEDED)).toBeVisible();
  await expect(row(page, name).getByTestId('customer-pending')).toBeVisible();

  // The connection returns: the write is sent, the badge goes, the banner goes, one document on the server.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden();
  await expect(row(page, name)).toBeVisible();
  // The SDK retries with a growing back-off (up to a minute) when the page never saw an 'online' event.
  await expect(row(page, name).getByTestId('customer-pending')).toHaveCount(0, { timeout: 120_000 });
  const stored = async () => (await queryWhere('Customer', 'userId', OWNER)).filter((d) => str(d.fields.ragioneSociale) === name);
  await expect.poll(async () => (await stored()).length).toBe(1);
  const [doc] = await stored();
  expect(str(doc?.fields.registeredOfficeCity) ?? str(doc?.fields.city)).toBe('Milano');

  // Leaves the directory as the seed made it for the specs after this one.
  await row(page, name).getByRole('button', { name: `Elimina ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Elimina cliente' }).getByRole('button', { name: 'Elimina' }).click();
  await expect.poll(async () => (await stored()).length).toBe(0);
});

test('logout deletes the cache, with a second tab open: the next account on this browser reads nothing of the first', async ({ page, context }) => {
  await login(page, 'owner');
  await page.waitForURL(/\/dashboard$/);
  await openCustomers(page);
  await expect(row(page, SEEDED)).toBeVisible();
  // A second tab of the same account, on the same cache (multi-tab manager).
  const second = await context.newPage();
  await second.goto('/customers');
  await expect(row(second, SEEDED)).toBeVisible();
  await expect.poll(async () => (await firestoreCacheText(page)).text.includes(SEEDED)).toBe(true);

  await page.getByRole('button', { name: 'Esci' }).click();
  await page.waitForURL(/\/login$/);
  // The other tab follows the shared Auth session to the login page.
  await second.waitForURL(/\/login$/);
  await expect.poll(async () => (await firestoreCacheText(page)).text.includes(SEEDED), { timeout: 30_000 }).toBe(false);
  await expect.poll(async () => page.evaluate(() => localStorage.getItem('bo.cacheOwner'))).toBeNull();
  await second.close();

  // The next account, same browser: nothing of the first shop in the cache, also offline.
  await login(page, 'fewPacks');
  await page.waitForURL(/\/dashboard$/);
  await openCustomers(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
  await expect(row(page, SEEDED)).toHaveCount(0);
  const cache = await firestoreCacheText(page);
  expect(cache.text).not.toContain(SEEDED);
  expect(cache.text).not.toContain(`Shop/${OWNER}`);
  await context.setOffline(false);
});
