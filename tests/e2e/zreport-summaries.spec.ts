import fs from 'node:fs';
import { expect, test, type Page } from './fixture';
import { decodeCsvBytes, parseCsv, parseCsvNumber, toCsv } from '../../src/domain/csv/csv.ts';
import { normalizeSale } from '../../src/data/sale.ts';
import { normalizeZReport } from '../../src/data/z-report.ts';
import { businessDay, cutoffMinutes, normalizeCutoff } from '../../src/domain/zreport/business-day.ts';
import { ZREPORT_CSV_HEADERS, zreportCsvRows } from '../../src/domain/zreport/export.ts';
import { reconcileDays } from '../../src/domain/zreport/reconcile.ts';
import { businessMonth, monthRange, type DayRange } from '../../src/domain/zreport/month.ts';
import { getDocument, queryWhere, str, type FsValue } from './firestore-data';
import { DEMO_ACCOUNTS, login } from './helpers';
import { createFixtureShop, FIXTURE_PASSWORD, writeDocument, writeDocuments, type Plain } from './shop-fixture';

/**
 * /zreport reads the closed days from the statistics' day summaries and today live. Both paths must give
 * the same figures: the CSV the screen exports (every column) equals the one computed here the way the screen did
 * before summaries — every sale of the month, straight from the emulator, through the Sale converter and
 * reconcileDays. On the demo shop, and on a fixture shop with a 02:00 cut-off whose month changes afterwards (a sale
 * voided, a late sale, a Satispay sale turned pre-bill, cash corrected to card): the next look follows.
 */

// The browser runs in Rome (playwright.config.ts): the expected CSV formats dates and times the same way.
process.env.TZ = 'Europe/Rome';

function plain(value: FsValue): unknown {
  if (value.timestampValue !== undefined) return new Date(value.timestampValue);
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.booleanValue !== undefined) return value.booleanValue;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.mapValue) return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([k, v]) => [k, plain(v)]));
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  return null;
}
const raw = (fields: Record<string, FsValue>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, plain(v)]));

/**
 * A month as the screen shows it (by default the business day's month so far), reconciled from every sale (the path
 * before summaries), as CSV rows.
 */
async function expectedCsv(shopUid: string, month?: DayRange): Promise<string[][]> {
  const shop = await getDocument(`Shop/${shopUid}`);
  const cutoff = cutoffMinutes(normalizeCutoff(str(shop?.settings?.mapValue?.fields?.businessDayCutoff))) ?? 0;
  const now = new Date();
  const { from, to } = month ?? businessMonth(businessDay(now, cutoff));
  const [sales, closings] = await Promise.all([queryWhere('Sale', 'userId', shopUid), queryWhere('ZReport', 'userId', shopUid)]);
  const rows = reconcileDays(
    sales.map((d) => normalizeSale(d.id, raw(d.fields))),
    closings.map((d) => normalizeZReport(d.id, raw(d.fields))),
    businessDay(now, cutoff),
    cutoff,
  ).filter((r) => r.day >= from && r.day <= to);
  return parseCsv(toCsv(ZREPORT_CSV_HEADERS, zreportCsvRows(rows))).rows.map((r) => ZREPORT_CSV_HEADERS.map((h) => r[h] ?? ''));
}

async function exportedCsv(page: Page): Promise<{ headers: string[]; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
  const csv = parseCsv(decodeCsvBytes(fs.readFileSync(await download.path())).text);
  return { headers: csv.headers, rows: csv.rows.map((r) => ZREPORT_CSV_HEADERS.map((h) => r[h] ?? '')) };
}

/** The screen's days and their POS sales, as shown, oldest first (the table lists the newest first). */
const shownSales = async (page: Page) =>
  (await page.locator('[data-testid="zreport-table"] tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-day') ?? '', r.querySelector('[data-testid="row-sales"]')?.textContent ?? ''])))
    .map(([day, text]) => `${day ?? ''} ${String(Math.round(Number((text ?? '').replace(/[^\d,-]/g, '').replace(',', '.')) * 100))}`)
    .reverse();
const expectedSales = (csv: string[][]) => csv.map((r) => `${r[0]?.split('/').reverse().join('-') ?? ''} ${String(Math.round((parseCsvNumber(r[13] ?? '') ?? NaN) * 100))}`);

/** Waits until the screen shows the expected days (the check after the first figures may change them), then exports. */
async function expectBothPathsAgree(page: Page, shopUid: string, month?: DayRange): Promise<string[][]> {
  const expected = await expectedCsv(shopUid, month);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId('zreport-table')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => shownSales(page), { timeout: 60_000 }).toEqual(expectedSales(expected));
  const csv = await exportedCsv(page);
  expect(csv.headers).toEqual([...ZREPORT_CSV_HEADERS]);
  expect(csv.rows).toEqual(expected);
  return csv.rows;
}

