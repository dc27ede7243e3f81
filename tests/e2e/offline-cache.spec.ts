/**
 * Persistent local cache: a list stays readable through a dropped connection and an offline reload
 * (Firestore's IndexedDB cache for the data, the service worker public/sw.js for the page), a customer created
 * offline is shown as pending, survives a reload, and is stored once when the connection returns; the logout
 * deletes the cache, also with a second tab open, so the next account on the same browser reads nothing of the
 * first. A product, a DDT draft and a change of the shop's settings saved offline are said so, marked pending and
 * stored once when the connection returns.
 */
import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, login, openSignedIn, waitForScreenLoaded } from './helpers';
import { deleteDocument, getDocument, queryWhere, str } from './firestore-data';
import { AUTH_FALLBACK_POLL_MS } from '../../src/lib/auth-persistence.ts';

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

/** How long after a page's load the app registers its service worker (SETTLE_MS of src/lib/offline-shell.ts). */
const SW_SETTLE_MS = 5_000;

test('customers through a dropped connection and an offline reload; a customer created offline is pending, then stored once', async ({ page, context }) => {
  test.setTimeout(300_000);
  const name = `Offline Prova ${Date.now().toString(36)} S.r.l.`;
  await page.clock.install(); // at its natural pace; moved on past the service worker's registration below
  await openSignedIn(page, 'owner', '/customers');
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
  await page.getByLabel('Cerca cliente').fill('');
  await expect(row(page, SEEDED)).toBeVisible();
  // The service worker controls the page; this repeat visit goes through it (the app's files are kept) and
  // paints from Firestore's cache. It is registered 5 s after the page's load (lib/offline-shell.ts): the page's clock
  // is moved on past them rather than waited out.
  await page.clock.fastForward(SW_SETTLE_MS);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(row(page, SEEDED)).toBeVisible();
  // Every range of the directory heard from the server: from now on this device's copy is the directory (an offline
  // reload paints it whole, even where Chromium's emulation tells the page it is online).
  await expect(page.getByTestId('customers-loading')).toBeHidden();

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

/** Client-side navigation through the sidebar: offline, a reload or page.goto would need the network. */
async function goTo(page: Page, link: string, path: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
  await waitForScreenLoaded(page, path);
}

test('a product, a DDT draft and a shop setting saved offline: said, marked pending, stored once when back', async ({ page, context }) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  // A page that failed here once (the route's error screen, cause unknown): its errors go in the test's output.
  page.on('pageerror', (e) => console.log(`Errore nella pagina: ${e.stack ?? e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.log(`Console: ${m.text()}`);
  });
  const product = `Prodotto senza rete ${tag}`;
  const recipient = `Destinatario senza rete ${tag}`;
  // Each screen opened once online: its code is in the page, so the sidebar opens it offline too.
  await openSignedIn(page, 'owner', '/settings?tab=shop');
  const shopType = page.getByLabel('Tipo di negozio');
  await expect(shopType).toBeEnabled();
  const typeBefore = await shopType.inputValue();
  await goTo(page, 'DDT', '/ddt');
  await expect(page.getByRole('button', { name: 'Nuovo DDT' })).toBeVisible();
  await goTo(page, 'Magazzino', '/warehouse');
  // The screen's own code must have arrived: the URL changes before the route's chunks do, and a chunk cut off by the
  // network shows the 'section could not be loaded' screen (seen: 2 runs in 10 failed here).
  await expect(page.getByRole('button', { name: 'Nuovo prodotto' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();

  // Magazzino: a new product, kept on this device and badged in the list.
  await page.getByRole('button', { name: 'Nuovo prodotto' }).click();
  const productDialog = page.getByRole('dialog', { name: 'Nuovo prodotto' });
  await productDialog.getByLabel('Nome').fill(product);
  await productDialog.getByLabel('Prezzo (IVA inclusa, €)').fill('12,50');
  await productDialog.getByRole('button', { name: 'Aggiungi prodotto' }).click();
  await expect(productDialog).toBeHidden();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  await page.getByLabel('Cerca prodotto').fill(tag);
  await expect(page.getByTestId('product-row').filter({ hasText: product }).getByTestId('product-pending')).toHaveText('In attesa di invio');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/offline-product-pending.png`, fullPage: true });

  // DDT: a draft, listed as pending.
  await goTo(page, 'DDT', '/ddt');
  await page.getByRole('button', { name: 'Nuovo DDT' }).click();
  const ddtDialog = page.getByRole('dialog', { name: 'Nuovo DDT' });
  await ddtDialog.getByLabel('Ragione sociale o nome').fill(recipient);
  await ddtDialog.getByLabel('Descrizione riga 1').fill('Scatola di viti');
  await ddtDialog.getByLabel('Quantità riga 1').fill('2');
  await ddtDialog.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: SAVED_OFFLINE })).toBeVisible();
  const ddtRow = page.locator('tr', { hasText: recipient });
  await expect(ddtRow.getByTestId('ddt-state')).toHaveText('Bozza');
  await expect(ddtRow.getByTestId('ddt-pending')).toHaveText('In attesa di invio');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/offline-ddt-pending.png`, fullPage: true });

  // Impostazioni: the shop type, said and shown as waiting for the server.
  await goTo(page, 'Impostazioni', '/settings');
  const typeAfter = typeBefore === 'Clothing' ? 'General' : 'Clothing';
  await page.getByLabel('Tipo di negozio').selectOption(typeAfter);
  await expect(page.getByRole('status').filter({ hasText: SAVED_OFFLINE })).toBeVisible();
  await expect(page.getByTestId('settings-pending')).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/offline-settings-pending.png`, fullPage: true });
  const products = async () => (await queryWhere('Scrap', 'userId', OWNER)).filter((d) => str(d.fields.name) === product);
  const drafts = async () => (await queryWhere('Ddt', 'userId', OWNER)).filter((d) => JSON.stringify(d.fields.recipient ?? {}).includes(recipient));
  expect(await products()).toHaveLength(0);
  expect(await drafts()).toHaveLength(0);

  // Back online: every pending write is sent once; the marks go.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden();
  await expect(page.getByTestId('settings-pending')).toBeHidden({ timeout: 120_000 });
  await expect.poll(async () => str((await getDocument(`Shop/${OWNER}`))?.shopType)).toBe(typeAfter);
  await expect.poll(async () => (await products()).length).toBe(1);
  await expect.poll(async () => (await drafts()).length).toBe(1);
  await goTo(page, 'DDT', '/ddt');
  await expect(ddtRow.getByTestId('ddt-pending')).toHaveCount(0);
  expect(str((await drafts())[0]?.fields.state)).toBe('bozza');

  // Leaves the demo shop as the seed made it for the specs after this one.
  await goTo(page, 'Impostazioni', '/settings');
  await page.getByLabel('Tipo di negozio').selectOption(typeBefore);
  await expect.poll(async () => str((await getDocument(`Shop/${OWNER}`))?.shopType)).toBe(typeBefore);
  for (const d of await products()) await deleteDocument(`Scrap/${d.id}`);
  for (const d of await drafts()) await deleteDocument(`Ddt/${d.id}`);
});

