import { expect, test, type Page } from '@playwright/test';
import { axeViolations, login } from './helpers';
import { getDocument, num, queryWhere, str } from './firestore-data';
import { createFixtureShop, FIXTURE_PASSWORD, writeDocument, type FixtureShop } from './shop-fixture';

/**
 * Magazzino (/warehouse), issue 12. Each test works on its own throw-away shop (every pack), seeded with a few
 * products in the POS's shapes (legacy text numbers, iva, categories, no stock), so the shared demo shops stay
 * as the other specs expect them.
 */
async function seedProducts(shop: FixtureShop): Promise<void> {
  const at = new Date('2026-10-01T08:00:00Z');
  await writeDocument(`Scrap/${shop.uid}-p1`, { userId: shop.uid, name: 'Trapano a percussione', code: 'TR-01', barcode: '8001234567895', price: '89.90', quantity: '4', um: 'PZ', vatRate: 22, category: 'Utensili', stock: { qty: 4, minQty: 5, track: true }, changedPrice: false, createdAt: at });
  await writeDocument(`Scrap/${shop.uid}-p2`, { userId: shop.uid, name: 'Martello carpentiere', code: 'MA-02', barcode: '8001234567901', price: '12,50', quantity: '20', iva: '22', categories: ['Utensili'], createdAt: at });
  await writeDocument(`Scrap/${shop.uid}-p3`, { userId: shop.uid, name: 'Viti legno 4x40 (100 pz)', code: 'VI-03', barcode: '', price: '3.20', quantity: '150', vatRate: 22, category: 'Ferramenta', stock: { qty: 150, minQty: 20, track: true }, changedPrice: true, createdAt: at });
}

