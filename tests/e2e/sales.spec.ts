import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, login, openReceiptAt, openSignedIn, romeMinute, shot, wallClockMinuteOnce } from './helpers';
import { parseLocalDateTime } from '../../src/domain/local-time.ts';
import fs from 'node:fs';
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '../../src/domain/csv/csv.ts';
import { deleteDocument, num, putDocument, queryWhere, str, type FsDoc } from './firestore-data';
import { deleteDocuments, writeDocuments } from './shop-fixture';

const OWNER = DEMO_ACCOUNTS.owner.uid;
const BRANCH = DEMO_ACCOUNTS.branch1.uid;

interface Row {
  id: string;
  receiptInvoice: boolean;
  date: number;
  method: string;
  price: number;
  employee: string;
  manual: boolean;
  posAuto: boolean;
}

function rowsOf(sales: FsDoc[], employees: Map<string, string>): Row[] {
  return sales
    .map((d) => {
      const f = d.fields;
      const pos = f.posAnswer?.mapValue?.fields ?? {};
      const msg = pos.msgCode?.stringValue;
      const manual = f.isManualBancomatSale?.booleanValue === true || msg === 'B' || pos.acquirer?.stringValue === 'MANUAL_BANCOMAT' || pos.authCode?.stringValue === 'MANUAL_BANCOMAT';
      const method = f.method?.stringValue ?? '';
      return {
        id: d.id,
        // An invoice made for a receipt is loaded with the page but not listed: the receipt is the sale.
        receiptInvoice: f.sourceSaleId !== undefined,
        date: f.date?.timestampValue ? Date.parse(f.date.timestampValue) : 0,
        method,
        price: num(f.price) ?? 0,
        employee: employees.get(f.employeeId?.stringValue ?? '') ?? 'Unknown',
        manual,
        posAuto: !manual && method.toLowerCase() === 'bancomat' && pos.approved?.booleanValue === true && msg !== 'M',
      };
    })
    .sort((a, b) => b.date - a.date);
}

let newest: Row[] = [];
/** What the list shows after loading the newest `n` documents (500 per load). */
const listed = (n: number) => newest.slice(0, n).filter((r) => !r.receiptInvoice);
/** The pager's text for page `index` (0-based) of `size` rows out of `total`. */
const range = (index: number, size: number, total: number) => `Mostrando ${index * size + 1} - ${Math.min(total, (index + 1) * size)} di ${total} vendite`;
const lastPage = (size: number, total: number) => Math.ceil(total / size) - 1;

test.beforeAll(async () => {
  const employees = new Map<string, string>();
  for (const e of await queryWhere('Employe', 'userId', OWNER)) {
    employees.set(e.id, [e.fields.name?.stringValue, e.fields.surname?.stringValue].filter(Boolean).join(' '));
  }
  const all = rowsOf(await queryWhere('Sale', 'userId', OWNER), employees);
  expect(all.length).toBeGreaterThan(1000);
  newest = all;
});

const showing = (page: Page) => page.getByTestId('sales-showing');
/** A count as the app prints it: '1.234', grouped from the thousands. */
const grouped = (n: number) => new Intl.NumberFormat('it-IT', { useGrouping: 'always' }).format(n);

/** Sale documents this page has read so far (the e2e build's counter, src/lib/firestore-recorder.ts). */
const saleReads = (page: Page) =>
  page.evaluate(() => (globalThis as { __firestoreReads?: { byCollection: Record<string, number> } }).__firestoreReads?.byCollection.Sale ?? 0);

/** Scrolls down to the pager, as a user going past the first page does: the whole window of 500 is read then. */
async function revealPager(page: Page) {
  await showing(page).scrollIntoViewIfNeeded();
}

