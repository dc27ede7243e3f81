import fs from 'node:fs';
import { expect, test, type Page } from './fixture';
import { shopCatalog } from '../../scripts/seed/products.ts';
import type { DemoAccountKey } from '../../scripts/seed/accounts.ts';
import { axeViolations, DEMO_ACCOUNTS, openSignedIn } from './helpers';
import { getDocument, num, queryWhere, str } from './firestore-data';
import { loadFatturapaSchemas } from '../../src/domain/fatturapa/test-fixtures.ts';
import { checkInvoiceSemantics, validateInvoicesXsd } from '../../src/domain/fatturapa/validate.ts';

/**
 * /ddt on Ferramenta Colombo, which has no delivery notes: two drafts confirmed at the same moment from
 * two tabs get numbers 1 and 2 of the year with the shop's code (11) as prefix; the tracked product's stock goes
 * down on confirmation and back on cancellation; the PDF carries the number, the parties, the lines, the causale.
 */
const SHOP = DEMO_ACCOUNTS.fewPacks;
const TRACKED = shopCatalog('fewPacks')[1]!; // index 1: a product with stock tracking (see scripts/seed/products.ts)

async function stockOf(id: string): Promise<number | undefined> {
  const doc = await getDocument(`Scrap/${id}`);
  return num(doc?.stock?.mapValue?.fields?.qty);
}

async function openDdt(page: Page, account: DemoAccountKey) {
  await openSignedIn(page, account, '/ddt');
  await expect(page).toHaveURL(/\/ddt$/);
  await expect(page.getByRole('heading', { name: 'DDT', level: 1 })).toBeVisible();
}