async function openWarehouse(page: Page, shop: FixtureShop): Promise<void> {
  await login(page, shop.email, FIXTURE_PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/warehouse');
  await expect(page.getByRole('heading', { name: 'Magazzino', level: 1 })).toBeVisible();
}

const rowNames = (page: Page) => page.getByTestId('product-row').locator('.product-name').allTextContents();
const logEntries = async (shopId: string) =>
  (await queryWhere('UserLog', 'userId', shopId)).filter((d) => str(d.fields.module) === 'warehouse').map((d) => ({ action: str(d.fields.action), details: d.fields.details }));

test('list: legacy products read, search, filters, sort; create, edit, delete a product, each logged with before/after', async ({ page }) => {
  const shop = await createFixtureShop('magazzino');
  await seedProducts(shop);
  await openWarehouse(page, shop);
  await expect(page.getByTestId('product-row')).toHaveCount(3);
  await expect(page.getByTestId('products-count')).toHaveText('3 prodotti');
  // The legacy product: '12,50' → 12,50 €, iva '22' → 22%, categories → Utensili, quantity '20' → stock 20.
  const martello = page.getByTestId('product-row').filter({ hasText: 'Martello carpentiere' });
  await expect(martello).toContainText('12,50 €');
  await expect(martello).toContainText('22%');
  await expect(martello).toContainText('Utensili');
  await expect(martello).toContainText('20');
  await expect(page.getByTestId('product-row').filter({ hasText: 'Trapano' })).toContainText('Scorta bassa');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Cerca prodotto').fill('8001234567901');
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await page.getByLabel('Cerca prodotto').fill('vi-03');
  expect(await rowNames(page)).toEqual(['Viti legno 4x40 (100 pz)']);
  await page.getByLabel('Cerca prodotto').fill('');
  await page.getByLabel('Scorta bassa').check();
  expect(await rowNames(page)).toEqual(['Trapano a percussione']);
  await page.getByLabel('Scorta bassa').uncheck();
  await page.getByLabel('Prezzo variato').check();
  expect(await rowNames(page)).toEqual(['Viti legno 4x40 (100 pz)']);
  await page.getByLabel('Prezzo variato').uncheck();
  await page.getByLabel('Categoria').selectOption('Utensili');
  await expect(page.getByTestId('product-row')).toHaveCount(2);
  await page.getByLabel('Categoria').selectOption('');
  await page.getByRole('button', { name: /^Prezzo/ }).click();
  expect(await rowNames(page)).toEqual(['Viti legno 4x40 (100 pz)', 'Martello carpentiere', 'Trapano a percussione']);
  await page.getByRole('button', { name: /^Prezzo/ }).click();
  expect((await rowNames(page))[0]).toBe('Trapano a percussione');

  // Create
  await page.getByRole('button', { name: 'Nuovo prodotto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo prodotto' });
  await dialog.getByRole('button', { name: 'Aggiungi prodotto' }).click();
  await expect(dialog.getByText('Il nome del prodotto è obbligatorio.')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Livella laser');
  await dialog.getByLabel('Codice', { exact: true }).fill('LL-04');
  await dialog.getByLabel('Codice a barre').fill('8001234567901');
  await expect(dialog.getByText('Codice a barre già usato da «Martello carpentiere»')).toBeVisible();
  await dialog.getByLabel('Codice a barre').fill('8001234567918');
  await dialog.getByLabel('Prezzo (IVA inclusa, €)').fill('49,90');
  await dialog.getByLabel('Categoria').fill('Utensili');
  await dialog.getByLabel('Quantità').fill('3');
  await dialog.getByLabel('Scorta minima').fill('1');
  expect(await axeViolations(page, '.modal')).toEqual([]);
  await dialog.getByRole('button', { name: 'Aggiungi prodotto' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Prodotto aggiunto con successo!');
  await expect(page.getByTestId('product-row')).toHaveCount(4);
  const created = (await queryWhere('Scrap', 'userId', shop.uid)).find((d) => str(d.fields.name) === 'Livella laser');
  expect(created).toBeDefined();
  // The POS's shape: price and quantity as text, vatRate, stock.
  expect(str(created?.fields.price)).toBe('49.90');
  expect(str(created?.fields.quantity)).toBe('3');
  expect(num(created?.fields.vatRate)).toBe(22);

  // Edit the legacy product: new price → changedPrice; the legacy fields are read, the current ones written.
  await page.getByRole('button', { name: 'Modifica Martello carpentiere' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifica prodotto' });
  await expect(edit.getByLabel('Prezzo (IVA inclusa, €)')).toHaveValue('12,5');
  await edit.getByLabel('Prezzo (IVA inclusa, €)').fill('13,90');
  await edit.getByRole('button', { name: 'Salva modifiche' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('product-row').filter({ hasText: 'Martello carpentiere' })).toContainText('13,90 €');
  await expect(page.getByTestId('product-row').filter({ hasText: 'Martello carpentiere' })).toContainText('Prezzo variato');
  const stored = await getDocument(`Scrap/${shop.uid}-p2`);
  expect(str(stored?.price)).toBe('13.90');
  expect(stored?.changedPrice).toEqual({ booleanValue: true });

  // Delete
  await page.getByRole('button', { name: 'Elimina Viti legno 4x40 (100 pz)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByTestId('product-row')).toHaveCount(3);
  await expect.poll(() => getDocument(`Scrap/${shop.uid}-p3`)).toBeUndefined();

  // The log: one entry per write, with before/after.
  await expect.poll(async () => (await logEntries(shop.uid)).map((e) => e.action).sort(), { timeout: 20_000 }).toEqual(['product_add', 'product_delete', 'product_update']);
  const update = (await logEntries(shop.uid)).find((e) => e.action === 'product_update');
  expect(JSON.stringify(update?.details)).toContain('"before"');
  expect(JSON.stringify(update?.details)).toContain('12.5');
  expect(JSON.stringify(update?.details)).toContain('13.9');

  // After a reload the list comes from the server again.
  await page.reload();
  await expect(page.getByTestId('product-row')).toHaveCount(3);
});
