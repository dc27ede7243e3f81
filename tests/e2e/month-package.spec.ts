/**
 * 'Pacchetto del mese' (issue 37) on the seeded demo month (scripts/seed/month-package.ts): the owner and the shop's
 * accountant each download the ZIP; the test unzips it and checks the folders, the official XSD of every issued XML,
 * byte equality with the stored payloads, the totals of indice.csv and riepilogo-iva.csv against the sums the app's
 * own FatturaPA reader computes from the XML/JSON files, and the broken payload listed with its reason.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixture';
import { unzipSync } from 'fflate';
import { BROKEN_INVOICE_ID, monthPackageMonth } from '../../scripts/seed/month-package.ts';
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '../../src/domain/csv/csv.ts';
import { toCents } from '../../src/domain/money/money.ts';
import { readIncomingJson, readOutgoingXml } from '../../src/domain/fatturapa/reader.ts';
import { loadFatturapaSchemas } from '../../src/domain/fatturapa/test-fixtures.ts';
import { validateInvoicesXsd } from '../../src/domain/fatturapa/validate.ts';
import { axeViolations, DEMO_ACCOUNTS, login, openSignedIn } from './helpers';
import { queryWhere, str } from './firestore-data';

const OWNER = DEMO_ACCOUNTS.owner.uid;
const { year, month } = monthPackageMonth(new Date());
const MONTH = `${year}-${String(month).padStart(2, '0')}`;

type Files = Record<string, Uint8Array>;
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes ?? new Uint8Array());
const rows = (files: Files, path: string) => parseCsv(decodeCsvBytes(files[path] ?? new Uint8Array()).text).rows;
/** A CSV amount written the Italian way ('1.234,5', '-12,2'), in exact cents (the one money module). */
const csvCents = (value: string | undefined) => toCents(parseCsvNumber(value ?? '', 'decimal-comma')) ?? Number.NaN;
const cents = (n: number) => toCents(n) ?? Number.NaN;

/** Opens the screen on the seeded month and downloads the package. */
async function downloadPackage(page: Page): Promise<{ name: string; files: Files }> {
  await expect(page.getByRole('heading', { name: 'Pacchetto del mese', level: 1 })).toBeVisible();
  await page.getByLabel('Mese', { exact: true }).fill(MONTH);
  await expect(page.getByTestId('package-folders')).toBeVisible({ timeout: 60_000 });
  // The broken payload is shown before the download, with its reason.
  await expect(page.getByTestId('package-problems')).toContainText(BROKEN_INVOICE_ID);
  await page.getByRole('button', { name: 'Prepara il pacchetto' }).click();
  const link = page.getByRole('link', { name: 'Scarica ZIP' });
  await expect(link).toBeVisible({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), files: unzipSync(new Uint8Array(await readFile(path))) };
}

/** The sums of the invoice files by the app's reader: credit notes subtracted, rejected (scartate/) left out. */
function sumsFromFiles(files: Files) {
  const sums = { emesse: { taxable: 0, tax: 0 }, ricevute: { taxable: 0, tax: 0 } };
  for (const [path, bytes] of Object.entries(files)) {
    const direction = /^fatture-emesse\/[^/]+\.xml$/.test(path) ? 'emesse' : /^fatture-ricevute\/[^/]+\.(xml|json)$/.test(path) ? 'ricevute' : undefined;
    if (!direction) continue;
    const views = path.endsWith('.xml') ? readOutgoingXml(text(bytes)) : readIncomingJson(text(bytes));
    for (const v of views) {
      const sign = v.documentType === 'TD04' ? -1 : 1;
      for (const r of v.vatSummary) {
        sums[direction].taxable += sign * cents(r.taxable);
        sums[direction].tax += sign * cents(r.tax);
      }
    }
  }
  return sums;
}