test('logout deletes the cache, with a second tab open: the next account on this browser reads nothing of the first', async ({ page, context }) => {
  await page.clock.install(); // at its natural pace; moved on past the service worker's registration below
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
  // The other tab follows the shared Auth session to the login page: told by the tab that signed out
  // (lib/auth-persistence.ts; about 0.2 s here), not by the slow safety-net poll.
  await second.waitForURL(/\/login$/, { timeout: AUTH_FALLBACK_POLL_MS / 2 });
  await expect.poll(async () => (await firestoreCacheText(page)).text.includes(SEEDED), { timeout: 30_000 }).toBe(false);
  await expect.poll(async () => page.evaluate(() => localStorage.getItem('bo.cacheOwner'))).toBeNull();
  await second.close();

  // The next account, same browser: nothing of the first shop in the cache, also offline.
  await login(page, 'fewPacks');
  await page.waitForURL(/\/dashboard$/);
  await openCustomers(page);
  // As in the first test: the service worker (registered a few seconds after a page's load, lib/offline-shell.ts)
  // controls the page and has kept the app's files through one visit before the reload without a connection. On a fast
  // machine this test reaches the offline reload sooner than that: the page's clock is moved on past those seconds.
  await page.clock.fastForward(SW_SETTLE_MS);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
  await expect(row(page, SEEDED)).toHaveCount(0);
  const cache = await firestoreCacheText(page);
  expect(cache.text).not.toContain(SEEDED);
  expect(cache.text).not.toContain(`Shop/${OWNER}`);
  await context.setOffline(false);
});
