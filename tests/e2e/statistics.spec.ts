import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '../../src/domain/csv/csv.ts';
import { DEMO_ACCOUNTS, login } from './helpers';
import { euroText, num, queryWhere, romeDay, romeDaysAgo } from './firestore-data';

const OWNER = DEMO_ACCOUNTS.owner.uid;
const FAMILIES = new Set(['contanti', 'bancomat', 'fatture', 'fattura']);

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : v && typeof v === 'object' ? [v as Json] : []);
const amount = (v: unknown) => Math.round(Number(typeof v === 'string' || typeof v === 'number' ? v : 0) * 100);

/** An incoming invoice's cost computed here from its JSON payload: document total, else the line totals. */
function costCents(payload: string): number {
  let root = JSON.parse(payload) as Json;
  if (root.fattura_elettronica) root = root.fattura_elettronica as Json;
  return list(root.fattura_elettronica_body).reduce((sum, body) => {
    const doc = ((body.dati_generali as Json | undefined)?.dati_generali_documento ?? {}) as Json;
    if (doc.importo_totale_documento !== undefined) return sum + amount(doc.importo_totale_documento);
    const lines = list((body.dati_beni_servizi as Json | undefined)?.dettaglio_linee);
    return sum + lines.reduce((s, l) => s + amount(l.prezzo_totale), 0);
  }, 0);
}

async function expected(from: string, to: string) {
  const inRange = (d: string | undefined) => d !== undefined && d >= from && d <= to;
  let sales = 0;
  let transactions = 0;
  for (const s of await queryWhere('Sale', 'userId', OWNER)) {
    const f = s.fields;
    if (!inRange(romeDay(f.date)) || f.isVoid?.booleanValue === true) continue;
    if (!FAMILIES.has((f.method?.stringValue ?? '').trim().toLowerCase())) continue;
    sales += Math.round((num(f.price) ?? 0) * 100);
    transactions += 1;
  }
  let costs = 0;
  for (const inv of await queryWhere('Invoice', 'userId', OWNER)) {
    const f = inv.fields;
    if (num(f.type) !== 1 || !inRange(romeDay(f.createdAt))) continue;
    costs += costCents(f.payload?.stringValue ?? '{}');
  }
  return { sales: sales / 100, costs: costs / 100, profit: (sales - costs) / 100, transactions };
}

const text = async (page: Page, id: string) => ((await page.getByTestId(id).textContent()) ?? '').replace(/\s/g, ' ');

test('statistics of a range match figures computed from the emulator data; charts and tables are labelled', async ({ page }) => {
  const from = romeDaysAgo(30);
  const to = romeDaysAgo(1);
  const want = await expected(from, to);
  expect(want.transactions).toBeGreaterThan(0);
  expect(want.costs).toBeGreaterThan(0);

  await login(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Statistiche' }).click();
  await expect(page.getByRole('heading', { name: 'Statistiche Vendite' })).toBeVisible();
  await expect(page.getByTestId('stats-period')).toHaveText('Statistiche di oggi');

  await page.getByRole('button', { name: 'Personalizza' }).click();
  await page.getByRole('checkbox', { name: 'Intervallo di date' }).check();
  await page.getByLabel('Data inizio').fill(from);
  await page.getByLabel('Data fine').fill(to);
  await page.getByRole('button', { name: 'Applica Filtro' }).click();
  await expect(page.getByTestId('stats-period')).toContainText('Statistiche dal ');

  await expect.poll(() => text(page, 'total-sales'), { timeout: 30_000 }).toBe(euroText(want.sales));
  await expect.poll(() => text(page, 'total-costs')).toBe(euroText(want.costs));
  await expect.poll(() => text(page, 'profit')).toBe(euroText(want.profit));
  await expect.poll(() => text(page, 'transactions')).toBe(String(want.transactions));
  for (const title of ['Vendite per metodo di pagamento', 'Top 10 Clienti', 'Top 10 Prodotti', 'Categorie Più Vendute']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${title}:`) })).toBeVisible();
  }
  await expect(page.getByTestId('customers-table').locator('tbody tr').first()).toBeVisible();
  expect(await page.getByTestId('products-table').locator('tbody tr').count()).toBeLessThanOrEqual(20);
  await page.screenshot({ path: '.tmp/screens/statistics.png', fullPage: true });

  // Every customer exported to CSV: the amounts add up to the sales total.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV clienti' }).click()]);
  const csv = parseCsv(decodeCsvBytes(fs.readFileSync(await download.path())).text);
  expect(csv.headers).toEqual(['Cliente', 'Vendite', 'Importo', 'Ultima vendita']);
  expect(csv.rows.reduce((n, r) => n + Number(r.Vendite), 0)).toBe(want.transactions);
  expect(csv.rows.reduce((c, r) => c + Math.round((parseCsvNumber(r.Importo ?? '') ?? NaN) * 100), 0)).toBe(Math.round(want.sales * 100));
});

test('a shop without the Statistiche pack is refused', async ({ page }) => {
  await login(page, 'fewPacks');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/statistics');
  await expect(page.getByText(/Accesso negato/)).toBeVisible();
});