test('filters, search, pager and page sizes give the counts computed from the data; Carica altre appends 500', async ({ page }) => {
  const first500 = listed(500);
  const n = first500.length;
  const after = listed(1000).length;
  await openSignedIn(page, 'owner', '/sales');
  await expect(page.getByRole('heading', { name: 'Gestione Vendite' })).toBeVisible();
  // The first screen reads the first page only (no work on 500 sales for a look at the last ones)…
  await expect(page.getByTestId('sales-table').locator('tbody tr')).toHaveCount(20, { timeout: 30_000 });
  expect(await saleReads(page)).toBeLessThanOrEqual(30);
  await expect(page.getByText(/^Mostrando/)).toHaveCount(0);
  // …and the window of 500 when the user scrolls to the pager.
  await revealPager(page);
  await expect(showing(page)).toHaveText(range(0, 20, n), { timeout: 30_000 });
  expect(await saleReads(page)).toBeGreaterThanOrEqual(500);
  await expect(page.getByTestId('sales-table').locator('tbody tr')).toHaveCount(20);

  // The filter is by payment family (the one rule): 'bancomat', 'Bancomat', 'carta '... are one option.
  const isBancomat = (r: { method: string }) => ['bancomat', 'carta', 'pos', 'card'].includes(r.method.trim().toLowerCase());
  await page.getByLabel('Metodo di pagamento').selectOption('Bancomat');
  await expect(showing(page)).toHaveText(`Mostrando 1 - 20 di ${first500.filter(isBancomat).length} vendite`);
  await page.getByLabel('Fascia di prezzo').selectOption('10-50');
  const bancomat10to50 = first500.filter((r) => isBancomat(r) && r.price > 10 && r.price <= 50).length;
  await expect(showing(page)).toContainText(`di ${bancomat10to50} vendite`);

  // The filters apply to the sales read, and the list says so; the export takes every sale of the history that matches.
  await expect(page.getByTestId('sales-read-note')).toContainText(`Caricate ${String(n)} delle ${grouped(listed(Infinity).length)} vendite, le più recenti. Ricerca e filtri valgono per quelle caricate`);
  const everyMatch = listed(Infinity).filter((r) => isBancomat(r) && r.price > 10 && r.price <= 50);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
  const csv = parseCsv(decodeCsvBytes(fs.readFileSync(await download.path())).text);
  expect(csv.headers).toEqual(['Data', 'Ora', 'Dipendente', 'Metodo', 'Prezzo', 'Famiglia', 'Incasso']);
  expect(new Set(csv.rows.map((r) => r.Famiglia))).toEqual(new Set(['Bancomat']));
  expect(csv.rows).toHaveLength(everyMatch.length);
  expect(everyMatch.length).toBeGreaterThan(bancomat10to50);
  const cents = (rows: number[]) => rows.reduce((sum, p) => sum + Math.round(p * 100), 0);
  expect(cents(csv.rows.map((r) => parseCsvNumber(r.Prezzo ?? '') ?? NaN))).toBe(cents(everyMatch.map((r) => r.price)));
  await page.getByRole('button', { name: 'Pulisci filtri' }).click();

  await page.getByRole('searchbox').fill('CONTANTI');
  const cash = first500.filter((r) => r.method.toLowerCase().includes('contanti') || r.employee.toLowerCase().includes('contanti')).length;
  await expect(showing(page)).toContainText(`di ${cash} vendite`);
  await page.getByRole('button', { name: 'Cancella la ricerca' }).click();
  await expect(showing(page)).toHaveText(range(0, 20, n));

  await page.getByRole('button', { name: '3', exact: true }).click();
  await expect(showing(page)).toHaveText(range(2, 20, n));
  await page.getByLabel('Vendite per pagina').selectOption('50');
  await expect(showing(page)).toHaveText(range(0, 50, n));
  await page.getByRole('button', { name: 'Ultima pagina' }).click();
  await expect(showing(page)).toHaveText(range(lastPage(50, n), 50, n));

  // The next 500 are appended; the user stays on the page they were reading.
  await page.getByRole('button', { name: 'Carica altre' }).click();
  await expect(showing(page)).toHaveText(range(lastPage(50, n), 50, after), { timeout: 30_000 });
  await page.getByRole('button', { name: 'Ultima pagina' }).click();
  await expect(showing(page)).toHaveText(range(lastPage(50, after), 50, after));
});

