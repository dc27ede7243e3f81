/**
 * What a shop pays for is enforced by the database, not only by the screens.
 * - scaduto@demo.it (expired beyond the 15-day grace) finds no 'Crea fattura' on a receipt, and a draft written by
 *   hand from its signed-in page (as anyone with the browser's developer tools could) is refused by the rules.
 * - grazia@demo.it (expired 5 days ago, in grace, with Fatturazione) still writes an invoice draft.
 * - past its grace, every in-page paid action is hidden or replaced by its reason: the DDTs' deferred invoice, the
 *   invoice folders of the month package, the Catena/Gruppo tab; /warehouse (pack 'magazzino', where the price lists
 *   and the product import live) is refused by the route guard as a whole.
 * The hand-made write goes to the Firestore emulator's REST API with the page's own Firebase Auth ID token.
 */
import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, openSignedIn, shot } from './helpers';
import { deleteDocument, putFields, queryWhere } from './firestore-data';

/** The signed-in page's own Firebase Auth ID token, as anyone with the browser's developer tools can read it. */
async function pageIdToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(new Error('IndexedDB'));
        open.onsuccess = () => {
          const all = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
          all.onsuccess = () => {
            const rows = all.result as { value?: { stsTokenManager?: { accessToken?: string } } }[];
            const found = rows.map((r) => r.value?.stsTokenManager?.accessToken).find((t) => typeof t === 'string');
            if (found) resolve(found);
            else reject(new Error('nessun token'));
          };
        };
      }),
  );
}

/**
 * POSTs a new invoice draft of `shopId` with the page user's token to Firestore's REST API (from the test process:
 * the app's Content-Security-Policy rightly blocks such a call from the page itself); resolves with the answer.
 */
async function handMadeDraft(page: Page, shopId: string): Promise<{ status: number; body: string }> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  const project = process.env.PROJECT_ID ?? 'demo-backoffice';
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST non impostato');
  const token = await pageIdToken(page);
  const fields = {
    userId: { stringValue: shopId }, method: { stringValue: 'Fattura' }, invoiceUUID: { stringValue: '' },
    invoiceNumber: { stringValue: 'prova-36' }, deleted: { booleanValue: false }, permanentlyDeleted: { booleanValue: false },
    price: { doubleValue: 10 }, date: { timestampValue: new Date().toISOString() },
  };
  const url = `http://${host}/v1/projects/${project}/databases/(default)/documents/Sale`;
  const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ fields }) });
  return { status: response.status, body: await response.text() };
}

