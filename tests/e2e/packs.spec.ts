/**
 * Issue 36: what a shop pays for is enforced by the database, not only by the screens.
 * - scaduto@demo.it (expired beyond the 15-day grace) finds no 'Crea fattura' on a receipt, and a draft written by
 *   hand from its signed-in page (as anyone with the browser's developer tools could) is refused by the rules.
 * - grazia@demo.it (expired 5 days ago, in grace, with Fatturazione) still writes an invoice draft.
 * The hand-made write goes to the Firestore emulator's REST API with the page's own Firebase Auth ID token.
 */
import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, openSignedIn } from './helpers';

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
