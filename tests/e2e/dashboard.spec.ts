import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS, login, openSignedIn, passLogFlushInterval, shot } from './helpers';
import { euroText, getDocument, num, queryWhere, romeDay, romeDaysAgo, subscriptionDaysLeft, type FsDoc } from './firestore-data';
import { SUBSCRIPTION_IDS } from '../../scripts/seed/catalog.ts';

const OWNER = DEMO_ACCOUNTS.owner.uid;

type Family = 'contanti' | 'bancomat' | 'fatture';
const FAMILY: Record<string, Family> = { contanti: 'contanti', bancomat: 'bancomat', fatture: 'fatture', fattura: 'fatture' };

interface Expected {
  total: number;
  byFamily: Record<Family, number>;
  invoices: number;
  zreports: number;
}

let sales: FsDoc[] = [];
let invoices: FsDoc[] = [];
let zreports: FsDoc[] = [];

test.beforeAll(async () => {
  [sales, invoices, zreports] = await Promise.all([queryWhere('Sale', 'userId', OWNER), queryWhere('Invoice', 'userId', OWNER), queryWhere('ZReport', 'userId', OWNER)]);
});

/** The figures computed straight from the emulator's documents, in cents, for days from..to (Rome). */
function expected(from: string, to: string): Expected {
  const inRange = (day: string | undefined) => day !== undefined && day >= from && day <= to;
  const cents: Record<Family, number> = { contanti: 0, bancomat: 0, fatture: 0 };
  for (const sale of sales) {
    const f = sale.fields;
    if (!inRange(romeDay(f.date)) || f.isVoid?.booleanValue === true) continue;
    // Back-office invoice documents (drafts, trash, issued, receipt invoices) and deleted ones are not takings (payment-family.ts).
    if (f.invoiceUUID !== undefined || f.sourceSaleId !== undefined || f.deleted?.booleanValue === true) continue;
    const family = FAMILY[(f.method?.stringValue ?? '').trim().toLowerCase()];
    if (!family) continue;
    cents[family] += Math.round((num(f.price) ?? 0) * 100);
  }
  return {
    total: (cents.contanti + cents.bancomat + cents.fatture) / 100,
    byFamily: { contanti: cents.contanti / 100, bancomat: cents.bancomat / 100, fatture: cents.fatture / 100 },
    invoices: invoices.filter((d) => inRange(romeDay(d.fields.createdAt))).length,
    zreports: zreports.filter((d) => inRange(romeDay(d.fields.createdAt))).length,
  };
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ');

async function expectFigures(page: Page, figures: Expected) {
  await expect.poll(() => text(page, 'sales-total')).toBe(euroText(figures.total));
  // The counts come from queries of their own: they may paint after the sales total.
  await expect.poll(() => text(page, 'invoice-count')).toBe(String(figures.invoices));
  await expect.poll(() => text(page, 'zreport-count')).toBe(String(figures.zreports));
  for (const family of ['contanti', 'bancomat', 'fatture'] as const) {
    await expect.poll(() => text(page, `chart-${family}`)).toBe(euroText(figures.byFamily[family]));
  }
  // The bars drawn (by the chart's worker) are the period's figures, not the previous period's.
  const drawn = (['contanti', 'bancomat', 'fatture'] as const).map((family) => String(figures.byFamily[family])).join('|');
  await page.locator('figure.chart').scrollIntoViewIfNeeded();
  await expect(page.locator('figure.chart canvas')).toHaveAttribute('data-drawn', drawn);
}

async function chooseRange(page: Page, from: string, to: string) {
  const panel = page.getByRole('group', { name: 'Periodo' });
  if ((await page.getByRole('button', { name: 'Personalizza' }).getAttribute('aria-expanded')) !== 'true') {
    await page.getByRole('button', { name: 'Personalizza' }).click();
  }
  const range = panel.getByRole('checkbox', { name: 'Intervallo di date' });
  if (from === to) {
    await range.uncheck();
    await panel.getByLabel('Data', { exact: true }).fill(from);
  } else {
    await range.check();
    await panel.getByLabel('Data inizio').fill(from);
    await panel.getByLabel('Data fine').fill(to);
  }
}

test('totals, cards and chart match the seeded data for today, a past day and a range; the newest choice wins', async ({ page }) => {
  await openSignedIn(page, 'owner', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const today = romeDaysAgo(0);
  await expectFigures(page, expected(today, today));
  await expect(page.getByRole('img', { name: /Grafico a barre: Contanti/ })).toBeVisible();

  const pastDay = romeDaysAgo(3);
  await chooseRange(page, pastDay, pastDay);
  await page.getByRole('button', { name: 'Applica Filtro' }).click();
  await expect(page.getByTestId('period-text')).toContainText('Giorno');
  await expectFigures(page, expected(pastDay, pastDay));

  const from = romeDaysAgo(20);
  const to = romeDaysAgo(2);
  await chooseRange(page, from, to);
  await page.getByRole('button', { name: 'Applica Filtro' }).click();
  await expectFigures(page, expected(from, to));
  expect(expected(from, to).total).toBeGreaterThan(0);

  // Two quick changes: a long range, then at once 'Oggi'. The answer of the first must not overwrite the second.
  await chooseRange(page, romeDaysAgo(80), romeDaysAgo(1));
  await page.getByRole('button', { name: 'Applica Filtro' }).click();
  await page.getByRole('button', { name: 'Oggi' }).click();
  await expect(page.getByTestId('period-text')).toHaveText('Periodo: Oggi');
  await expectFigures(page, expected(today, today));
  // The long range's answer arrives later, is dropped, and today's figures stay.
  await expect(page.locator('[data-ignored-answers]')).not.toHaveAttribute('data-ignored-answers', '0', { timeout: 30_000 });
  await expectFigures(page, expected(today, today));
});

test('an end date before the start date shows the spec message and Apply is disabled', async ({ page }) => {
  await openSignedIn(page, 'owner', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await chooseRange(page, romeDaysAgo(1), romeDaysAgo(5));
  await expect(page.getByRole('button', { name: 'Applica Filtro' })).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: 'La data di fine deve essere successiva a quella di inizio' })).toBeVisible();
});

