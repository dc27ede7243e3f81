/**
 * 'Pacchetto del mese' on the seeded demo month (scripts/seed/month-package.ts): the owner and the shop's
 * accountant each download the ZIP; the test unzips it and checks the folders, the official XSD of every issued XML,
 * byte equality with the stored payloads (a received invoice's original XML as the webhook kept it, else the XML the
 * package writes from its JSON, valid and with the JSON's documents, the reason in indice.csv), the totals of
 * indice.csv and riepilogo-iva.csv against the sums the app's own FatturaPA reader computes from the XML/JSON files,
 * and the broken payload listed with its reason. A quarter adds up its three months and its ZIP holds the seeded
 * month; 'Annulla' stops a preparation and a new one completes. The keyboard-only walk is in
 * month-package-keyboard.spec.ts (a browser of its own).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from './fixture';
import { unzipSync } from 'fflate';
import { BROKEN_INVOICE_ID, monthPackageMonth, RECEIVED_XML_MISSING } from '../../scripts/seed/month-package.ts';
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '../../src/domain/csv/csv.ts';
import { parseCents, toCents } from '../../src/domain/money/money.ts';
import { readInvoiceFile } from '../../src/domain/fatturapa/invoice-file.ts';
import { readIncomingJson, readOutgoingXml } from '../../src/domain/fatturapa/reader.ts';
import { loadFatturapaSchemas } from '../../src/domain/fatturapa/test-fixtures.ts';
import { validateInvoicesXsd } from '../../src/domain/fatturapa/validate.ts';
import { axeViolations, DEMO_ACCOUNTS, login, openSignedIn, passLogFlushInterval, shot } from './helpers';
import { getDocument, queryWhere, romeDay, str, type FsDoc } from './firestore-data';
import { createFixtureShop, FIXTURE_PASSWORD, writeDocuments, type Plain } from './shop-fixture';

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
  // The broken payload is shown before the download, with its reason, named by its date and amount.
  await expect(page.getByTestId('package-problems')).toContainText(`Fattura emessa del 20/${String(month).padStart(2, '0')}/${year}, 48,80`);
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
  expect(names).toEqual(expect.arrayContaining(['vendite.csv', 'riepilogo-iva.csv', 'riepilogo-iva.pdf', 'indice.csv', 'corrispettivi/chiusure-cassa.csv', 'registro-iva-vendite.csv', 'registro-iva-acquisti.csv', 'liquidazione-iva.csv', 'scadenze.csv']));

  // Every issued XML: the official XSD, and byte for byte a stored payload of the shop.
  const issued = names.filter((n) => /^fatture-emesse\/(scartate\/)?[^/]+\.xml$/.test(n));
  expect(issued).toHaveLength(5);
  for (const n of issued) expect(n).toMatch(/^fatture-emesse\/(scartate\/)?IT\d{11}_[A-Za-z0-9]{1,5}\.xml$/);
  const xsd = await validateInvoicesXsd(issued.map((n) => text(files[n])), loadFatturapaSchemas());
  expect(xsd.flat()).toEqual([]);
  const stored = await queryWhere('Invoice', 'userId', OWNER);
  const payloads = new Set(stored.map((d) => str(d.fields.payload)));
  for (const n of issued) expect(payloads.has(text(files[n])), n).toBe(true);
  // Received invoices: the original XML byte for byte as the webhook kept it (Firestore bytes); the one without it is
  // the XML the package wrote from its stored JSON: valid against the XSD, with that JSON's documents. No JSON is left.
  expect(names.filter((x) => /^fatture-ricevute\/[^/]+\.json$/.test(x))).toEqual([]);
  const kept = new Set(stored.map((d) => d.fields.receivedXml?.bytesValue).filter((b): b is string => b !== undefined));
  const receivedXml = names.filter((x) => /^fatture-ricevute\/[^/]+\.xml$/.test(x));
  const rebuilt = receivedXml.filter((n) => !kept.has(Buffer.from(files[n] ?? []).toString('base64')));
  expect(rebuilt).toHaveLength(1);
  expect(receivedXml.length).toBeGreaterThan(rebuilt.length);
  const rebuiltXml = text(files[rebuilt[0] ?? '']);
  expect((await validateInvoicesXsd([rebuiltXml], loadFatturapaSchemas())).flat()).toEqual([]);
  // Every received invoice of the shop kept without its XML, as the reader reads its JSON (other months' too: the
  // demo's older ones; a payload stored as a map, not text, is no match).
  const storedJson = stored.flatMap((d) => {
    const payload = str(d.fields.payload);
    if (d.fields.type?.integerValue !== '1' || d.fields.receivedXml !== undefined || payload === undefined) return [];
    try {
      return [readIncomingJson(payload)];
    } catch {
      return [];
    }
  });
  expect(storedJson, rebuilt[0]).toContainEqual(readOutgoingXml(rebuiltXml));

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
  // The VAT registers' invoice rows add up to the same sums (the corrispettivi, after them, apart).
  for (const [direction, path] of [['emesse', 'registro-iva-vendite.csv'], ['ricevute', 'registro-iva-acquisti.csv']] as const) {
    const register = rows(files, path).filter((r) => r['Tipo documento'] !== 'Corrispettivi');
    const total = (column: string) => register.reduce((s, r) => s + csvCents(r[column]), 0);
    expect([total('Imponibile'), total('Imposta')], path).toEqual([sums[direction].taxable, sums[direction].tax]);
  }
  // The broken payload is listed with its reason; the closing short in cash shows its difference.
  expect(index.find((r) => (r['Note'] ?? '').includes(BROKEN_INVOICE_ID))?.['Note']).toMatch(/^Non inclusa: .+/);
  expect(index.filter((r) => (r['Note'] ?? '').startsWith('XML ricostruito dal JSON del provider')).map((r) => [r['File XML'], r['Note']])).toEqual([
    [rebuilt[0], `XML ricostruito dal JSON del provider (originale non disponibile: ${RECEIVED_XML_MISSING}).`],
  ]);
  expect(rows(files, 'corrispettivi/chiusure-cassa.csv').filter((r) => r['Esito'] === 'Differenza')).toHaveLength(1);
  // The seeded counter sales name their employee for the owner and the accountant alike (through the directory, no PINs).
  const employees = rows(files, 'vendite.csv').map((r) => r['Dipendente']);
  expect(employees.filter((e) => e === 'Luca Ferrari' || e === 'Sara Galli').length).toBeGreaterThanOrEqual(24);
}

test("the owner downloads the seeded month's package: folders, XSD, stored bytes, totals equal to the XMLs' sums", async ({ page }) => {
  // The page's clock runs at its natural pace; before reading the log the test moves it past the log's flush interval.
  await page.clock.install();
  await openSignedIn(page, 'owner', '/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Pacchetto del mese' }).click();
  await expect(page).toHaveURL(/\/month-package$/);
  const { name, files } = await downloadPackage(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
  // For a look at the screen as the owner sees it after the build (kept with the run's results).
  await shot(page, 'month-package-owner.png', { fullPage: true });
  await checkPackage(name, files);
  await passLogFlushInterval(page);
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
  await shot(page, 'month-package-accountant.png', { fullPage: true });
  await checkPackage(name, files);
});

const pad = (n: number) => String(n).padStart(2, '0');
const QUARTER = Math.ceil(month / 3);
/** The folders whose files are the period's documents; the others hold one or two files whatever the period. */
const DOCUMENT_FOLDERS = ['fatture-emesse', 'fatture-emesse/scartate', 'fatture-ricevute', 'ricevute-sdi', 'ddt'];

