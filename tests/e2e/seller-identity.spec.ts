import { expect, test } from './fixture';
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';
import { copyDocument, stubRequests } from './faults';
import { getDocument, queryWhere, str } from './firestore-data';
import { DEMO_ACCOUNTS as A, login, openSignedIn } from './helpers';
import { createFixtureShop, FIXTURE_PASSWORD } from './shop-fixture';

/** A fresh valid P.IVA (first digit 6: apart from the fixtures' 9 and shop-details.spec's 7). */
function freshVat(): string {
  const first10 = `6${String(Date.now()).slice(-9)}`;
  return `${first10}${String(partitaIvaCheckDigit(first10))}`;
}

/** The CedentePrestatore block of an XML. */
const sellerOf = (xml: string) => /<CedentePrestatore>[\s\S]*<\/CedentePrestatore>/.exec(xml)?.[0] ?? '';

/**
 * One fiscal identity: the technician corrects the P.IVA and the address of a shop in /shop-details; the
 * owner's next invoice (the XML the provider receives) and the next DDT deferred invoice carry exactly what that
 * screen shows — even for a shop whose legacy `vatNumber` still holds the old P.IVA (a seller that preferred it
 * would invoice under the wrong identity).
 */
test('the technician changes P.IVA and address: the next invoice sent and the next deferred invoice carry them', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const tech = A.tech.uid;
  const stale = freshVat().replace(/^6/, '5').slice(0, 10);
  const staleVat = `${stale}${String(partitaIvaCheckDigit(stale))}`;
  // A company: its fiscal code is its P.IVA, and follows the corrected one.
  const company = freshVat().replace(/^6/, '4').slice(0, 10);
  const companyVat = `${company}${String(partitaIvaCheckDigit(company))}`;
  const shop = await createFixtureShop('cedente', { technicians: [tech], assignedTech: tech, ragioneSociale: 'Bottega Cedente S.r.l.', vatNumber: staleVat, codiceFiscale: companyVat }, { vat: companyVat });
  // A customer, a draft without XML and a confirmed note of this shop, copied from the demo shop's.
  const customerId = `cust-cedente-${shop.uid}`;
  await copyDocument('Customer/cust-negozio-01', `Customer/${customerId}`, { strings: { userId: shop.uid } });
  const draftId = `draft-cedente-${shop.uid}`;
  await copyDocument('Sale/draft-negozio-43', `Sale/${draftId}`, { drop: ['invoiceNumber', 'invoicePayload', 'sendingSince'], strings: { invoiceUUID: '', userId: shop.uid, shopId: shop.uid, customerId } });
  // A second draft keeps the XML it was written with (as the POS app writes drafts): its seller is the shop as it was.
  const storedDraftId = `draft-cedente-xml-${shop.uid}`;
  await copyDocument('Sale/draft-negozio-43', `Sale/${storedDraftId}`, { drop: ['invoiceNumber', 'sendingSince'], strings: { invoiceUUID: '', userId: shop.uid, shopId: shop.uid, customerId } });
  const ddtId = `ddt-cedente-${shop.uid}`;
  await copyDocument('Ddt/ddt-negozio-001', `Ddt/${ddtId}`, { drop: ['invoiceId', 'invoicedAt'], strings: { userId: shop.uid, customerId, state: 'confermato' } });

  // The technician: new P.IVA, address and CAP, saved.
  const vat = freshVat();
  await openSignedIn(page, 'tech', `/shop-details/${shop.uid}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  await page.getByLabel('P. IVA').fill(vat);
  await page.getByLabel('Indirizzo').fill('Borgo delle Colonne 7');
  await page.getByLabel('CAP').fill('43122');
  await page.getByRole('button', { name: 'Salva modifiche' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dettagli aggiornati con successo!' })).toBeVisible();
  // What the screen shows after a reload is what is stored.
  await page.reload();
  await expect(page.getByLabel('P. IVA')).toHaveValue(vat);
  await expect(page.getByLabel('Indirizzo')).toHaveValue('Borgo delle Colonne 7');
  await expect(page.getByLabel('CAP')).toHaveValue('43122');
  const stored = await getDocument(`Shop/${shop.uid}`);
  expect([str(stored?.pIva), str(stored?.vatNumber), str(stored?.settings?.mapValue?.fields?.pIva), str(stored?.codiceFiscale)]).toEqual([vat, vat, vat, vat]);

  // The owner, in a browser of their own, sends the draft: the provider receives the new seller.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await login(owner, shop.email, FIXTURE_PASSWORD);
  await owner.waitForURL(/\/dashboard$/);
  const posts = (await stubRequests('POST /invoices')).length;
  await owner.goto('/invoices?tipo=drafts');
  const row = owner.locator(`[data-testid="invoice-row"][data-id="${draftId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Invia( |$)/ }).click();
  await owner.getByRole('alertdialog', { name: 'Invia allo SdI' }).getByRole('button', { name: 'Invia allo SdI' }).click();
  await expect(owner.getByTestId('toast')).toContainText('Fattura inviata: ', { timeout: 60_000 });
  const sent = (await stubRequests('POST /invoices')).slice(posts).filter((r) => r.status === 200);
  expect(sent).toHaveLength(1);
  const seller = sellerOf(sent[0]?.body ?? '');
  expect(seller).toContain(`<IdCodice>${vat}</IdCodice>`);
  expect(seller).toContain(`<CodiceFiscale>${vat}</CodiceFiscale>`);
  expect(seller).not.toContain(staleVat);
  expect(seller).not.toContain(companyVat);
  expect(seller).toContain('<Indirizzo>Borgo delle Colonne 7</Indirizzo>');
  expect(seller).toContain('<CAP>43122</CAP>');

  // The draft with its own XML goes out with the shop as it is now, not as its XML was written.
  const storedXml = str((await getDocument(`Sale/${storedDraftId}`))?.invoicePayload) ?? '';
  expect(sellerOf(storedXml)).not.toContain(`<IdCodice>${vat}</IdCodice>`);
  const storedRow = owner.locator(`[data-testid="invoice-row"][data-id="${storedDraftId}"]`);
  await storedRow.getByRole('button', { name: /^Invia( |$)/ }).click();
  await owner.getByRole('alertdialog', { name: 'Invia allo SdI' }).getByRole('button', { name: 'Invia allo SdI' }).click();
  await expect(owner.getByTestId('toast')).toContainText('Fattura inviata: ', { timeout: 60_000 });
  await expect.poll(async () => (await stubRequests('POST /invoices')).slice(posts).filter((r) => r.status === 200).length, { timeout: 20_000 }).toBe(2);
  const resent = sellerOf((await stubRequests('POST /invoices')).slice(posts).filter((r) => r.status === 200)[1]?.body ?? '');
  expect(resent).toContain(`<IdCodice>${vat}</IdCodice>`);
  expect(resent).toContain(`<CodiceFiscale>${vat}</CodiceFiscale>`);
  expect(resent).toContain('<Indirizzo>Borgo delle Colonne 7</Indirizzo>');
  expect(resent).toContain('<CAP>43122</CAP>');

  // The owner's deferred invoice of the confirmed note: the same seller in its XML.
  await owner.goto('/ddt');
  await expect(owner.getByRole('heading', { name: 'DDT', level: 1 })).toBeVisible();
  const note = owner.locator('tr', { has: owner.getByTestId('ddt-number').getByText('11/1', { exact: true }) });
  await note.getByRole('checkbox').check();
  await owner.getByRole('button', { name: 'Crea fattura differita' }).click();
  await expect(owner.getByText(/Bozza di fattura differita n\. .+ creata/)).toBeVisible({ timeout: 20_000 });
  const deferred = (await queryWhere('Sale', 'userId', shop.uid)).filter((d) => d.fields.type?.stringValue === 'TD24');
  expect(deferred).toHaveLength(1);
  const deferredSeller = sellerOf(str(deferred[0]?.fields.invoicePayload) ?? '');
  expect(deferredSeller).toContain(`<IdCodice>${vat}</IdCodice>`);
  expect(deferredSeller).toContain('<Indirizzo>Borgo delle Colonne 7</Indirizzo>');
  expect(deferredSeller).toContain('<CAP>43122</CAP>');
  await ownerContext.close();
});
