/**
 * An invoice's life at the SDI, end to end with the provider stub's callbacks: the owner sends a draft, the SDI
 * rejects it (NS, 00305 on the customer's P.IVA); the dashboard's 'Scadenze SDI' says so in Italian and leads to
 * it; the invoice says what is wrong and where it is fixed, and 'Correggi e reinvia' inside the 5 days gives a
 * draft with the same number, sent again and delivered (RC). Both receipts are in Firestore with the SDI's XML and
 * in the invoice's detail. The shop's accountant sees the same due items on the month package.
 */
import { expect, test, type Page } from './fixture';
import { axeViolations, DEMO_ACCOUNTS, login, openSignedIn, shot } from './helpers';
import { queryWhere, str } from './firestore-data';
import { writeDocument } from './shop-fixture';

const OWNER = DEMO_ACCOUNTS.owner.uid;
const STUB = process.env.STUB_URL ?? '';
const STUB_AUTH = { Authorization: 'Bearer stub-token' };

/** A draft of this test alone (the seeded ones are sent, merged or trashed by other specs of the run), sold today. */
async function writeDraft(): Promise<string> {
  const id = `e2e-sdi-${Date.now()}`;
  const now = new Date();
  await writeDocument(`Sale/${id}`, {
    userId: OWNER, shopId: OWNER, customerId: 'cust-negozio-01', method: 'Fattura', invoiceUUID: '', invoiceNumber: `E2ESDI-${Date.now() % 100000}`, deleted: false,
    date: now, createdAt: now, updatedAt: now, total: 24.4, price: 24.4,
    items: [{ code: 'E2E-SDI', description: 'Cavo HDMI 2 m', quantity: 2, price: 12.2, iva: 22 }],
    condizioniPagamento: 'TP02', paymentMethod: 'MP05',
  });
  return id;
}

async function sendOwnDraft(page: Page): Promise<{ number: string; uuid: string; draftId: string }> {
  const draftId = await writeDraft();
  await openSignedIn(page, 'owner', '/invoices?tipo=drafts');
  const draft = page.locator(`[data-testid="invoice-row"][data-id="${draftId}"]`);
  await expect(draft).toBeVisible();
  await draft.getByRole('button', { name: /^Invia / }).click();
  await page.getByRole('alertdialog', { name: 'Invia allo SdI' }).getByRole('button', { name: 'Invia allo SdI' }).click();
  await expect(page.getByTestId('toast')).toContainText('Fattura inviata: ', { timeout: 30_000 });
  const number = ((await page.getByTestId('toast').textContent()) ?? '').replace(/.*Fattura inviata: /, '').replace('×', '').trim();
  const uuid = str((await queryWhere('Sale', 'userId', OWNER)).find((d) => d.id === draftId)?.fields.invoiceUUID) ?? '';
  expect(uuid).not.toBe('');
  return { number, uuid, draftId };
}

async function dueLines(page: Page): Promise<string[]> {
  const panel = page.getByTestId('sdi-due');
  await expect(panel).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  return panel.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-testid') ?? ''));
}

