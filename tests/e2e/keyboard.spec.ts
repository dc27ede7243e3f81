/**
 * Keyboard-only walkthrough: no mouse anywhere. Every control is reached with Tab (or Shift+Tab)
 * from where the focus is, and used with Enter, Space, arrows and typing, as a keyboard or switch user does.
 * `tabTo` fails if the control cannot be reached within a screen's worth of Tab presses: that is the defect this
 * spec looks for. The first two tests sign in by keyboard (that is where they start); the others start signed in
 * on their own screen (openSignedIn), since the sign-in form is not what they walk through.
 */
import { expect, test, type Locator, type Page } from './fixture';
import { copyDocument } from './faults';
import { getDocument, queryWhere, str } from './firestore-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, dismissCookieBanner, openSignedIn } from './helpers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

// A browser of its own (a worker option of this file only, so Playwright starts a new worker): tried first against
// the file chooser that never opened in full runs (27-28/11); the cause was a race in the test itself (see the CSV
// import test below), and docs/test.md tells the story.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--lang=it-IT'] } });

/** Presses Tab until `target` has the focus; fails after `max` presses (the control is out of the tab order). */
async function tabTo(page: Page, target: Locator, what: string, { max = 80, back = false } = {}): Promise<void> {
  await expect(target, `${what}: non presente`).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2000 }).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `${what}: non raggiungibile con Tab in ${String(max)} pressioni`).toBeFocused({ timeout: 1 });
}

/** Types into a field reached with Tab. */
async function typeInto(page: Page, field: Locator, what: string, text: string): Promise<void> {
  await tabTo(page, field, what);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const KEYBOARD_DRAFT = 'draft-tastiera';

async function keyboardLogin(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await dismissCookieBanner(page);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Opens a screen from the sidebar, by keyboard: the skip link's neighbours are the menu's links. */
async function menuTo(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation').getByRole('link', { name, exact: true });
  await tabTo(page, link, `voce di menu '${name}'`, { max: 60 });
  await page.keyboard.press('Enter');
}

test('sign-in, then choosing an employee with the PIN dialog', async ({ page }) => {
  await keyboardLogin(page, DEMO_ACCOUNTS.roles.email);
  await expect(page).toHaveURL(/\/select-employee$/);
  await tabTo(page, page.getByRole('button', { name: /Giulia Rossi/ }), 'dipendente Giulia Rossi');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Inserisci il PIN' });
  await expect(dialog.getByLabel('PIN')).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('active-employee')).toContainText('Giulia Rossi');
});

test('an accountant chooses a shop in the carousel with arrows and Enter', async ({ page }) => {
  await keyboardLogin(page, DEMO_ACCOUNTS.accountant.email);
  await expect(page).toHaveURL(/\/select-shop-carousel$/);
  const region = page.getByRole('region', { name: /negozi/i });
  await tabTo(page, region.getByRole('button', { name: 'Negozio successivo' }), 'Negozio successivo');
  await page.keyboard.press('Enter');
  await expect(region.getByText('Alimentari Conti').first()).toBeVisible();
  await tabTo(page, region.getByRole('button', { name: 'Seleziona questo negozio' }), 'Seleziona questo negozio');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/zreport$/);
  await expect(page.getByTestId('active-shop-name')).toHaveText('Alimentari Conti');
});

test('the owner pages a table, uses a dialog (focus kept inside, returned on close), opens an invoice draft and sends it', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'owner', '/sales');

  // a table pager
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Vendite' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Pagina successiva' }).first();
  // The keyboard user goes through the filters first: reaching them reads the whole window, and the pager appears.
  await expect(page.getByTestId('sales-table')).toBeVisible({ timeout: 30_000 });
  await tabTo(page, page.getByRole('searchbox'), 'Cerca');
  const showing = page.getByText(/^Mostrando 1 - \d+ di \d+/).first();
  await expect(showing).toBeVisible();
  await tabTo(page, next, 'Pagina successiva');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Mostrando \d+ - \d+ di \d+/).first()).not.toHaveText(/^Mostrando 1 - /);
  await expect(next).toBeFocused();

  // a dialog: the focus stays inside while tabbing around, Escape closes it, the focus is back on its opener
  await menuTo(page, 'Clienti');
  await expect(page.getByRole('heading', { level: 1, name: /Clienti/ })).toBeVisible();
  const opener = page.getByRole('button', { name: 'Nuovo cliente', exact: true });
  await tabTo(page, opener, 'Nuovo cliente');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
  await expect(dialog).toBeVisible();
  // The page behind a modal <dialog> is inert: Tab cycles through the dialog and, past its last control, may
  // visit the browser's own toolbar (focus on no element of the page) before coming back. It never reaches a
  // control of the page behind.
  let wrapped = 0;
  let last = 'dialog';
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((d) => (d.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body || document.activeElement === null ? 'browser' : (document.activeElement.outerHTML.slice(0, 120))));
    expect(['dialog', 'browser'], `Tab ${String(i + 1)}: il focus è su un elemento fuori dalla finestra`).toContain(where);
    if (where === 'dialog' && last === 'browser') wrapped += 1;
    last = where;
  }
  expect(wrapped, 'Tab non torna nella finestra dopo averne fatto il giro').toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // sending a draft: this walkthrough's own (a copy of a seeded one, its number left to the counters), since the
  // seeded drafts belong to the specs that send them (invoices, provider-callbacks)
  await copyDocument('Sale/draft-negozio-43', `Sale/${KEYBOARD_DRAFT}`, { drop: ['invoiceNumber', 'invoicePayload', 'sendingSince'], strings: { invoiceUUID: '' } });
  await menuTo(page, 'Fatture');
  await expect(page.getByRole('heading', { name: 'Gestione Fatture' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: /^Bozze/ }), 'scheda Bozze');
  await page.keyboard.press('Enter');
  const row = page.locator(`[data-testid="invoice-row"][data-id="${KEYBOARD_DRAFT}"]`);
  await expect(row).toBeVisible();
  const open = row.getByRole('button', { name: /^Modifica Bozza/ });
  await tabTo(page, open, 'Modifica Bozza');
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog').first();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
  await tabTo(page, row.getByRole('button', { name: /^Invia( |$)/ }), 'Invia la bozza', { back: true });
  await page.keyboard.press('Enter');
  // The confirmation opens on 'Annulla'; Tab reaches 'Invia allo SdI'.
  const confirmSend = page.getByRole('alertdialog', { name: 'Invia allo SdI' });
  await tabTo(page, confirmSend.getByRole('button', { name: 'Invia allo SdI' }), 'Invia allo SdI');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Fattura inviata: ', { timeout: 60_000 });
  await expect(row).toHaveCount(0);
  const sent = await getDocument(`Sale/${KEYBOARD_DRAFT}`);
  expect(str(sent?.invoiceUUID) ?? '', 'la bozza inviata ha il suo uuid della fattura').not.toBe('');
});

