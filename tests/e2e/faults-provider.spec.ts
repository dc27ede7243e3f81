import { expect, test, type Page } from './fixture';
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';
import { DEMO_ACCOUNTS, login, waitForScreenLoaded, openSignedIn } from './helpers';
import { copyDocument, stubClear, stubFail, stubGet, stubRequests } from './faults';
import { getDocument, queryWhere, str } from './firestore-data';
import { createFixtureShop, FIXTURE_PASSWORD } from './shop-fixture';

/**
 * The provider stub failing every call the app makes: an HTTP 500, a 200 whose body is not JSON, and no
 * answer before the app's time limit (the stub never answers). Each screen shows its Italian message and writes no
 * partial state. The faults are set in the stub, so they hold whatever the transport (the browser, or the functions'
 * proxy). No answer in time: in direct mode the page's clock is moved past the limit; through the proxy (the build's
 * default) the function's own limit runs on the server's real clock, so the message comes that much later and the
 * assertion waits for it (LATE).
 */
test.afterEach(async () => {
  await stubClear();
});

/** Moves the page's clock past a provider call's time limit once the stub has received the call. */
async function outwait(page: Page, route: string, before: number, limitMs: number): Promise<void> {
  await expect.poll(async () => (await stubRequests(route)).length, { timeout: 60_000 }).toBeGreaterThan(before);
  await page.clock.fastForward(limitMs + 1_000);
}

/** How long a 'no answer in time' message may take through the proxy: the longest limit (35 s) and some slack. */
const LATE = 60_000;

const SDI_TIMEOUT = 30_000;

async function providerInvoices(number: string): Promise<{ uuid: string }[]> {
  return ((await stubGet(`/invoices?type=0&invoiceNumber=${encodeURIComponent(number)}`)) as { data: { uuid: string }[] }).data;
}

