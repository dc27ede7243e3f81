import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, login, passLogFlushInterval, readCollection } from './helpers';

const SHOP_ID = DEMO_ACCOUNTS.roles.uid;

async function openSelection(page: Page) {
  // The page's clock runs at its natural pace; before reading the log a test moves it past the log's flush interval.
  await page.clock.install();
  await login(page, 'roles');
  await expect(page).toHaveURL(/\/select-employee$/);
  await expect(page.getByRole('heading', { name: 'Seleziona dipendente' })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

type Value = { stringValue?: string; timestampValue?: string; mapValue?: { fields?: Record<string, Value> } };

/** employee_login entries of the shop, newest first, read through the emulator's owner access. */
async function employeeLogins() {
  const docs = await readCollection('UserLog');
  return docs
    .map((d) => d.fields as Record<string, Value>)
    .filter((f) => f.userId?.stringValue === SHOP_ID && f.action?.stringValue === 'employee_login')
    .sort((a, b) => (b.timestamp?.timestampValue ?? '').localeCompare(a.timestamp?.timestampValue ?? ''));
}

test('employees are shown with initials, name and role, the technician record last', async ({ page }) => {
  await openSelection(page);
  const cards = page.getByTestId('employee-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.locator('.employee-card__name')).toHaveText(['Giulia Rossi', 'Marco Bianchi', 'Giorgio Fontana']);
  await expect(cards.locator('.employee-card__role')).toHaveText(['Cassiere', 'Magazziniere', 'Tecnico']);
  await expect(cards.locator('.employee-card__avatar')).toHaveText(['GR', 'MB', 'GF']);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Giulia Rossi/ }).click();
  await expect(page.getByRole('dialog', { name: 'Inserisci il PIN' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a wrong then right PIN activates Giulia Rossi, shown in the top bar and logged as employee_login', async ({ page }) => {
  const before = (await employeeLogins()).length;
  await openSelection(page);
  await page.getByRole('button', { name: /Giulia Rossi/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Inserisci il PIN' });
  await expect(dialog).toBeVisible();
  const pin = dialog.getByLabel('PIN');
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await expect(pin).toHaveAttribute('maxlength', '6');
  // only digits, at most 6
  await pin.pressSequentially('1a2b');
  await expect(pin).toHaveValue('12');
  await pin.pressSequentially('345678');
  await expect(pin).toHaveValue('123456');

  await pin.fill('9999');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('PIN errato. Riprova.');
  await expect(pin).toHaveValue('');
  await expect(page).toHaveURL(/\/select-employee$/);

  await pin.fill('1234');
  await pin.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('active-employee')).toContainText('Giulia Rossi');
  await expect(page.getByTestId('active-employee')).toContainText('Cassiere');

  // the activation is written to UserLog, stamped with the employee
  // The activity log is written in batches: allow a loaded machine its flush.
  await passLogFlushInterval(page);
  await expect.poll(async () => (await employeeLogins()).length, { timeout: 30_000 }).toBe(before + 1);
  const [latest] = await employeeLogins();
  const employee = latest?.employee?.mapValue?.fields;
  expect(employee?.employeeName?.stringValue).toBe('Giulia Rossi');
  expect(employee?.employeeId?.stringValue).toBe('emp-ruoli-giulia');
  expect(employee?.employeeRole?.stringValue).toBe('Cassiere');
  expect(latest?.module?.stringValue).toBe('auth');
  expect(latest?.details?.mapValue?.fields?.employeeName?.stringValue).toBe('Giulia Rossi');
  // the PIN is never logged
  expect(JSON.stringify(latest)).not.toContain('1234');

  // the active employee survives a reload (sessionStorage holds ids and names only)
  await page.reload();
  await expect(page.getByTestId('active-employee')).toContainText('Giulia Rossi');
});

test('closing the PIN dialog activates nobody', async ({ page }) => {
  await openSelection(page);
  await page.getByRole('button', { name: /Giulia Rossi/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Inserisci il PIN' });
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/select-employee$/);
});

test('Marco Bianchi has no PIN and is activated directly', async ({ page }) => {
  await openSelection(page);
  await page.getByRole('button', { name: /Marco Bianchi/ }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('active-employee')).toContainText('Marco Bianchi');
  await expect(page.getByTestId('active-employee')).toContainText('Magazziniere');
});