async function unzipDownload(download: Download): Promise<{ name: string; files: Files }> {
  return { name: download.suggestedFilename(), files: unzipSync(new Uint8Array(await readFile(await download.path()))) };
}

/** The ZIP's files counted as the preview counts them: by folder, the two riepilogo-iva files together. */
function filesPerFolder(files: Files): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const path of Object.keys(files)) {
    const folder = path.startsWith('riepilogo-iva.') ? 'riepilogo-iva' : path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : path;
    counts[folder] = (counts[folder] ?? 0) + 1;
  }
  return counts;
}

/** A document of the emulator dated in the seeded month (Rome's calendar, where the browser runs). */
const inSeededMonth = (d: FsDoc, field: string) => romeDay(d.fields[field])?.startsWith(`${MONTH}-`) === true;

/** The shop's P.IVA as the screen takes it (the settings' one, else the shop's). */
async function shopVat(shopId: string): Promise<string> {
  const shop = await getDocument(`Shop/${shopId}`);
  const vat = str(shop?.settings?.mapValue?.fields?.pIva) || str(shop?.pIva);
  if (!vat) throw new Error(`Shop/${shopId}: P.IVA mancante`);
  return vat;
}

interface PreviewFigures {
  folders: Record<string, number>;
  ddt: number;
  sales: number;
  outgoingCents: number;
  incomingCents: number;
}