async function checkPackage(name: string, files: Files): Promise<void> {
  expect(name).toMatch(new RegExp(`^[A-Z]{0,2}\\d{11}_${MONTH}_commercialista\\.zip$`));
  const names = Object.keys(files);
  for (const folder of ['fatture-emesse/', 'fatture-emesse/scartate/', 'fatture-ricevute/', 'ddt/', 'corrispettivi/']) {
    expect(names.some((n) => n.startsWith(folder)), folder).toBe(true);
  }
  expect(names).toEqual(expect.arrayContaining(['vendite.csv', 'riepilogo-iva.csv', 'riepilogo-iva.pdf', 'indice.csv', 'corrispettivi/chiusure-cassa.csv']));

  // Every issued XML: the official XSD, and byte for byte a stored payload of the shop.
  const issued = names.filter((n) => /^fatture-emesse\/(scartate\/)?[^/]+\.xml$/.test(n));
  expect(issued).toHaveLength(5);
  for (const n of issued) expect(n).toMatch(/^fatture-emesse\/(scartate\/)?IT\d{11}_[A-Za-z0-9]{1,5}\.xml$/);
  const xsd = await validateInvoicesXsd(issued.map((n) => text(files[n])), loadFatturapaSchemas());
  expect(xsd.flat()).toEqual([]);
  const payloads = new Set((await queryWhere('Invoice', 'userId', OWNER)).map((d) => str(d.fields.payload)));
  for (const n of [...issued, ...names.filter((x) => /^fatture-ricevute\/[^/]+\.json$/.test(x))]) expect(payloads.has(text(files[n])), n).toBe(true);

  // indice.csv and riepilogo-iva.csv equal the reader's sums to the cent.
  const sums = sumsFromFiles(files);
  expect(sums.emesse.taxable).toBeGreaterThan(0);
  const index = rows(files, 'indice.csv');
  const summary = rows(files, 'riepilogo-iva.csv');
  for (const [direction, label] of [['emesse', 'Fatture emesse'], ['ricevute', 'Fatture ricevute']] as const) {
    const total = index.find((r) => r['Tipo'] === `Totale ${label.toLowerCase()}`);
    expect([csvCents(total?.['Imponibile']), csvCents(total?.['IVA'])], `indice ${direction}`).toEqual([sums[direction].taxable, sums[direction].tax]);
    const written = summary.find((r) => r['Sezione'] === label && r['Aliquota o natura'] === 'Totale');
    expect([csvCents(written?.['Imponibile']), csvCents(written?.['Imposta'])], `riepilogo ${direction}`).toEqual([sums[direction].taxable, sums[direction].tax]);
  }
  // The broken payload is listed with its reason; the closing short in cash shows its difference.
  expect(index.find((r) => (r['Note'] ?? '').includes(BROKEN_INVOICE_ID))?.['Note']).toMatch(/^Non inclusa: .+/);
  expect(rows(files, 'corrispettivi/chiusure-cassa.csv').filter((r) => r['Esito'] === 'Differenza')).toHaveLength(1);
}

test("the owner downloads the seeded month's package: folders, XSD, stored bytes, totals equal to the XMLs' sums", async ({ page }) => {
  await openSignedIn(page, 'owner', '/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Pacchetto del mese' }).click();
  await expect(page).toHaveURL(/\/month-package$/);
  const { name, files } = await downloadPackage(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
  // For a look at the screen as the owner sees it after the build (kept with the run's results).
  await page.screenshot({ path: test.info().outputPath('month-package-owner.png'), fullPage: true });
  await checkPackage(name, files);
  await expect
    .poll(async () => (await queryWhere('UserLog', 'userId', OWNER)).filter((d) => str(d.fields.action) === 'month_package_downloaded').length, { timeout: 30_000 })
    .toBeGreaterThan(0);
});

test("commercialista@demo.it downloads the same month's package of Bottega Verdi", async ({ page }) => {
  await login(page, 'accountant');
  await expect(page).toHaveURL(/\/select-shop-carousel$/);
  await page.getByRole('link', { name: 'Vista elenco' }).click();
  await page.getByRole('list', { name: 'Negozi disponibili' }).getByRole('button', { name: `Seleziona ${DEMO_ACCOUNTS.owner.shopName}` }).click();
  await expect(page).toHaveURL(/\/zreport$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Pacchetto del mese' }).click();
  await expect(page).toHaveURL(/\/month-package$/);
  const { name, files } = await downloadPackage(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('month-package-accountant.png'), fullPage: true });
  await checkPackage(name, files);
});
