/**
 * 'Pacchetto del mese' by keyboard only, no mouse: the period chosen with Tab, arrows and typed digits,
 * the package prepared with Space and downloaded with Enter. The focus stays visible at every stop and never falls
 * back to <body> — also not for a moment, when the button or progress region that held it disappears.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test, type Locator, type Page } from './fixture';
import { monthPackageMonth } from '../../scripts/seed/month-package.ts';
import { DEMO_ACCOUNTS, openSignedIn } from './helpers';
import { getDocument, str } from './firestore-data';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

// The launch options of keyboard.spec.ts, so this file too has a browser of its own (see there and docs/test.md) and
// the native month field speaks the app's language: its words ('ottobre 2026') follow the browser's UI language,
// not the page's locale, where the Italian locale pack is installed (Debian's chromium-l10n; without it the field
// reads 'October 2026'). The keys used here — digits, Tab from month to year — work the same in both.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--lang=it-IT'] } });

const pad = (n: number) => String(n).padStart(2, '0');
const NOW = new Date();
const { year, month } = monthPackageMonth(NOW);
const MONTH = `${year}-${pad(month)}`;

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses (out of the tab order). */
async function tabTo(page: Page, target: Locator, what: string, { max = 80, back = false } = {}): Promise<void> {
  await expect(target, `${what}: non presente`).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2000 }).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `${what}: non raggiungibile con Tab in ${String(max)} pressioni`).toBeFocused({ timeout: 1 });
}

/** The focused element shows it: :focus-visible and an outline drawn. */
async function expectFocusVisible(target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeFocused();
  const shown = await target.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none' && parseFloat(getComputedStyle(el).outlineWidth) > 0);
  expect(shown, `${what}: fuoco non visibile`).toBe(true);
}

type FocusWatch = { __focusOnBody?: string[] };

/**
 * From now on, records every frame the page draws with the focus on <body> (or nowhere): what a keyboard or screen
 * reader user would meet. Checked at each frame, not at each DOM change: within a native move (Tab's blur, then
 * focus) the focus is on <body> for a moment no frame shows. Each record says which keys came just before, which
 * control had the focus last, and how the screen ends.
 */
async function watchFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as FocusWatch;
    w.__focusOnBody = [];
    const keys: string[] = [];
    let last = '';
    document.addEventListener('keydown', (e) => keys.push(e.key), true);
    document.addEventListener('focusin', (e) => (last = (e.target as Element).outerHTML.slice(0, 80)), true);
    const frame = () => {
      const el = document.activeElement;
      if (!el || el === document.body) {
        const screen = (document.querySelector('main')?.innerText ?? '').replace(/\s+/g, ' ').slice(-120);
        w.__focusOnBody?.push(`dopo i tasti ${keys.slice(-4).join(' ')}; l'ultimo fuoco era su ${last}; schermata: …${screen}`);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

test('keyboard only: choose the month, prepare with Space, download with Enter; the focus is visible and never lost', async ({ page }) => {
  await openSignedIn(page, 'owner', '/month-package');
  await expect(page.getByRole('heading', { name: 'Pacchetto del mese', level: 1 })).toBeVisible();
  await expect(page.getByTestId('package-folders')).toBeVisible({ timeout: 60_000 });

  const kind = page.getByRole('combobox', { name: 'Periodo', exact: true });
  await tabTo(page, kind, 'Periodo');
  await watchFocus(page);
  await expectFocusVisible(kind, 'Periodo');
  // Arrows on the closed select: a quarter, then back to months.
  await page.keyboard.press('ArrowDown');
  await expect(kind).toHaveValue('quarter');
  await expect(page.getByRole('combobox', { name: 'Trimestre' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(kind).toHaveValue('month');
  // Back from the quarter of the previous month: its last month, or this month if that is still to come — never a
  // month after the field's maximum.
  const previous = new Date(NOW.getFullYear(), NOW.getMonth() - 1, 1);
  const quarterEnd = new Date(previous.getFullYear(), Math.ceil((previous.getMonth() + 1) / 3) * 3 - 1, 1);
  const end = quarterEnd > NOW ? new Date(NOW.getFullYear(), NOW.getMonth(), 1) : quarterEnd;
  const monthField = page.getByLabel('Mese', { exact: true });
  await expect(monthField).toHaveValue(`${end.getFullYear()}-${pad(end.getMonth() + 1)}`);

  // The month field: Tab to it (its month part), the month's digits, Tab to its year part, the year's digits.
  await tabTo(page, monthField, 'Mese');
  await expectFocusVisible(monthField, 'Mese');
  await page.keyboard.type(pad(month));
  await page.keyboard.press('Tab');
  await expect(monthField).toBeFocused();
  await page.keyboard.type(String(year));
  await expect(monthField).toHaveValue(MONTH);
  const label = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric' }).format(new Date(year, month - 1, 1));
  await expect(page.getByRole('heading', { name: `Contenuto del pacchetto di ${label}`, level: 2 })).toBeVisible();
  const folders = page.getByTestId('package-folders');
  await expect(folders).toBeVisible({ timeout: 60_000 });
  const preview: Record<string, number> = {};
  for (const row of await folders.locator('tbody tr').all()) preview[(await row.getAttribute('data-folder')) ?? ''] = Number(await row.locator('td').innerText());
  expect(preview['fatture-emesse']).toBeGreaterThan(0);

  // Space on 'Prepara il pacchetto': the focus goes to the progress, then to the result's heading.
  const prepare = page.getByRole('button', { name: 'Prepara il pacchetto' });
  await tabTo(page, prepare, 'Prepara il pacchetto');
  await expectFocusVisible(prepare, 'Prepara il pacchetto');
  await page.keyboard.press('Space');
  const ready = page.getByRole('heading', { name: 'Pacchetto pronto' });
  await expect(ready).toBeVisible({ timeout: 90_000 });
  await expectFocusVisible(ready, 'Pacchetto pronto');

  // One Tab reaches 'Scarica ZIP'; Enter saves the file.
  await page.keyboard.press('Tab');
  const link = page.getByRole('link', { name: 'Scarica ZIP' });
  await expectFocusVisible(link, 'Scarica ZIP');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const shop = await getDocument(`Shop/${DEMO_ACCOUNTS.owner.uid}`);
  const vat = str(shop?.settings?.mapValue?.fields?.pIva) || str(shop?.pIva);
  expect(download.suggestedFilename()).toBe(`${vat ?? '?'}_${MONTH}_commercialista.zip`);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const xmls = Object.keys(files).filter((n) => /^fatture-emesse\/[^/]+\.xml$/.test(n));
  expect(xmls.length * 2).toBe(preview['fatture-emesse']);
  expect(Object.keys(files)).toContain('indice.csv');
  await expect(link).toBeFocused();

  expect(await page.evaluate(() => (window as FocusWatch).__focusOnBody)).toEqual([]);
});
