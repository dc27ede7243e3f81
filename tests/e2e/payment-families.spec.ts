import { expect, test, type Page } from './fixture';
import fs from 'node:fs';
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '../../src/domain/csv/csv.ts';
import { euroText } from './firestore-data';
import { login } from './helpers';
import { createFixtureShop, FIXTURE_PASSWORD, writeDocument, type FixtureShop } from './shop-fixture';

/**
 * One payment-family rule and one decision of what counts as takings. A fresh shop (the demo data stays
 * as it is) sells today in every spelling, plus a pre-bill, a voided sale, a trashed DDT deferred-invoice draft with a
 * price and an invoice made for a receipt: the dashboard, the statistics, the Z-report, the chain dashboard and the
 * sales CSV agree to the cent and in counts.
 */
const REVENUE = { contanti: 13.75, bancomat: 25.05, fatture: 3.3 };
const REVENUE_TOTAL = 42.1;
const REVENUE_COUNT = 6;
const OTHER_METHODS = 7; // Satispay: takings on the till (Z-report), not a family of the dashboard (document 3 §9)

let shop: FixtureShop;

test.beforeAll(async () => {
  shop = await createFixtureShop('famiglie', { isChainMaster: true });
  const now = Date.now();
  const at = (minutes: number) => new Date(now - minutes * 60_000);
  const sales: [string, Record<string, string | number | boolean | Date>][] = [
    ['contanti', { method: 'contanti', price: 10, isVoid: false }],
    ['contanti-spazio', { method: 'Contanti ', price: 2.5, isVoid: false }],
    ['contanti-maiuscolo', { method: 'CONTANTI', price: 1.25 }],
    ['bancomat', { method: 'BancoMat', price: 20, isVoid: false }],
    ['carta', { method: 'carta', price: 5.05, isVoid: false }],
    ['fattura-pos', { method: 'Fattura', price: 3.3, isVoid: false }],
    ['satispay', { method: 'Satispay', price: OTHER_METHODS, isVoid: false }],
    ['preconto', { method: 'preconto', price: 30, isVoid: false }],
    ['annullata', { method: 'contanti', price: 40, isVoid: true }],
    ['differita-cestinata', { method: 'Fattura', invoiceUUID: '', invoiceNumber: 'FAM-1', type: 'TD24', price: 99.99, total: 99.99, deleted: true, deletedAt: at(1), isVoid: false }],
    ['fattura-scontrino', { method: 'Fattura', invoiceUUID: '', invoiceNumber: 'FAM-2', type: 'TD01', total: 10, sourceSaleId: `fam-${shop.uid}-contanti`, deleted: false, isVoid: false }],
  ];
  await Promise.all(sales.map(([id, data], i) => writeDocument(`Sale/fam-${shop.uid}-${id}`, { userId: shop.uid, date: at(2 + i), ...data })));
});

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s/g, ' ');
const euro = (n: number) => euroText(n).replace(/\s/g, ' ');

test('dashboard, statistics, Z-report, chain and sales CSV agree on one day in every spelling', async ({ page }) => {
  test.slow();
  await login(page, shop.email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Dashboard (today).
  await expect.poll(() => text(page, 'sales-total'), { timeout: 30_000 }).toBe(euro(REVENUE_TOTAL));
  for (const family of ['contanti', 'bancomat', 'fatture'] as const) await expect.poll(() => text(page, `chart-${family}`)).toBe(euro(REVENUE[family]));

  // Statistics (today).
  await page.goto('/statistics');
  await expect.poll(() => text(page, 'total-sales'), { timeout: 30_000 }).toBe(euro(REVENUE_TOTAL));
  await expect.poll(() => text(page, 'transactions')).toBe(String(REVENUE_COUNT));

  // Z-report (this month): the till's takings, the other methods included.
  await page.goto('/zreport');
  await expect.poll(() => text(page, 'z-sales-total'), { timeout: 30_000 }).toContain(euro(REVENUE_TOTAL + OTHER_METHODS));
  await page.getByRole('button', { name: /^Dettaglio del/ }).first().click();
  const detail = page.getByTestId('zreport-detail');
  const shown = async (locator: ReturnType<Page['locator']>) => ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
  await expect.poll(() => shown(detail.getByTestId('detail-sales-total'))).toBe(euro(REVENUE_TOTAL + OTHER_METHODS));
  for (const [label, value] of [['Contanti', REVENUE.contanti], ['Carte / Bancomat', REVENUE.bancomat], ['Fatture', REVENUE.fatture], ['Altri metodi', OTHER_METHODS]] as const) {
    await expect.poll(() => shown(detail.locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) }).locator('td').nth(1))).toBe(euro(value));
  }
  await expect(detail).toContainText(`Vendite POS: ${String(REVENUE_COUNT + 1)} scontrini; esclusi 1 annullato e 1 preconto.`);
  await page.keyboard.press('Escape');

  // Chain dashboard: the master's own figures.
  await page.goto('/chain-dashboard');
  await page.getByRole('button', { name: /^Statistiche vendite/ }).click();
  const row = page.getByTestId(`figures-${shop.uid}`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('cell')).toHaveText(
    [euro(REVENUE.contanti), euro(REVENUE.bancomat), euro(REVENUE.fatture), euro(REVENUE_TOTAL), String(REVENUE_COUNT)].map((t) => t.replace(/ /g, '\u00a0')),
  );

  // Sales CSV: every listed document, with its family and whether it is takings.
  await page.goto('/sales');
  await expect(page.getByTestId('sales-table')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
  const csv = parseCsv(decodeCsvBytes(fs.readFileSync(await download.path())).text);
  const takings = csv.rows.filter((r) => r.Incasso === 'Sì');
  const cents = (rows: typeof csv.rows) => rows.reduce((s, r) => s + Math.round((parseCsvNumber(r.Prezzo ?? '') ?? NaN) * 100), 0);
  expect(cents(takings)).toBe(Math.round((REVENUE_TOTAL + OTHER_METHODS) * 100));
  for (const [family, label] of [['contanti', 'Contanti'], ['bancomat', 'Bancomat'], ['fatture', 'Fatture']] as const) {
    expect(cents(takings.filter((r) => r.Famiglia === label))).toBe(Math.round(REVENUE[family] * 100));
  }
  expect(takings.filter((r) => r.Famiglia !== 'Altri metodi')).toHaveLength(REVENUE_COUNT);
});