test('a period older than the 500 most recent sales is read from the server: all of it, its count, the export of the whole period', async ({ page }) => {
  // A period that starts and ends past the 500 most recent sales and holds more than one read of 500.
  const all = listed(Infinity);
  expect(all.length).toBeGreaterThan(1300);
  const fromText = romeMinute(new Date(all[1250]!.date));
  const toText = romeMinute(new Date(all[520]!.date));
  const from = parseLocalDateTime(fromText, 'first')!.getTime();
  const to = parseLocalDateTime(toText, 'last')!.getTime();
  const inPeriod = all.filter((r) => r.date >= from && r.date <= to);
  expect(inPeriod.length).toBeGreaterThan(500);
  expect(inPeriod.length).toBeLessThan(1000);
  // The first read is of 500 documents: the invoices made for a receipt among them are listed with their receipt.
  const firstRead = newest.filter((r) => r.date >= from && r.date <= to).slice(0, 500).filter((r) => !r.receiptInvoice).length;

  await openSignedIn(page, 'owner', '/sales');
  await expect(page.getByTestId('sales-table').locator('tbody tr')).toHaveCount(20, { timeout: 30_000 });
  await page.getByLabel('Dal', { exact: true }).fill(fromText);
  await page.getByLabel('Al', { exact: true }).fill(toText);
  // The first read of the period: its 500 newest, and how many the period holds (an aggregation).
  await expect(showing(page)).toHaveText(range(0, 20, firstRead), { timeout: 30_000 });
  await expect(page.getByTestId('sales-read-note')).toHaveText(`Caricate ${String(firstRead)} delle ${String(inPeriod.length)} vendite del periodo, le più recenti.`);
  await shot(page, 'sales-period.png');
  await page.getByRole('button', { name: 'Carica altre' }).click();
  await expect(showing(page)).toHaveText(range(0, 20, inPeriod.length), { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Carica altre' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ultima pagina' }).click();
  const last = page.getByTestId('sales-table').locator('tbody tr').last().locator('td').first();
  await expect(last).toHaveText(new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(inPeriod.at(-1)!.date)).replace(',', ''));

  // A fresh look at the same period exports all of it without 'Carica altre': the export reads the period itself.
  await page.reload();
  await page.getByLabel('Dal', { exact: true }).fill(fromText);
  await page.getByLabel('Al', { exact: true }).fill(toText);
  await page.getByLabel('Metodo di pagamento').selectOption('Contanti');
  await expect(page.getByTestId('sales-read-note')).toContainText('Ricerca e filtri valgono per quelle caricate', { timeout: 30_000 });
  const cash = inPeriod.filter((r) => r.method.trim().toLowerCase() === 'contanti' || r.method.trim().toLowerCase() === 'cash');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
  const csv = parseCsv(decodeCsvBytes(fs.readFileSync(await download.path())).text);
  expect(csv.rows).toHaveLength(cash.length);
  expect(new Set(csv.rows.map((r) => r.Famiglia))).toEqual(new Set(['Contanti']));
});

const openReceiptOf = (page: Page, row: Row) => openReceiptAt(page, row.date);

test('the receipt of a manual card sale and of an automatic POS sale show the right labels', async ({ page }) => {
  const manual = listed(500).find((r) => r.manual && wallClockMinuteOnce(r.date));
  const auto = listed(500).find((r) => r.posAuto && wallClockMinuteOnce(r.date));
  expect(manual && auto).toBeTruthy();
  await openSignedIn(page, 'owner', '/sales');
  // The receipts are found with the date filters, which read the whole window.
  await expect(page.getByTestId('sales-table')).toBeVisible({ timeout: 30_000 });
  let receipt = await openReceiptOf(page, manual!);
  await expect(receipt.getByTestId('receipt-method')).toHaveText('Bancomat');
  await expect(receipt.getByText('Motivo manuale')).toBeVisible();
  await expect(receipt.locator('tbody tr').first()).toBeVisible();
  await shot(page, 'receipt.png');
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  await page.getByRole('button', { name: 'Pulisci filtri' }).click();
  receipt = await openReceiptOf(page, auto!);
  await expect(receipt.getByTestId('receipt-method')).toHaveText('POS auto');
  await page.keyboard.press('Escape');
});