test('demo shop: the month from day summaries and today live equals the month from every sale, first look and reload', async ({ page }) => {
  test.slow();
  await login(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto('/zreport');
  await expectBothPathsAgree(page, DEMO_ACCOUNTS.owner.uid);
  // The owner's look stored the closed days' summaries (Statistiche pack); the reload reads them.
  await expect.poll(async () => (await queryWhere('SaleDaySummary', 'userId', DEMO_ACCOUNTS.owner.uid)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.reload();
  await expectBothPathsAgree(page, DEMO_ACCOUNTS.owner.uid);
});

test('a month with a 02:00 cut-off changed afterwards: the next look follows every change', async ({ page }) => {
  test.slow();
  // A month wholly closed whatever the instant of the run: the one before the business day's month (at 00:30 on the
  // 1st the business day is still the last of the previous month). Every day is closed, every method present.
  const cutoff = 120;
  const thisMonth = businessMonth(businessDay(new Date(), cutoff));
  const first = new Date(`${thisMonth.from}T12:00:00`);
  const month = monthRange(first.getFullYear(), first.getMonth() - 1, thisMonth.from);
  const monthStart = new Date(`${month.from}T12:00:00`);
  const lastDay = new Date(`${month.to}T12:00:00`).getDate();
  const shop = await createFixtureShop('zsummary', { settings: { businessDayCutoff: '02:00', invoiceNumber: 'n/d', creditNoteNumber: 0, backofficeRoles: false, codeDdt: 11 } });
  const at = (day: number, hour: number, minute = 0) => new Date(monthStart.getFullYear(), monthStart.getMonth(), day, hour, minute);
  const methods = ['contanti', 'Contanti ', 'BancoMat', 'carta', 'Fattura', 'Satispay', 'preconto'];
  const writes: { path: string; data: Record<string, Plain> }[] = [];
  const saleId = (day: number, n: number) => `zs-${shop.uid}-${String(day)}-${String(n)}`;
  for (let day = 1; day <= lastDay; day++) {
    for (let n = 0; n < 5; n++) {
      // 01:30 belongs to the day before (cut-off 02:00; on the 1st, to the month before, outside the screen's month).
      const date = n === 0 ? at(day, 1, 30) : at(day, 8 + n * 3, 15);
      writes.push({ path: `Sale/${saleId(day, n)}`, data: { userId: shop.uid, date, method: methods[(day + n) % methods.length] ?? 'contanti', price: day + n / 4, isVoid: n === 4 && day % 3 === 0 } });
    }
    if (day % 2 === 0) writes.push({ path: `ZReport/zs-${shop.uid}-${String(day)}`, data: { userId: shop.uid, createdAt: at(day + 1, 0, 40), number: day, total: 4 * day + 1.5, cashTotal: day } });
  }
  // Today: sold live (outside the month looked at, which must not pick it up).
  writes.push({ path: `Sale/zs-${shop.uid}-oggi`, data: { userId: shop.uid, date: new Date(Date.now() - 60_000), method: 'contanti', price: 4.2, isVoid: false } });
  await writeDocuments(writes);

  await login(page, shop.email, FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto('/zreport');
  await expect(page.getByTestId('zreport-cutoff')).toContainText('finisce alle 02:00');
  const chooseMonth = () => page.getByLabel('Mese').fill(month.from.slice(0, 7));
  await chooseMonth();
  const before = await expectBothPathsAgree(page, shop.uid, month);
  expect(before).toHaveLength(lastDay);
  await expect.poll(async () => (await queryWhere('SaleDaySummary', 'userId', shop.uid)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(lastDay);

  // Afterwards: a sale voided, a late sale synced with an old date, Satispay turned pre-bill, cash corrected to card.
  const seeded = Array.from({ length: lastDay }, (_, i) => i + 1).flatMap((day) =>
    [1, 2, 3].map((n) => ({ id: saleId(day, n), day, date: at(day, 8 + n * 3, 15), method: methods[(day + n) % methods.length] ?? '', price: day + n / 4 })),
  );
  const [voided, satispay, cash] = [seeded[0], seeded.find((x) => x.method === 'Satispay'), seeded.find((x, i) => i > 0 && x.method === 'contanti')];
  if (!voided || !satispay || !cash) throw new Error('the seeded month lacks a case the test changes');
  await Promise.all([
    writeDocument(`Sale/${voided.id}`, { userId: shop.uid, date: voided.date, method: voided.method, price: voided.price, isVoid: true }),
    writeDocument(`Sale/${satispay.id}`, { userId: shop.uid, date: satispay.date, method: 'preconto', price: satispay.price, isVoid: false }),
    writeDocument(`Sale/${cash.id}`, { userId: shop.uid, date: cash.date, method: 'Bancomat', price: cash.price, isVoid: false }),
    writeDocument(`Sale/zs-${shop.uid}-tardiva`, { userId: shop.uid, date: at(lastDay, 19, 5), method: 'contanti', price: 12.34, isVoid: false }),
  ]);
  await page.reload();
  await chooseMonth();
  const after = await expectBothPathsAgree(page, shop.uid, month);
  expect(after).not.toEqual(before);
  // Each change is seen on its own day.
  const changedDays = new Set([voided.day, satispay.day, cash.day, lastDay].map((d) => month.from.slice(0, 8) + String(d).padStart(2, '0')));
  const dayOf = (row: string[]) => (row[0] ?? '').split('/').reverse().join('-');
  for (const [i, row] of after.entries()) {
    if (changedDays.has(dayOf(row))) expect(row, dayOf(row)).not.toEqual(before[i]);
    else expect(row, dayOf(row)).toEqual(before[i]);
  }
});
