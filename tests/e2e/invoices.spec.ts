import { expect, test, type Page } from '@playwright/test';
import { axeViolations, DEMO_ACCOUNTS, login } from './helpers';
import { queryWhere, str } from './firestore-data';

const OWNER = DEMO_ACCOUNTS.owner.uid;

async function openInvoices(page: Page, tipo = 'incoming'): Promise<void> {
  await login(page, 'owner');
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`/invoices?tipo=${tipo}`);
  await expect(page.getByRole('heading', { name: 'Gestione Fatture' })).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('invoice-row');

test('the four lists show what the emulator holds; a row opens readable and raw; the PDF previews', async ({ page }) => {
  const invoices = await queryWhere('Invoice', 'userId', OWNER);
  const incoming = invoices.filter((d) => d.fields.type?.integerValue === '1');
  const unpaid = incoming.filter((d) => str(d.fields.marking) !== 'paid');
  await openInvoices(page);
  await expect(rows(page)).toHaveCount(unpaid.length);
  await expect(page.getByTestId('invoices-table').locator('thead th')).toHaveCount(9);
  await page.getByLabel('Pagamento').selectOption('all');
  await expect(rows(page)).toHaveCount(incoming.length);
  await page.getByLabel('Pagamento').selectOption('paid');
  await expect(rows(page)).toHaveCount(incoming.length - unpaid.length);
  await page.getByLabel('Pagamento').selectOption('unpaid');

  const first = rows(page).first();
  await first.getByRole('button', { name: /^Apri / }).click();
  await expect(page.getByTestId('invoice-view')).toBeVisible();
  await expect(page.getByTestId('invoice-view')).toContainText('Cedente / prestatore');
  await page.getByRole('button', { name: 'JSON originale' }).click();
  await expect(page.getByLabel('JSON della fattura')).toContainText('fattura_elettronica_header');
  expect(await axeViolations(page)).toEqual([]);

  await first.getByRole('button', { name: 'PDF' }).click();
  const pdf = page.getByRole('dialog', { name: 'Anteprima PDF' });
  await expect(pdf.locator('iframe')).toBeVisible();
  await expect(pdf.getByRole('link', { name: 'Scarica PDF' })).toBeVisible();
  await expect(pdf.getByRole('link', { name: 'Apri in nuova scheda' })).toBeVisible();
  await pdf.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
  await expect(pdf).toBeHidden();

  // Outgoing: one row per base number, the reissued one with its history; paid ones hidden until asked.
  await page.getByRole('link', { name: 'In Uscita' }).click();
  await expect(page).toHaveURL(/tipo=outgoing/);
  const outgoing = invoices.filter((d) => d.fields.type?.integerValue === '0');
  const history = page.getByRole('button', { name: /Storico versioni \(\d+\)/ });
  await expect(history.first()).toBeVisible();
  const paidCount = outgoing.filter((d) => str(d.fields.marking) === 'paid').length;
  const shown = await rows(page).count();
  await page.getByLabel('Mostra fatture pagate').check();
  await expect(rows(page)).toHaveCount(shown + paidCount);
  await page.getByRole('button', { name: /Numero/ }).click();
  await expect(page.getByRole('columnheader', { name: /Numero/ })).toHaveAttribute('aria-sort', 'ascending');

  // Drafts grouped by buyer; trash without what was deleted for good.
  await page.getByRole('link', { name: 'Bozze' }).click();
  await expect(page.getByTestId('draft-group').first()).toBeVisible();
  await expect(page.getByTestId('draft-group').first()).toContainText(/\d+ bozz[ae]/);
  await page.getByRole('link', { name: 'Cestinate' }).click();
  const sales = await queryWhere('Sale', 'userId', OWNER);
  const trash = sales.filter((d) => d.fields.deleted?.booleanValue === true && d.fields.permanentlyDeleted?.booleanValue !== true);
  await expect(rows(page)).toHaveCount(trash.length);
  await expect(page.getByTestId('invoices-table').locator('thead th')).toHaveCount(8);
});