test('an expired shop finds no Crea fattura, and its hand-made draft is refused by the database', async ({ page }) => {
  await openSignedIn(page, 'expired', '/sales');
  const table = page.getByTestId('sales-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await table.getByRole('button', { name: /Apri/ }).first().click();
  const receipt = page.getByRole('dialog', { name: 'Scontrino' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByRole('button', { name: /Crea fattura/ })).toHaveCount(0);

  const answer = await handMadeDraft(page, DEMO_ACCOUNTS.expired.uid);
  expect(answer.status).toBe(403);
  expect(answer.body).toMatch(/PERMISSION_DENIED/);
});

test('a shop in grace still invoices: its draft is written', async ({ page }) => {
  await openSignedIn(page, 'grace', '/invoices');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answer = await handMadeDraft(page, DEMO_ACCOUNTS.grace.uid);
  expect(answer.status).toBe(200);
});

/** The route guard's and the in-page refusal's text for a pack, past the grace (domain/permissions/packs.ts). */
const expiredDenial = (pack: string) => `Accesso negato: l'abbonamento di questo negozio è scaduto e il pacchetto "${pack}" è disattivato. Contatta il supporto per rinnovarlo.`;

test("past its grace a shop sees no paid action in its pages: DDT deferred invoice, month package's invoices, Catena tab; /warehouse refused", async ({ page }) => {
  // A confirmed note of this year, so /ddt has something that could be invoiced (the seed gives this shop none).
  const shop = DEMO_ACCOUNTS.expired.uid;
  const ddtPath = 'Ddt/e2e-scaduto-confermato';
  const now = new Date();
  const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric' }).format(now));
  const at = { timestampValue: now.toISOString() };
  const text = (v: string) => ({ stringValue: v });
  await putFields(ddtPath, {
    userId: text(shop), kind: text('ddt'), state: text('confermato'), year: { integerValue: String(year) }, date: at, confirmedAt: at, createdAt: at, updatedAt: at,
    progressive: { integerValue: '1' }, number: text('PG/1'), causale: text('Vendita'), transportBy: text('mittente'), porto: text('franco'), aspetto: text('Scatola'), notes: text(''),
    recipient: { mapValue: { fields: { ragioneSociale: text('Hotel Levante S.r.l.'), registeredOfficeCity: text('Bari') } } },
    lines: { arrayValue: { values: [{ mapValue: { fields: { code: text('P1'), description: text('Profumo 50 ml'), um: text('PZ'), quantity: { integerValue: '2' }, unitPrice: { doubleValue: 39.9 }, vatRate: { integerValue: '22' } } } }] } },
  });
  try {
    await openSignedIn(page, 'expired', '/ddt');
    const table = page.getByTestId('ddt-table');
    await expect(table.getByTestId('ddt-number')).toHaveText(['PG/1']);
    await expect(page.getByTestId('ddt-invoice-denied')).toHaveText(`Fattura differita non disponibile. ${expiredDenial('Fatturazione')}`);
    await expect(table.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Crea fattura differita' })).toHaveCount(0);
  } finally {
    await deleteDocument(ddtPath);
  }

  // The month package is built without the invoice folders, and says why.
  await page.goto('/month-package');
  await expect(page.getByTestId('invoices-excluded')).toHaveText(
    "Le fatture non sono incluse nel pacchetto: l'abbonamento del negozio è scaduto: va rinnovato per riattivare i pacchetti. Il pacchetto contiene DDT, chiusure di cassa, vendite e riepilogo IVA dei corrispettivi.",
  );
  const folders = page.getByTestId('package-folders');
  await expect(folders).toBeVisible({ timeout: 60_000 });
  await expect(folders.locator('[data-folder="indice.csv"]')).toHaveCount(1);
  await expect(folders.locator('[data-folder^="fatture"]')).toHaveCount(0);

  // No Catena/Gruppo tab; asked by its address, the tab says why instead of its settings.
  await page.goto('/settings?tab=catena');
  await expect(page.getByRole('alert').filter({ hasText: 'pacchetto "Catena"' })).toHaveText(expiredDenial('Catena'));
  const tabs = page.getByRole('navigation', { name: 'Sezioni delle impostazioni' });
  await expect(tabs.getByRole('link', { name: 'Configurazione Shop' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Catena/Gruppo' })).toHaveCount(0);

  // /warehouse needs 'magazzino', denied past the grace: its listini and product import are never shown.
  await page.goto('/warehouse');
  const denied = page.getByRole('alertdialog');
  await expect(denied).toContainText(expiredDenial('magazzino'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Magazzino' })).toHaveCount(0);

  // The refusal has its way out: the renewal asked of support, as a ticket already written; the banner offers it too.
  await expect(page.getByRole('alert').filter({ hasText: 'Abbonamento scaduto il' }).getByRole('link', { name: "Chiedi il rinnovo all'assistenza" })).toBeVisible();
  await denied.getByRole('link', { name: "Chiedi il rinnovo all'assistenza" }).click();
  await expect(page).toHaveURL(/\/my-tickets$/);
  const request = page.getByRole('dialog', { name: 'Nuovo ticket' });
  await expect(request.getByLabel('Macro categoria')).toHaveValue('impostazioni');
  await expect(request.getByLabel('Descrizione')).toHaveValue("Vorrei rinnovare l'abbonamento del negozio: contattatemi per il rinnovo, grazie.");
  await shot(page, 'renewal-request.png');
  await request.getByRole('button', { name: 'Invia ticket' }).click();
  await expect(page.getByTestId('toast')).toContainText('Ticket inserito con successo!');
  const tickets = await queryWhere('Ticket', 'userId', shop);
  expect(tickets.filter((t) => t.fields.description?.stringValue?.startsWith("Vorrei rinnovare l'abbonamento")).length).toBeGreaterThan(0);
});