test("the accountant sees the chosen shop's sales", async ({ page }) => {
  const branchSales = await queryWhere('Sale', 'userId', BRANCH);
  await login(page, 'accountantOne');
  await expect(page).toHaveURL(/\/zreport$/);
  await page.getByRole('link', { name: 'Vendite' }).click();
  await expect(page.getByTestId('sales-table')).toBeVisible({ timeout: 30_000 });
  await revealPager(page);
  await expect(showing(page)).toHaveText(`Mostrando 1 - 20 di ${Math.min(500, branchSales.length)} vendite`, { timeout: 30_000 });
  await shot(page, 'sales.png');
});

test("past its grace a shop is offered no 'Crea fattura' on a receipt, and is told why", async ({ page }) => {
  await openSignedIn(page, 'expired', '/sales');
  await page.getByTestId('sales-table').getByRole('button', { name: /Apri/ }).first().click();
  const receipt = page.getByRole('dialog', { name: 'Scontrino' });
  await expect(receipt.getByTestId('receipt-invoice-denied')).toHaveText(
    `Accesso negato: l'abbonamento di questo negozio è scaduto e il pacchetto "Fatturazione" è disattivato. Contatta il supporto per rinnovarlo.`,
  );
  await expect(receipt.getByRole('button', { name: 'Crea fattura' })).toHaveCount(0);
  await expect(receipt.getByTestId('receipt-invoice')).toHaveCount(0);
});

test('within its grace a shop still invoices a receipt: the draft is written and listed among its drafts', async ({ page }) => {
  const shop = DEMO_ACCOUNTS.grace.uid;
  const sales = await queryWhere('Sale', 'userId', shop);
  const invoiced = new Set(sales.map((d) => str(d.fields.sourceSaleId)).filter(Boolean));
  const minute = (d: FsDoc) => Math.floor(Date.parse(d.fields.date?.timestampValue ?? '') / 60_000);
  const perMinute = new Map<number, number>();
  for (const d of sales) perMinute.set(minute(d), (perMinute.get(minute(d)) ?? 0) + 1);
  // A paid receipt with lines, alone in its minute (openReceiptAt filters by minute), not invoiced yet.
  const receipt = sales
    .filter((d) => {
      const f = d.fields;
      return ['contanti', 'bancomat'].includes((str(f.method) ?? '').toLowerCase()) && f.isVoid?.booleanValue !== true && f.invoiceUUID === undefined
        && (num(f.price) ?? 0) > 0 && (f.items ?? f.lines ?? f.scrapCount) !== undefined && perMinute.get(minute(d)) === 1 && wallClockMinuteOnce(minute(d) * 60_000) && !invoiced.has(d.id);
    })
    .sort((a, b) => Date.parse(b.fields.date?.timestampValue ?? '') - Date.parse(a.fields.date?.timestampValue ?? ''))[0];
  expect(receipt, 'a receipt of the grace shop to invoice').toBeDefined();
  // The seed gives this shop no customers: one, valid for invoicing, for this test only (removed at the end).
  const customerPath = 'Customer/e2e-grazia-cliente';
  const buyer = 'Cartoleria Zamboni S.r.l.';
  await putDocument(customerPath, {
    userId: shop, ragioneSociale: buyer, vatNumber: '04123450373', codiceDestinatario: 'M5UXCR1',
    registeredOfficeAddress: 'Via Zamboni 33', registeredOfficeCap: '40126', registeredOfficeCity: 'Bologna', registeredOfficeProvince: 'BO', nation: 'IT',
  });
  let draftId: string | undefined;
  try {
    await openSignedIn(page, 'grace', '/sales');
    const dialog = await openReceiptAt(page, Date.parse(receipt!.fields.date?.timestampValue ?? ''));
    const section = dialog.getByTestId('receipt-invoice');
    await section.getByRole('button', { name: 'Crea fattura' }).click();
    await expect(dialog.getByTestId('receipt-invoice-denied')).toHaveCount(0);
    await section.getByLabel('Cliente della fattura').fill('zamboni');
    await section.getByRole('radio', { name: new RegExp(buyer) }).check();
    await section.getByRole('button', { name: 'Crea bozza di fattura' }).click();
    await expect(section.getByRole('status')).toContainText(/Bozza di fattura n\. \S+ creata: la trovi in Fatture, sezione Bozze\./, { timeout: 20_000 });

    // The database holds the draft (the rules let a shop in grace write it), for this receipt and this buyer.
    const draft = (await queryWhere('Sale', 'userId', shop)).find((d) => str(d.fields.sourceSaleId) === receipt!.id);
    draftId = draft?.id;
    expect(draft?.fields).toMatchObject({ method: { stringValue: 'Fattura' }, invoiceUUID: { stringValue: '' }, customerId: { stringValue: 'e2e-grazia-cliente' } });
    const number = str(draft?.fields.invoiceNumber) ?? '';
    expect(number).not.toBe('');
    await expect(section.getByRole('status')).toContainText(`Bozza di fattura n. ${number} creata`);

    // …and the shop finds it among its drafts, under the buyer.
    await page.goto('/invoices?tipo=drafts');
    const group = page.getByTestId('draft-group').filter({ has: page.getByRole('heading', { name: buyer, exact: true }) });
    await expect(group.locator(`[data-testid="invoice-row"][data-id="${draftId ?? ''}"]`)).toContainText(number);
  } finally {
    // The demo shop is left as the seed made it (its counter apart): other specs use it.
    if (draftId) await deleteDocument(`Sale/${draftId}`);
    await deleteDocument(customerPath);
  }
});