async function draft(page: Page, recipient: string, withProduct: boolean) {
  await page.getByRole('button', { name: 'Nuovo DDT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo DDT' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Ragione sociale o nome').fill(recipient);
  await dialog.getByLabel('Indirizzo', { exact: true }).first().fill('Via Dante 4');
  await dialog.getByLabel('CAP').first().fill('20121');
  await dialog.getByLabel('Comune').first().fill('Milano');
  await dialog.getByLabel('Provincia').first().fill('MI');
  await dialog.getByLabel('Causale del trasporto').fill('Vendita');
  await dialog.getByLabel('Colli').fill('2');
  await dialog.getByLabel('Peso (kg)').fill('4,5');
  if (withProduct) {
    await dialog.getByLabel('Aggiungi dal magazzino').fill(TRACKED.name);
    await dialog.getByRole('list', { name: 'Prodotti trovati' }).getByRole('button').first().click();
    await dialog.getByLabel('Quantità riga 1').fill('2');
  } else {
    await dialog.getByLabel('Descrizione riga 1').fill('Bancale di piastrelle');
    await dialog.getByLabel('Quantità riga 1').fill('1');
  }
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/ddt-form.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tr', { hasText: recipient }).getByTestId('ddt-state')).toHaveText('Bozza');
}

test('two drafts confirmed at once from two tabs get numbers 1 and 2; stock moves; the PDF carries the note', async ({ page, context }) => {
  const stockBefore = await stockOf(TRACKED.id);
  expect(stockBefore).toBeDefined();
  await openDdt(page, 'fewPacks');
  await expect(page.getByText(/Nessun DDT trovato/)).toBeVisible();
  await draft(page, 'Cantiere Rossi S.r.l.', true);
  await draft(page, 'Impresa Edile Bassi', false);
  expect(await axeViolations(page, 'main')).toEqual([]);

  const other = await context.newPage();
  await other.goto('/ddt');
  await expect(other.locator('tr', { hasText: 'Impresa Edile Bassi' })).toBeVisible({ timeout: 20_000 });
  await Promise.all([
    page.getByRole('button', { name: 'Conferma il DDT in bozza di Cantiere Rossi S.r.l.' }).click(),
    other.getByRole('button', { name: 'Conferma il DDT in bozza di Impresa Edile Bassi' }).click(),
  ]);
  const rossi = page.locator('tr', { hasText: 'Cantiere Rossi S.r.l.' });
  const bassi = page.locator('tr', { hasText: 'Impresa Edile Bassi' });
  await expect(rossi.getByTestId('ddt-state')).toHaveText('Confermato', { timeout: 20_000 });
  await expect(bassi.getByTestId('ddt-state')).toHaveText('Confermato', { timeout: 20_000 });
  const numbers = [await rossi.getByTestId('ddt-number').textContent(), await bassi.getByTestId('ddt-number').textContent()].sort();
  expect(numbers).toEqual(['11/1', '11/2']);
  await expect.poll(() => stockOf(TRACKED.id)).toBe((stockBefore ?? 0) - 2);

  // The PDF of the note with the product.
  const rossiNumber = (await rossi.getByTestId('ddt-number').textContent()) ?? '';
  await rossi.getByRole('button', { name: /^Apri il DDT/ }).click();
  const view = page.getByTestId('ddt-view');
  await expect(view.getByTestId('ddt-view-number')).toHaveText(rossiNumber);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF con prezzi' }).click()]);
  const pdf = fs.readFileSync(await download.path()).toString('latin1');
  expect(pdf.startsWith('%PDF')).toBe(true);
  for (const text of [`DDT n. ${rossiNumber}`, SHOP.shopName ?? '', 'Cantiere Rossi S.r.l.', TRACKED.name, 'Vendita', 'Firma del destinatario']) {
    expect(pdf, text).toContain(text);
  }

  // Cancelling gives the stock back; the note keeps its number.
  await page.getByRole('button', { name: 'Annulla DDT' }).click();
  const ask = page.getByRole('alertdialog', { name: `Annullare il DDT n. ${rossiNumber}?` });
  expect(await axeViolations(page, 'dialog[open][role="alertdialog"]')).toEqual([]);
  await ask.getByRole('button', { name: 'Conferma annullamento' }).click();
  await expect(ask).toBeHidden();
  await expect(view.getByTestId('ddt-view-state')).toHaveText('Annullato');
  await expect.poll(() => stockOf(TRACKED.id)).toBe(stockBefore);
  await page.keyboard.press('Escape');
  await expect(rossi.getByTestId('ddt-number')).toHaveText(rossiNumber);
});

test('the seeded notes of the demo shop show every state; Da fatturare keeps the confirmed ones', async ({ page }) => {
  await openDdt(page, 'owner');
  const states = page.getByTestId('ddt-state');
  await expect(states.first()).toBeVisible();
  await expect.poll(() => states.allTextContents()).toEqual(expect.arrayContaining(['Bozza', 'Confermato', 'Fatturato', 'Annullato']));
  await page.getByLabel('Da fatturare').check();
  await expect(page.getByTestId('ddt-state')).toHaveText(['Confermato', 'Confermato', 'Confermato']);
});

test('confirmed notes of one customer become a TD24 draft with one DatiDDT each, valid for the engine and the XSD', async ({ page }) => {
  await openDdt(page, 'owner');
  const row = (n: string) => page.locator('tr', { has: page.getByTestId('ddt-number').getByText(n, { exact: true }) });
  await expect(row('11/1')).toBeVisible();
  // Two customers: refused with the reason.
  await row('11/1').getByRole('checkbox').check();
  await row('11/5').getByRole('checkbox').check();
  await expect(page.getByText('I DDT selezionati sono di clienti diversi')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crea fattura differita' })).toBeDisabled();
  await row('11/5').getByRole('checkbox').uncheck();
  await row('11/4').getByRole('checkbox').check();
  const counterOf = async () => str((await getDocument(`Shop/${DEMO_ACCOUNTS.owner.uid}`))?.settings?.mapValue?.fields?.invoiceNumber);
  const counterBefore = Number(await counterOf());
  await page.getByRole('button', { name: 'Crea fattura differita' }).click();
  await expect(page.getByText(/Bozza di fattura differita n\. .+ creata/)).toBeVisible({ timeout: 20_000 });
  await expect(row('11/1').getByTestId('ddt-state')).toHaveText('Fatturato');
  await expect(row('11/4').getByTestId('ddt-state')).toHaveText('Fatturato');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/ddt-list.png`, fullPage: true });

  const drafts = (await queryWhere('Sale', 'userId', DEMO_ACCOUNTS.owner.uid)).filter((d) => d.fields.type?.stringValue === 'TD24');
  expect(drafts).toHaveLength(1);
  const sale = drafts[0]!.fields;
  expect(sale.invoiceUUID?.stringValue).toBe('');
  // The number shown is the one stored: the first free one of the year from the shop's counter, which moves past it
  // (stored as text, as the POS app keeps it).
  const number = str(sale.invoiceNumber) ?? '';
  await expect(page.getByText(`Bozza di fattura differita n. ${number} creata`)).toBeVisible();
  const progressive = Number(/-(\d+)$/.exec(number)?.[1]);
  expect(number.startsWith(`${DEMO_ACCOUNTS.owner.uid.slice(0, 5)}-${String(new Date().getFullYear())}-`)).toBe(true);
  expect(progressive).toBeGreaterThanOrEqual(counterBefore);
  expect(await counterOf()).toBe(String(progressive + 1));
  expect(sale.method?.stringValue).toBe('Fattura');
  expect(sale.items?.arrayValue?.values).toHaveLength(5); // 2 lines of 11/1 + 3 of 11/4, for the invoices screens
  expect(sale.payload).toBeUndefined();
  const xml = sale.invoicePayload?.stringValue ?? '';
  expect(xml).toContain('<TipoDocumento>TD24</TipoDocumento>');
  expect([...xml.matchAll(/<NumeroDDT>([^<]+)<\/NumeroDDT>/g)].map((m) => m[1])).toEqual(['11/1', '11/4']);
  expect(checkInvoiceSemantics(xml)).toEqual([]);
  expect(await validateInvoicesXsd([xml], loadFatturapaSchemas())).toEqual([[]]);
  const ddt = await getDocument(`Ddt/ddt-negozio-001`);
  expect(ddt?.invoiceId?.stringValue).toBe(drafts[0]!.id);
});