test('a CSV import of customers, from the file picker to the report', async ({ page }) => {
  await openSignedIn(page, 'owner', '/customers');
  await expect(page.getByRole('heading', { level: 1, name: /Clienti/ })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Importa CSV' }), 'Importa CSV');
  await page.keyboard.press('Enter');
  const panel = page.locator('.import-panel');
  const picker = panel.getByLabel('File CSV (uno o più)');
  // Listening before the walk to the field: Playwright turns the browser's file-chooser interception on without
  // waiting when a listener is added, so a Space pressed right after could open a chooser nobody intercepted
  // (headless cancels it, no event: the 2-minute stalls of loaded full runs, retry included). tabTo's round trips to
  // the page come after the interception's command on the same session.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, picker, 'scelta del file CSV');
  await page.keyboard.press('Space');
  const csv = 'Ragione Sociale;Partita IVA\r\nTastiera Srl;01234567897\r\n';
  await (await chooser).setFiles({ name: 'clienti-tastiera.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(panel.getByTestId('import-preview')).toBeVisible();
  await tabTo(page, panel.getByRole('button', { name: 'Importa', exact: true }), 'Importa');
  await page.keyboard.press('Enter');
  await expect(panel).toContainText('Clienti importati: 1', { timeout: 30_000 });
  const stored = await queryWhere('Customer', 'userId', DEMO_ACCOUNTS.owner.uid);
  expect(stored.filter((d) => str(d.fields.ragioneSociale) === 'Tastiera Srl')).toHaveLength(1);
});

test("the technician's registration wizard, step by step, with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `tastiera.${String(Date.now())}@example.test`;
  await openSignedIn(page, 'tech', '/tech-dashboard');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await tabTo(page, page.getByRole('button', { name: 'Nuovo', exact: true }), 'Nuovo');
  await page.keyboard.press('Enter');
  const step = (n: number) => page.getByRole('heading', { name: new RegExp(`^Passo ${String(n)} di 5`) });
  const next = page.getByRole('button', { name: 'Avanti' });
  await expect(step(1)).toBeVisible();

  await typeInto(page, page.getByLabel('Email'), 'Email', email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), 'Password', 'Tastiera!2026');
  await typeInto(page, page.getByLabel('Conferma password'), 'Conferma password', 'Tastiera!2026');
  await tabTo(page, next, 'Avanti');
  await page.keyboard.press('Enter');

  await expect(step(2)).toBeVisible();
  const premium = page.getByRole('radio', { name: /^Premium/ });
  await tabTo(page, page.getByRole('radio').first(), 'primo piano');
  for (let i = 0; i < 10 && !(await premium.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(premium).toBeChecked();
  await tabTo(page, next, 'Avanti');
  await page.keyboard.press('Enter');

  await expect(step(3)).toBeVisible();
  for (const [label, value] of [['Nome negozio', 'Cartoleria Tastiera'], ['Indirizzo', 'Via Roma 1'], ['Città', 'Torino'], ['Provincia', 'TO'], ['CAP', '10121'], ['Telefono', '011 555 0000']] as const) {
    await typeInto(page, page.getByLabel(label, { exact: true }), label, value);
  }
  await tabTo(page, next, 'Avanti');
  await page.keyboard.press('Enter');

  await expect(step(4)).toBeVisible();
  await expect(page.getByLabel('PIN tecnico')).toHaveValue('0000');
  await tabTo(page, next, 'Avanti');
  await page.keyboard.press('Enter');

  await expect(step(5)).toBeVisible();
  await typeInto(page, page.getByLabel('Nome', { exact: true }), 'Nome', 'Tina');
  await typeInto(page, page.getByLabel('Cognome', { exact: true }), 'Cognome', 'Tasti');
  await typeInto(page, page.getByLabel('PIN', { exact: true }), 'PIN', '1357');
  await tabTo(page, page.getByRole('button', { name: 'Registra negozio' }), 'Registra negozio');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Registrazione completata con successo!' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/tech-dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('listitem', { name: 'Cartoleria Tastiera' })).toBeVisible();
});