test("a voided receipt says 'Annullato' and a pre-bill 'Preconto' in the list and on the receipt, not only in its Fattura section", async ({ page }) => {
  // Two documents of the demo shop at night three days ago (each alone in its minute), removed after the test.
  const night = (minute: number) => {
    const d = new Date(Date.now() - 3 * 86_400_000);
    d.setHours(3, minute, 0, 0);
    return d;
  };
  const stamp = String(Date.now()).slice(-6);
  const docs = [
    { path: `Sale/e2e-annullato-${stamp}`, at: night(17), data: { method: 'contanti', price: 12.5, isVoid: true }, label: 'Annullato', note: 'Scontrino annullato: non conta negli incassi.' },
    { path: `Sale/e2e-preconto-${stamp}`, at: night(19), data: { method: 'preconto', price: 30, isVoid: false }, label: 'Preconto', note: 'Preconto: conto provvisorio, non è una vendita né un incasso.' },
  ];
  await writeDocuments(docs.map((d) => ({
    path: d.path,
    data: { userId: OWNER, date: d.at, ...d.data, items: [{ description: 'Caffè', quantity: 1, price: d.data.price, iva: 10, total: d.data.price }] },
  })));
  try {
    await openSignedIn(page, 'owner', '/sales');
    for (const d of docs) {
      const dialog = await openReceiptAt(page, d.at.getTime());
      // The row in the list…
      const row = page.getByTestId('sales-table').locator('tbody tr').first();
      await expect(row.getByTestId('sale-status')).toHaveText(d.label);
      // …and the receipt, at its top, before any figure.
      await expect(dialog.getByTestId('receipt-status')).toHaveText(`${d.label} — ${d.note}`);
      await expect(dialog.getByTestId('receipt').locator(':scope > *').first()).toHaveAttribute('data-testid', 'receipt-status');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Pulisci filtri' }).click();
    }
    // An ordinary sale says nothing of the kind.
    await expect(page.getByTestId('sales-table').locator('tbody tr').first()).toBeVisible();
    const plain = page.getByTestId('sales-table').locator('tbody tr:not([data-status])').first();
    await expect(plain.getByTestId('sale-status')).toHaveCount(0);
  } finally {
    await deleteDocuments(docs.map((d) => d.path));
  }
});
