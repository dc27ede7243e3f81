import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, login } from './helpers';

const FIRST = DEMO_ACCOUNTS.owner.shopName; // the accountant profile links Bottega Verdi first
const SECOND = DEMO_ACCOUNTS.roles.shopName; // then Alimentari Conti

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Negozi disponibili' });
}

async function expectSlide(page: Page, n: number, m: number, name: string) {
  const region = carousel(page);
  await expect(region.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(region.getByRole('group', { name: `${n} di ${m}: ${name}` })).toBeVisible();
  await expect(page.getByTestId('carousel-announcement')).toHaveText(`Negozio ${n} di ${m}: ${name}`);
  for (let i = 1; i <= m; i++) {
    const dot = region.getByRole('button', { name: `Negozio ${i} di ${m}`, exact: true });
    if (i === n) await expect(dot).toHaveAttribute('aria-current', 'true');
    else await expect(dot).not.toHaveAttribute('aria-current');
  }
}

test('an accountant with two shops browses the carousel and selects a shop', async ({ page }) => {
  await login(page, 'accountant');
  await expect(page).toHaveURL(/\/select-shop-carousel$/);

  const region = carousel(page);
  await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
  await expectSlide(page, 1, 2, FIRST);
  await expect(region.getByRole('button', { name: /Negozio \d di \d/ })).toHaveCount(2);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // next / previous buttons
  await region.getByRole('button', { name: 'Negozio successivo' }).click();
  await expectSlide(page, 2, 2, SECOND);
  // the card carries address, city, province, zip, phone and VAT number of Alimentari Conti (seed)
  const details = region.locator('dl');
  for (const [label, value] of [
    ['Indirizzo', 'Borgo San Frediano 31'],
    ['Città', 'Firenze'],
    ['Provincia', 'FI'],
    ['CAP', '50124'],
    ['Telefono', '055 219 8870'],
  ]) {
    await expect(details.locator('div', { has: page.locator('dt', { hasText: label }) }).locator('dd')).toHaveText(value ?? '');
  }
  await expect(details.locator('div', { has: page.locator('dt', { hasText: 'Partita IVA' }) }).locator('dd')).toHaveText(/^\d{11}$/);
  // no image stored: the initials placeholder stands in
  await expect(region.locator('.shop-image--placeholder')).toHaveText('AC');

  await region.getByRole('button', { name: 'Negozio precedente' }).click();
  await expectSlide(page, 1, 2, FIRST);
  // previous wraps around to the last shop
  await region.getByRole('button', { name: 'Negozio precedente' }).click();
  await expectSlide(page, 2, 2, SECOND);

  // indicators
  await region.getByRole('button', { name: 'Negozio 1 di 2', exact: true }).click();
  await expectSlide(page, 1, 2, FIRST);

  // keyboard: arrows inside the region
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expectSlide(page, 2, 2, SECOND);
  await page.keyboard.press('ArrowLeft');
  await expectSlide(page, 1, 2, FIRST);
  await page.keyboard.press('ArrowRight');
  await expectSlide(page, 2, 2, SECOND);

  await region.getByRole('button', { name: 'Seleziona questo negozio' }).click();
  await expect(page).toHaveURL(/\/zreport$/);
  await expect(page.getByTestId('active-shop-name')).toHaveText(SECOND);
});

test('the list view offers both shops and selecting one opens its z-report', async ({ page }) => {
  await login(page, 'accountant');
  await expect(page).toHaveURL(/\/select-shop-carousel$/);
  await page.getByRole('link', { name: 'Vista elenco' }).click();
  await expect(page).toHaveURL(/\/select-shop$/);
  const list = page.getByRole('list', { name: 'Negozi disponibili' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([FIRST, SECOND]);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await list.getByRole('button', { name: `Seleziona ${FIRST}` }).click();
  await expect(page).toHaveURL(/\/zreport$/);
  await expect(page.getByTestId('active-shop-name')).toHaveText(FIRST);
});

test('an accountant with one shop lands directly on /zreport with that shop active', async ({ page }) => {
  await login(page, 'accountantOne');
  await expect(page).toHaveURL(/\/zreport$/);
  await expect(page.getByTestId('active-shop-name')).toHaveText(DEMO_ACCOUNTS.branch1.shopName);
});