test('a chart that cannot be loaded says so; the totals still show', async ({ page }) => {
  // The chart's worker script unreachable (offline, or replaced by a deploy while the page was open).
  await page.route(/method-chart\.worker-[^/]*\.js$/, (route) => route.abort());
  await openSignedIn(page, 'owner', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.locator('figure.chart').scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert').filter({ hasText: 'Grafico non disponibile: ricarica la pagina per riprovare.' })).toBeVisible();
  await expect(page.getByTestId('sales-total')).toHaveText(/€/);
  await expect(page.locator('figure.chart canvas')).toHaveAttribute('data-state', 'failed');
});

/** The owner's log entries with this action, straight from Firestore. */
async function logCount(action: string): Promise<number> {
  return (await queryWhere('UserLog', 'userId', OWNER)).filter((d) => d.fields.action?.stringValue === action).length;
}

test('actions appear in the Log Attività panel; offline actions survive a reload and are written once', async ({ page, context }) => {
  // The page's clock runs at its natural pace; the log's 5 s to a flush are moved on, not waited out.
  await page.clock.install();
  await login(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Log Attività' }).click();
  // The login itself is logged (flushed within 5 s) and appears live in the open panel.
  await passLogFlushInterval(page);
  // Sign-ins and cookie choices are hidden unless asked for (they would bury the shop's own actions), and counted.
  await expect(page.getByTestId('log-routine-hidden')).toContainText(/nascost/, { timeout: 15_000 });
  await page.getByLabel('Mostra accessi e consensi cookie').check();
  await expect(page.getByTestId('log-routine-hidden')).toHaveCount(0);
  const table = page.getByTestId('log-table');
  await expect(table.getByRole('cell', { name: 'Accesso', exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Dettaglio: Accesso' }).first().click();
  const detail = page.getByRole('dialog', { name: 'Dettaglio attività' });
  await expect(detail).toContainText('Sessione');
  await expect(detail.getByRole('button', { name: 'Chiudi' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.getByLabel('Modulo').selectOption('privacy');
  await page.getByLabel('Data', { exact: true }).last().fill('2020-01-01');
  await expect(page.getByText('Nessun log trovato per i filtri selezionati')).toBeVisible();
  await page.getByRole('button', { name: 'Pulisci Filtri' }).click();

  // Offline: act, reload once the network is back: the entry is written exactly once.
  const before = await logCount('cookie_consent_accept');
  await page.goto('/cookie-policy');
  await expect(page.getByRole('button', { name: 'Preferenze cookie' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Preferenze cookie' }).click();
  await page.getByRole('region', { name: 'Consenso ai cookie' }).getByRole('button', { name: 'Accetta tutti' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('activityLog.pending') ?? '')).toContain('cookie_consent_accept');
  expect(await logCount('cookie_consent_accept')).toBe(before);
  await context.setOffline(false);
  await page.reload();
  await expect.poll(() => logCount('cookie_consent_accept'), { timeout: 20_000 }).toBe(before + 1);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('activityLog.pending') ?? '[]')).not.toContain('cookie_consent_accept');
  // A later flush or a second retry must not add a copy: once the entry has left the pending store (it is removed
  // only after a confirmed save) nothing can send it again, and the queue writes it under its stable id.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('activityLog.pending') ?? '[]'), { timeout: 30_000 }).toBe('[]');
  expect(await logCount('cookie_consent_accept')).toBe(before + 1);
});

test('the bell: announcements first, the licence warning, read state kept across reloads, expired announcement flagged', async ({ page }) => {
  await openSignedIn(page, 'fewPacks', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const bell = page.getByRole('button', { name: /^Notifiche:/ });
  await expect(bell).toHaveAccessibleName(/Notifiche: \d+ non lette/);
  await bell.click();
  const items = page.getByTestId('notification');
  await expect(items.first()).toContainText('Dal prossimo mese le fatture verso la Pubblica Amministrazione');
  await expect(items.nth(1)).toContainText("Nuovo servizio: l'assistenza è raggiungibile");
  const daysLeft = await subscriptionDaysLeft(SUBSCRIPTION_IDS.fewPacks);
  await expect(page.getByRole('region', { name: 'Notifiche' })).toContainText(`Il tuo abbonamento scade tra ${String(daysLeft)} giorni`);
  await expect(page.getByRole('region', { name: 'Notifiche' })).not.toContainText('versione 3.5');
  await expect.poll(async () => (await getDocument('Announcement/announcement-past-unflagged'))?.expired?.booleanValue).toBe(true);

  await page.getByRole('button', { name: 'Segna tutte come lette' }).click();
  await expect(bell).toHaveAccessibleName('Notifiche: nessuna non letta');
  await page.reload();
  await expect(page.getByTestId('welcome')).toContainText('Ferramenta Colombo');
  await expect(page.getByRole('button', { name: /^Notifiche:/ })).toHaveAccessibleName('Notifiche: nessuna non letta');
  await page.getByRole('button', { name: /^Notifiche:/ }).click();
  await shot(page, 'bell.png');
});

test('screenshot of the dashboard', async ({ page }) => {
  await openSignedIn(page, 'owner', '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('img', { name: /Grafico a barre/ })).toBeVisible();
  await expect(page.getByTestId('sales-total')).toHaveText(/€/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Log Attività' }).click();
  await page.getByLabel('Mostra accessi e consensi cookie').check();
  await expect(page.getByTestId('log-table')).toBeVisible({ timeout: 15_000 });
  await shot(page, 'dashboard.png', { fullPage: true });
});