test('rejected by the SDI, told on the dashboard, corrected and resent with the same number, delivered; the accountant sees the same', async ({ page, request }) => {
  const first = await sendOwnDraft(page);
  const ns = await request.post(`${STUB}/simulate/customer-notification`, {
    headers: STUB_AUTH,
    data: { uuid: first.uuid, notification: 'NS', errors: [{ Codice: '00305', Descrizione: '1.4.1.1.2 <IdCodice> non valido' }] },
  });
  expect(ns.status()).toBe(200);

  // The dashboard says, in Italian, that a rejected invoice is to be fixed within the 5 days, and leads to it.
  await page.goto('/dashboard');
  const rejectedLine = page.getByTestId('sdi-due-rejectedOpen');
  await expect(rejectedLine).toContainText(/fattur[ae] scartat[ae] dallo SDI da correggere e reinviare entro 5 giorni dallo scarto/, { timeout: 20_000 });
  const ownerLines = await dueLines(page);
  expect(await axeViolations(page, '[data-testid="sdi-due"]')).toEqual([]);
  await shot(page, 'sdi-due-dashboard.png', { fullPage: true });
  await rejectedLine.getByRole('link', { name: 'Vai alle fatture scartate' }).click();
  await expect(page).toHaveURL(/\/invoices\?tipo=outgoing$/);

  const row = page.getByTestId('invoice-row').filter({ hasText: first.number }).first();
  await expect(row).toContainText('rifiutata', { timeout: 20_000 });
  await expect(row.getByTestId('due-note')).toContainText(/Da reinviare: (Scade oggi|Scade domani|Mancano \d+ giorni)/);
  await row.getByRole('button', { name: /^Apri / }).click();
  const error = page.getByTestId('rejection-error').first();
  await expect(error).toContainText('La partita IVA del cliente non risulta all’Anagrafe Tributaria.');
  await expect(error).toContainText('Testo dello SDI: 00305 1.4.1.1.2 <IdCodice> non valido');
  await expect(error.getByRole('link', { name: 'Correggi i dati del cliente' })).toHaveAttribute('href', '/customers');
  await expect(page.getByTestId('sdi-receipt').filter({ hasText: 'Notifica di scarto' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'sdi-rejected-advice.png', { fullPage: true });

  await row.getByRole('button', { name: 'Correggi e reinvia' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Entro i 5 giorni dallo scarto: la fattura corretta mantiene numero e data. La bozza ${first.number} è nella sezione Bozze`);

  // The draft keeps the very number; sent again it gets a new uuid, and the SDI delivers it.
  await page.getByRole('link', { name: 'Bozze' }).click();
  const again = page.getByTestId('invoice-row').filter({ hasText: first.number }).first();
  await expect(again).toBeVisible();
  // A correction is due within the 5 days from the rejection, not 12 days from the sale.
  await expect(again.getByTestId('due-note')).toContainText(/Reinvio dopo lo scarto: (Scade oggi|Scade domani|Mancano \d+ giorni)/);
  await again.getByRole('button', { name: /^Invia / }).click();
  await page.getByRole('alertdialog', { name: 'Invia allo SdI' }).getByRole('button', { name: 'Invia allo SdI' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Fattura inviata: ${first.number}`, { timeout: 30_000 });
  const resent = (await queryWhere('Sale', 'userId', OWNER)).find((d) => d.id === first.draftId);
  const uuid = str(resent?.fields.invoiceUUID) ?? '';
  expect(uuid).not.toBe('');
  expect(uuid).not.toBe(first.uuid);
  expect(str(resent?.fields.invoiceNumber)).toBe(first.number);
  const rc = await request.post(`${STUB}/simulate/customer-notification`, { headers: STUB_AUTH, data: { uuid, notification: 'RC' } });
  expect(rc.status()).toBe(200);

  await page.getByRole('link', { name: 'In Uscita' }).click();
  const delivered = page.locator(`[data-testid="invoice-row"][data-id="${uuid}"]`);
  await expect(delivered).toContainText('consegnata', { timeout: 20_000 });
  await delivered.getByRole('button', { name: /^Apri / }).click();
  await expect(page.getByTestId('sdi-receipt').filter({ hasText: 'Ricevuta di consegna' })).toBeVisible({ timeout: 20_000 });

  // The receipts in Firestore, each with the SDI's own XML.
  const receipts = await queryWhere('SdiReceipt', 'userId', OWNER);
  const of = (invoice: string, type: string) => receipts.find((d) => str(d.fields.invoiceId) === invoice && str(d.fields.type) === type);
  for (const [invoice, type, root] of [[first.uuid, 'NS', 'NotificaScarto'], [uuid, 'RC', 'RicevutaConsegna']] as const) {
    const receipt = of(invoice, type);
    expect(receipt, `${type} of ${invoice}`).toBeDefined();
    expect(Buffer.from(receipt?.fields.xml?.bytesValue ?? '', 'base64').toString('utf8')).toContain(`<ns3:${root}`);
  }

  // The accountant of the shop sees the same due items as the owner now, without the buttons only the owner may use.
  await page.goto('/dashboard');
  const ownerNow = await dueLines(page);
  await page.context().clearCookies();
  await login(page, 'accountant');
  await page.getByRole('link', { name: 'Vista elenco' }).click();
  await page.getByRole('list', { name: 'Negozi disponibili' }).getByRole('button', { name: `Seleziona ${DEMO_ACCOUNTS.owner.shopName}` }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Pacchetto del mese' }).click();
  const accountantLines = await dueLines(page);
  expect(accountantLines).toEqual(ownerNow);
  expect(ownerLines).toContain('sdi-due-rejectedOpen');
  await expect(page.getByTestId('sdi-due').getByRole('link')).toHaveCount(0);
  await shot(page, 'sdi-due-accountant.png', { fullPage: true });
});