for (const mode of ['http500', 'malformed', 'timeout'] as const) {
  test(`invoice send, provider ${mode}: the message, no invoice recorded twice or marked sent without the provider`, async ({ page }) => {
    const id = `draft-guasto-${mode}-${String(Date.now())}`;
    // A draft of its own (the seeded ones belong to other specs): the demo draft 43 without its number.
    await copyDocument('Sale/draft-negozio-43', `Sale/${id}`, { drop: ['invoiceNumber', 'invoicePayload', 'sendingSince'], strings: { invoiceUUID: '' } });
    await page.clock.install();
    await openSignedIn(page, 'owner', '/invoices?tipo=drafts');
    const row = page.locator(`[data-testid="invoice-row"][data-id="${id}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    const posts = (await stubRequests('POST /invoices')).length;
    await stubFail('POST /invoices', mode);
    await row.getByRole('button', { name: /^Invia( |$)/ }).click();
    await page.getByRole('alertdialog', { name: 'Invia allo SdI' }).getByRole('button', { name: 'Invia allo SdI' }).click();
    if (mode === 'timeout') await outwait(page, 'POST /invoices', posts, SDI_TIMEOUT);

    if (mode === 'http500') {
      // Refused: nothing queued, so the draft stays a draft, free to send again at once.
      const panel = row.getByTestId('send-error');
      await expect(panel).toContainText('Invio fallito: Internal Server Error', { timeout: 60_000 });
      await expect.poll(async () => (await getDocument(`Sale/${id}`))?.sendingSince).toBeUndefined();
      expect(str((await getDocument(`Sale/${id}`))?.invoiceUUID)).toBe('');
      await stubClear();
      await panel.getByRole('button', { name: 'Riprova' }).click();
    }
    // Unreadable answer or none in time: the provider had queued it; the app asks it by number and records it as sent
    // (before, 'Invio fallito' and a resend two minutes later queued the same invoice a second time).
    await expect(page.getByTestId('toast')).toContainText('Fattura inviata: ', { timeout: 60_000 });
    await expect(row).toHaveCount(0);
    const sale = await getDocument(`Sale/${id}`);
    const number = str(sale?.invoiceNumber) ?? '';
    const atProvider = await providerInvoices(number);
    expect(atProvider).toHaveLength(1);
    expect(str(sale?.invoiceUUID)).toBe(atProvider[0]?.uuid);
    expect(str((await getDocument(`Invoice/${atProvider[0]?.uuid ?? ''}`))?.status)).toBe('sent');
    const requests = (await stubRequests('POST /invoices')).slice(posts);
    expect(requests.map((r) => r.status)).toEqual(mode === 'http500' ? [500, 200] : [mode === 'timeout' ? null : 200]);
    // The books hold what the provider received: the Invoice's payload is the body of the accepted POST, byte for byte
    // (the server's record of it, SdiSubmission, is what let the browser mark the draft sent).
    expect(str((await getDocument(`Invoice/${atProvider[0]?.uuid ?? ''}`))?.payload)).toBe(requests.at(-1)?.body);
  });
}

test('company lookup, provider 500 / unreadable / no answer in time: the message, the typed fields kept, nothing saved', async ({ page }) => {
  const shop = await createFixtureShop('guasto-ricerca');
  await page.clock.install();
  await login(page, shop.email, FIXTURE_PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/customers');
  await waitForScreenLoaded(page, '/customers');
  await page.getByRole('button', { name: 'Nuovo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
  await dialog.getByLabel('Ragione Sociale').fill('Scritto a Mano S.n.c.');
  await dialog.getByLabel('P.IVA').fill('04821730159');
  const status = dialog.getByTestId('lookup-status');
  const cases: [string, string][] = [
    ['http500', 'API non disponibile o P.IVA non trovata'],
    ['malformed', 'Errore nella ricerca: il servizio ha dato una risposta non leggibile'],
    ['timeout', 'Errore nella ricerca: il servizio non ha risposto in tempo'],
  ];
  for (const [mode, message] of cases) {
    const before = (await stubRequests('GET /IT-aml/{vat}')).length;
    await stubFail('GET /IT-aml/{vat}', mode);
    await dialog.getByRole('button', { name: 'Cerca dati azienda' }).click();
    if (mode === 'timeout') await outwait(page, 'GET /IT-aml/{vat}', before, 35_000);
    await expect(status).toHaveText(message, { timeout: LATE });
    await expect(dialog.getByLabel('Ragione Sociale')).toHaveValue('Scritto a Mano S.n.c.');
    await expect(dialog.getByLabel('P.IVA')).toHaveValue('04821730159');
    await stubClear();
  }
  expect(await queryWhere('Customer', 'userId', shop.uid)).toHaveLength(0);
});

test('pending shops, provider 500 / unreadable / no answer in time: the technician dashboard says so', async ({ page }) => {
  await page.clock.install();
  await login(page, 'tech');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  const cases: [string, string][] = [
    ['http500', 'Errore nel caricamento dei negozi pendenti: HTTP 500'],
    ['malformed', 'Errore nel caricamento dei negozi pendenti: il servizio ha dato una risposta non leggibile'],
    ['timeout', 'Errore nel caricamento dei negozi pendenti: il servizio non ha risposto in tempo'],
  ];
  for (const [mode, message] of cases) {
    const before = (await stubRequests('GET /pendingShops')).length;
    await stubFail('GET /pendingShops', mode);
    await page.goto('/tech-dashboard');
    await page.getByRole('link', { name: /^Da registrare/ }).click();
    if (mode === 'timeout') await outwait(page, 'GET /pendingShops', before, 20_000);
    await expect(page.getByRole('alert')).toHaveText(message);
  }
});

test('OpenAPI set-up from the shop page, every provider call failing in turn: the message, Shop.openApi untouched, one configuration in the end', async ({ page }) => {
  test.setTimeout(240_000);
  const tech = DEMO_ACCOUNTS.tech.uid;
  const first10 = String(3_000_000_000 + (Date.now() % 1_000_000_000)).padStart(10, '0');
  const vat = `${first10}${String(partitaIvaCheckDigit(first10))}`;
  const shop = await createFixtureShop('guasto-openapi', {
    technicians: [tech], assignedTech: tech, emailUser: `openapi.${vat}@prova.it`, pIva: vat,
    settings: { pIva: vat, invoiceNumber: '0', creditNoteNumber: 0, backofficeRoles: false, codeDdt: 11, cashmaticProtocol: 'https', cashmaticTotalMoney: 0 },
  });
  await page.clock.install();
  await login(page, 'tech');
  await expect(page).toHaveURL(/\/tech-dashboard$/);
  await page.goto(`/shop-details/${shop.uid}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  const create = page.getByRole('button', { name: 'Crea configurazione OpenAPI' });
  const prefix = 'Errore nella configurazione OpenAPI: ';
  const steps: [string, string, string][] = [
    ['GET /business_registry_configurations/{fiscal_id}', 'malformed', 'Business registry error: il servizio ha dato una risposta non leggibile'],
    ['POST /business_registry_configurations', 'http500', 'Business registry error: Internal Server Error (Internal Server Error)'],
    // No answer in time: the provider did create the registry entry; the next try must not create it again.
    ['POST /business_registry_configurations', 'timeout', 'Business registry error: il servizio non ha risposto in tempo'],
    ['POST /api_configurations', 'http500', 'OpenAPI configuration error: Internal Server Error (Internal Server Error)'],
    ['POST /api_configurations', 'malformed', 'OpenAPI configuration error: il servizio ha dato una risposta non leggibile'],
  ];
  for (const [route, mode, detail] of steps) {
    const before = (await stubRequests(route)).length;
    await stubFail(route, mode);
    await create.click();
    if (mode === 'timeout') await outwait(page, route, before, SDI_TIMEOUT);
    await expect(page.getByRole('alert').filter({ hasText: prefix })).toHaveText(`${prefix}${detail}`, { timeout: LATE });
    expect((await getDocument(`Shop/${shop.uid}`))?.openApi?.booleanValue).toBe(false);
    await stubClear();
  }
  await create.click();
  await expect(page.getByRole('status').filter({ hasText: 'Configurazione OpenAPI creata con successo!' })).toBeVisible();
  await expect.poll(async () => (await getDocument(`Shop/${shop.uid}`))?.openApi?.booleanValue).toBe(true);
  await expect(page.getByText('Configurazione OpenAPI già effettuata.')).toBeVisible();
  // One registry entry, never a 409 for a second one; the callbacks configured once.
  const registry = (await stubRequests('POST /business_registry_configurations')).filter((r) => r.body.includes(vat));
  expect(registry.map((r) => r.status)).toEqual([500, null]);
  expect(((await stubGet(`/business_registry_configurations/${vat}`)) as { data: { fiscal_id: string } }).data.fiscal_id).toBe(vat);
  const callbacks = (await stubGet(`/api_configurations?fiscal_id=${vat}`)) as { data: { callback: { event: string } }[] };
  expect(callbacks.data.map((c) => c.callback.event)).toEqual(['supplier-invoice', 'customer-notification']);
});
