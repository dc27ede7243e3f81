/**
 * The accountant's desk (/accountant) as commercialista@demo.it, in the built app: both client shops in one table for
 * the seeded month, with the same SDI line as the shop list; from Bottega Verdi's row one click opens its package on
 * that month; once the ZIP is downloaded the desk says 'Scaricato il …'; a late POS sale of that month makes the desk
 * and the package screen say what changed since the download.
 */
import { expect, test, type Page } from './fixture';
import { monthPackageMonth } from '../../scripts/seed/month-package.ts';
import { periodLabel } from '../../src/domain/month-package/period.ts';
import { axeViolations, DEMO_ACCOUNTS, login, shot } from './helpers';
import { deleteDocument, putFields, queryWhere, str } from './firestore-data';

const OWNER = DEMO_ACCOUNTS.owner.uid;
const OWNER_SHOP = DEMO_ACCOUNTS.owner.shopName;
const SECOND_SHOP = DEMO_ACCOUNTS.roles.shopName;
const { year, month } = monthPackageMonth(new Date());
const MONTH = `${year}-${String(month).padStart(2, '0')}`;
const LABEL = periodLabel({ kind: 'month', year, month });
const LATE_SALE = 'Sale/e2e-desk-late-sale';
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

function row(page: Page, shopName: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(shopName) }) });
}

async function openDesk(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Scrivania del commercialista', level: 1 })).toBeVisible();
  await page.getByLabel('Mese', { exact: true }).selectOption(MONTH);
  await expect(page.getByRole('columnheader', { name: `Pacchetto di ${LABEL}` })).toBeVisible();
  await expect(page.getByTestId('desk-summary')).toHaveText(/^2 negozi · /, { timeout: 30_000 });
}

test.afterAll(async () => {
  await deleteDocument(LATE_SALE).catch(() => undefined);
});

test("the desk lists both shops with their month's status; a download, then a late sale, is told on the desk and on the package", async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'accountant');
  await expect(page).toHaveURL(/\/select-shop-carousel$/);
  await page.getByRole('link', { name: 'Vista elenco' }).click();
  // The shop list's SDI line: the desk must say the same.
  const listLine = page.getByRole('list', { name: 'Negozi disponibili' }).getByRole('listitem').filter({ hasText: OWNER_SHOP }).getByTestId('shop-due');
  await expect(listLine).toBeVisible({ timeout: 30_000 });
  const sdiText = (await listLine.textContent())?.replace(/\.$/, '') ?? '';
  await page.getByRole('link', { name: 'Scrivania: tutti i negozi del mese' }).click();
  await expect(page).toHaveURL(/\/accountant$/);
  await openDesk(page);

  const owner = row(page, OWNER_SHOP);
  const second = row(page, SECOND_SHOP);
  for (const r of [owner, second]) {
    for (const id of ['desk-package', 'desk-sdi', 'desk-closings', 'desk-last-sale']) await expect(r.getByTestId(id)).not.toBeEmpty();
    await expect(r.getByTestId('desk-last-sale')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$|^Nessuna vendita$/);
  }
  expect((await owner.getByTestId('desk-sdi').textContent())?.replace(/\.$/, '')).toBe(sdiText.replace(/^Nessuna scadenza SDI$/, 'Nessuna scadenza SDI'));
  await expect(owner.getByTestId('desk-package')).toHaveText(/^(Non ancora scaricato|Scaricato il .*|Cambiato dopo il download .*)$/);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'accountant-desk.png', { fullPage: true });

  // One click to the shop's package of that month.
  await owner.getByRole('button', { name: `Pacchetto di ${LABEL} di ${OWNER_SHOP}` }).click();
  await expect(page).toHaveURL(new RegExp(`/month-package\\?periodo=${MONTH}$`));
  await expect(page.getByLabel('Mese', { exact: true })).toHaveValue(MONTH);
  await expect(page.getByTestId('package-folders')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Prepara il pacchetto' }).click();
  const link = page.getByRole('link', { name: 'Scarica ZIP' });
  await expect(link).toBeVisible({ timeout: 120_000 });
  const downloadsBefore = (await queryWhere('UserLog', 'userId', OWNER)).filter((d) => str(d.fields.action) === 'month_package_downloaded').length;
  await Promise.all([page.waitForEvent('download'), link.click()]);
  await expect(page.getByTestId('package-downloaded')).toContainText('da allora il periodo non è cambiato');
  // The download's log entry (with the month's fingerprint) is the desk's record of it.
  await expect
    .poll(async () => (await queryWhere('UserLog', 'userId', OWNER)).filter((d) => str(d.fields.action) === 'month_package_downloaded').length, { timeout: 30_000 })
    .toBeGreaterThan(downloadsBefore);

  await page.getByRole('link', { name: 'Scrivania' }).click();
  await openDesk(page);
  await expect(owner.getByTestId('desk-package')).toHaveText(/^Scaricato il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  // A receipt of that month synced late by the POS app.
  await putFields(LATE_SALE, {
    userId: { stringValue: OWNER }, method: { stringValue: 'contanti' }, price: { doubleValue: 7.5 }, isVoid: { booleanValue: false },
    date: { timestampValue: new Date(year, month - 1, 15, 12).toISOString() },
  });
  await page.reload();
  await openDesk(page);
  await expect(owner.getByTestId('desk-package')).toContainText('Cambiato dopo il download del');
  expect(plain(await owner.getByTestId('desk-package').locator('li').first().textContent())).toBe('+1 vendita (+7,50 €)');
  await expect(owner).toHaveClass(/desk-row--attention/);
  await shot(page, 'accountant-desk-changed.png', { fullPage: true });

  await owner.getByRole('button', { name: `Pacchetto di ${LABEL} di ${OWNER_SHOP}` }).click();
  const changed = page.getByTestId('package-changed');
  await expect(changed).toBeVisible({ timeout: 60_000 });
  expect(plain(await changed.locator('li').first().textContent())).toBe('+1 vendita (+7,50 €)');

  // The closings of the other shop, on the desk's month.
  await page.getByRole('link', { name: 'Scrivania' }).click();
  await openDesk(page);
  await second.getByRole('button', { name: `Chiusure di ${SECOND_SHOP}` }).click();
  await expect(page).toHaveURL(new RegExp(`/zreport\\?mese=${MONTH}$`));
  await expect(page.getByTestId('active-shop-name')).toHaveText(SECOND_SHOP);
  await expect(page.getByLabel('Mese', { exact: true })).toHaveValue(MONTH);
});