/** The preview of `label` ('giugno 2026', '2° trimestre 2026') once it is on screen: files per folder and the cards. */
async function readPreview(page: Page, label: string): Promise<PreviewFigures> {
  await expect(page.getByRole('heading', { name: `Contenuto del pacchetto di ${label}`, level: 2 })).toBeVisible();
  const table = page.getByTestId('package-folders');
  await expect(table).toBeVisible({ timeout: 60_000 });
  const folders: Record<string, number> = {};
  for (const row of await table.locator('tbody tr').all()) folders[(await row.getAttribute('data-folder')) ?? ''] = Number(await row.locator('td').innerText());
  const card = (id: string) => page.getByTestId(id).innerText();
  const euroCents = (text: string) => parseCents(text.replace(/[^\d.,-]/g, '')) ?? Number.NaN;
  const count = (text: string) => parseCsvNumber(text, 'decimal-comma') ?? Number.NaN;
  return { folders, ddt: count(await card('mp-ddt')), sales: count(await card('mp-sales')), outgoingCents: euroCents(await card('mp-out')), incomingCents: euroCents(await card('mp-in')) };
}

test("a quarter: the preview adds up its three months, the ZIP is <P.IVA>_<YYYY>-T<n> and holds the seeded month's documents", async ({ page }) => {
  await openSignedIn(page, 'owner', '/month-package');
  await expect(page.getByRole('heading', { name: 'Pacchetto del mese', level: 1 })).toBeVisible();
  const monthField = page.getByLabel('Mese', { exact: true });
  await expect(monthField).toBeVisible();
  const monthly: PreviewFigures[] = [];
  for (const m of [QUARTER * 3 - 2, QUARTER * 3 - 1, QUARTER * 3]) {
    await monthField.fill(`${year}-${pad(m)}`);
    const label = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric' }).format(new Date(year, m - 1, 1));
    monthly.push(await readPreview(page, label));
  }
  const seeded = monthly[(month - 1) % 3] as PreviewFigures;

  await page.getByRole('combobox', { name: 'Periodo', exact: true }).selectOption({ label: 'Trimestre' });
  await page.getByRole('combobox', { name: 'Trimestre' }).selectOption({ label: `${QUARTER}° trimestre` });
  // The year typed digit by digit, as a user does: the year before, then the seeded month's.
  const yearField = page.getByRole('spinbutton', { name: 'Anno' });
  for (const y of [year - 1, year]) {
    await yearField.fill('');
    await yearField.pressSequentially(String(y));
    await expect(page.getByRole('heading', { name: `Contenuto del pacchetto di ${QUARTER}° trimestre ${String(y)}`, level: 2 })).toBeVisible();
  }
  const quarter = await readPreview(page, `${QUARTER}° trimestre ${year}`);
  expect(await axeViolations(page, 'main')).toEqual([]);
  const sum = (pick: (f: PreviewFigures) => number) => monthly.reduce((s, f) => s + pick(f), 0);
  // Each document folder holds the three months' files; the fixed files are there once, as in a month.
  const expected: Record<string, number> = { ...seeded.folders };
  for (const folder of DOCUMENT_FOLDERS) {
    const files = sum((f) => f.folders[folder] ?? 0);
    if (files > 0) expected[folder] = files;
    else delete expected[folder];
  }
  expect(quarter.folders).toEqual(expected);
  expect(quarter.folders['fatture-emesse']).toBeGreaterThanOrEqual(seeded.folders['fatture-emesse'] ?? Number.NaN);
  expect([quarter.ddt, quarter.sales, quarter.outgoingCents, quarter.incomingCents]).toEqual([sum((f) => f.ddt), sum((f) => f.sales), sum((f) => f.outgoingCents), sum((f) => f.incomingCents)]);

  const vat = await shopVat(OWNER);
  const fileName = `${vat}_${year}-T${QUARTER}_commercialista.zip`;
  await expect(page.getByText(`Nome del file: ${fileName}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Prepara il pacchetto' }).click();
  const link = page.getByRole('link', { name: 'Scarica ZIP' });
  await expect(link).toBeVisible({ timeout: 90_000 });
  const { name, files } = await unzipDownload((await Promise.all([page.waitForEvent('download'), link.click()]))[0]);
  expect(name).toBe(fileName);

  // Every file the preview announced, folder by folder.
  expect(filesPerFolder(files)).toEqual(quarter.folders);

  // The seeded month's invoices byte for byte (all but the broken one, listed with its reason), its DDTs and closings.
  const texts = new Set(Object.values(files).map(text));
  const invoices = (await queryWhere('Invoice', 'userId', OWNER)).filter((d) => inSeededMonth(d, 'date'));
  // Five issued (one rejected, one credit note), the broken one, three received (scripts/seed/month-package.ts).
  expect(invoices).toHaveLength(9);
  // A received invoice is in the ZIP as the original XML the webhook kept, else as the XML written from its JSON (the
  // JSON's documents, read from that XML); an issued one as its payload.
  const content = (d: FsDoc) => (d.fields.receivedXml?.bytesValue ? Buffer.from(d.fields.receivedXml.bytesValue, 'base64').toString('utf8') : (str(d.fields.payload) ?? ''));
  const receivedDocuments = Object.entries(files).filter(([n]) => /^fatture-ricevute\/[^/]+\.xml$/.test(n)).map(([n, bytes]) => readInvoiceFile(bytes, n).views);
  for (const d of invoices.filter((x) => x.id !== BROKEN_INVOICE_ID)) {
    if (d.fields.type?.integerValue === '1' && d.fields.receivedXml === undefined) expect(receivedDocuments, d.id).toContainEqual(readIncomingJson(str(d.fields.payload) ?? ''));
    else expect(texts.has(content(d)), d.id).toBe(true);
  }
  const index = rows(files, 'indice.csv');
  expect(index.find((r) => (r['Note'] ?? '').includes(BROKEN_INVOICE_ID))?.['Note']).toMatch(/^Non inclusa: .+/);
  expect(csvCents(index.find((r) => r['Tipo'] === 'Totale fatture emesse')?.['Totale'])).toBe(quarter.outgoingCents);
  const ddts = (await queryWhere('Ddt', 'userId', OWNER)).filter((d) => inSeededMonth(d, 'date'));
  expect(ddts).toHaveLength(2);
  for (const d of ddts) expect(Object.keys(files).some((n) => n.startsWith(`ddt/DDT_${(str(d.fields.number) ?? '?').replace('/', '-')}_`)), str(d.fields.number)).toBe(true);
  const closings = (await queryWhere('ZReport', 'userId', OWNER)).filter((d) => inSeededMonth(d, 'createdAt'));
  expect(closings).toHaveLength(4);
  const closingNumbers = new Set(rows(files, 'corrispettivi/chiusure-cassa.csv').flatMap((r) => (r['N. chiusura'] ?? '').split(/[^\d]+/)));
  for (const c of closings) expect(closingNumbers.has(String(c.fields.number?.integerValue ?? c.fields.number?.doubleValue)), c.id).toBe(true);
});

/** The seeded month's issued invoices and credit note that the SDI accepted, each this many times in the fixture shop. */
const COPIES = 100;

test("'Annulla' stops the preparation: no ZIP is offered, and the next 'Prepara il pacchetto' completes", async ({ page }) => {
  // A month with enough files to be cancelled while it is written (the seeded month takes under a second): a
  // throw-away shop holding the seeded month's accepted issued invoices COPIES times over, read and drawn by the
  // page as any month's (nothing slowed down or faked).
  const shop = await createFixtureShop('pacchetto');
  const sources = (await queryWhere('Invoice', 'userId', OWNER)).filter(
    (d) => inSeededMonth(d, 'date') && d.fields.type?.integerValue === '0' && d.id !== BROKEN_INVOICE_ID && str(d.fields.marking) !== 'rejected',
  );
  expect(sources.length).toBe(4);
  const writes: { path: string; data: Record<string, Plain> }[] = [];
  for (let n = 1; n <= COPIES; n++) {
    for (const d of sources) {
      const id = `${d.id}-copia-${String(n)}-${shop.uid}`;
      const date = new Date(d.fields.date?.timestampValue ?? Number.NaN);
      writes.push({
        path: `Invoice/${id}`,
        data: { uuid: id, userId: shop.uid, type: 0, status: 'sent', payload: str(d.fields.payload) ?? '', marking: 'delivered', newInvoice: false, createdAt: date, date, total: Number(d.fields.total?.doubleValue ?? d.fields.total?.integerValue) },
      });
    }
  }
  await writeDocuments(writes);
  const invoices = writes.length;

  await login(page, shop.email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto('/month-package');
  await page.getByLabel('Mese', { exact: true }).fill(MONTH);
  const preview = await readPreview(page, new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric' }).format(new Date(year, month - 1, 1)));
  // An XML and a PDF for each invoice.
  expect(preview.folders['fatture-emesse']).toBe(2 * invoices);

  const prepare = page.getByRole('button', { name: 'Prepara il pacchetto' });
  await prepare.click();
  const progress = page.getByTestId('package-progress');
  // The files are being written: 'File n di N — fatture-emesse/' on the bar's label (then, while the sales are still
  // being read beside the PDFs, ' · vendite lette: n').
  // Read once and cancel at once: on an idle machine the invoices' files take only a few seconds, and a second look
  // at the label could find the preparation finished.
  const label = progress.getByText(/^File \d+ di \d+ — /);
  await expect(progress.getByRole('progressbar', { name: 'Avanzamento della preparazione' })).toBeVisible({ timeout: 60_000 });
  const seen = (await label.textContent({ timeout: 60_000 })) ?? '';
  await progress.getByRole('button', { name: 'Annulla' }).click();
  const [done, total] = (seen.match(/^File (\d+) di (\d+)/)?.slice(1) ?? []).map(Number);
  // Besides the invoices: vendite, riepilogo (CSV and PDF), the two corrispettivi files, the two VAT registers, the
  // settlement, the due dates and the index.
  expect(total).toBe(2 * invoices + 10);
  expect(done).toBeLessThan(total ?? 0);

  const cancelled = page.getByRole('heading', { name: 'Preparazione annullata.' });
  await expect(cancelled).toBeVisible();
  await expect(cancelled).toBeFocused();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Scarica ZIP' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pacchetto pronto' })).toHaveCount(0);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Again, to the end.
  await prepare.click();
  await expect(cancelled).toHaveCount(0);
  const link = page.getByRole('link', { name: 'Scarica ZIP' });
  await expect(link).toBeVisible({ timeout: 120_000 });
  const { name, files } = await unzipDownload((await Promise.all([page.waitForEvent('download'), link.click()]))[0]);
  expect(name).toBe(`${shop.vat}_${MONTH}_commercialista.zip`);
  expect(filesPerFolder(files)).toEqual(preview.folders);
  const payloads = new Set(sources.map((d) => str(d.fields.payload)));
  const xmls = Object.keys(files).filter((n) => /^fatture-emesse\/[^/]+\.xml$/.test(n));
  expect(xmls).toHaveLength(invoices);
  for (const n of xmls) expect(payloads.has(text(files[n])), n).toBe(true);
  const index = rows(files, 'indice.csv');
  expect(index.filter((r) => r['Tipo'] === 'Fattura emessa' || r['Tipo'] === 'Nota di credito emessa')).toHaveLength(invoices);
  expect(index.find((r) => r['Tipo'] === 'Totale fatture emesse')?.['Numero']).toBe(String(invoices));
});

test('a month without documents says so before the preparation; the folders and cards name what they count', async ({ page }) => {
  await openSignedIn(page, 'owner', '/month-package');
  await expect(page.getByRole('heading', { name: 'Pacchetto del mese', level: 1 })).toBeVisible();
  // Long before the shop's first sale.
  await page.getByLabel('Mese', { exact: true }).fill('2005-03');
  await expect(page.getByTestId('package-empty')).toContainText('Nessun documento in marzo 2005');
  await expect(page.getByRole('button', { name: 'Prepara comunque il pacchetto' })).toBeEnabled();
  await expect(page.getByText('Fatture emesse (IVA inclusa)')).toBeVisible();
  await expect(page.getByText('Nessuna chiusura di cassa')).toBeVisible();
  await shot(page, 'month-package-empty.png', { fullPage: true });

  // The seeded month: not empty, its closings counted with their amount; once ready, only the download is offered.
  await page.getByLabel('Mese', { exact: true }).fill(MONTH);
  await expect(page.getByTestId('package-folders')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('package-empty')).toHaveCount(0);
  await expect(page.getByText(/^\d+(\.\d{3})* chiusur[ae] di cassa per \d{1,3}(\.\d{3})*,\d{2}\s€$/)).toBeVisible();
  await page.getByRole('button', { name: 'Prepara il pacchetto' }).click();
  await expect(page.getByRole('link', { name: 'Scarica ZIP' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: /Prepara/ })).toHaveCount(0);
});
