/**
 * End to end: the provider stub, after accepting a sent invoice, calls the webhook (the emulated
 * sdiCallback function) with RC and then an NS rejection; the open invoices screen shows the invoice delivered and
 * then rejected with the SDI's reason. A supplier invoice the stub posts appears live in 'In Entrata'.
 */
import { expect, test, type Page } from './fixture';
import { axeViolations, DEMO_ACCOUNTS, openSignedIn, shot } from './helpers';
import { getDocument, queryWhere, str } from './firestore-data';
import { writeDocument } from './shop-fixture';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { ContentInfo, EncapsulatedContentInfo, SignedData } from 'pkijs';

const OWNER = DEMO_ACCOUNTS.owner.uid;
const STUB = process.env.STUB_URL ?? '';
const STUB_AUTH = { Authorization: 'Bearer stub-token' };

async function openInvoices(page: Page, tipo: string): Promise<void> {
  await openSignedIn(page, 'owner', `/invoices?tipo=${tipo}`);
  await expect(page.getByRole('heading', { name: 'Gestione Fatture' })).toBeVisible();
}

test('RC then NS from the provider: the outgoing invoice shows delivered, then rejected with the SDI reason', async ({ page, request }) => {
  await openInvoices(page, 'drafts');
  // The first invoice draft that can be sent: the seeded ones are merged, sent or deleted by other specs of the same
  // run. Not a credit note: once sent, a credit note is listed under its invoice's history, not as a row of its own.
  const draft = page
    .getByTestId('invoice-row')
    .filter({ has: page.getByRole('button', { name: /^Invia / }) })
    .filter({ hasNotText: 'Nota di Credito' })
    .first();
  await expect(draft).toBeVisible();
  const draftId = (await draft.getAttribute('data-id')) ?? '';
  await draft.getByRole('button', { name: /^Invia / }).click();
  await page.getByRole('alertdialog', { name: 'Invia allo SdI' }).getByRole('button', { name: 'Invia allo SdI' }).click();
  await expect(page.getByTestId('toast')).toContainText('Fattura inviata: ', { timeout: 30_000 });
  const number = ((await page.getByTestId('toast').textContent()) ?? '').replace(/.*Fattura inviata: /, '').replace('×', '').trim();
  const sale = (await queryWhere('Sale', 'userId', OWNER)).find((d) => d.id === draftId);
  const uuid = str(sale?.fields.invoiceUUID) ?? '';
  expect(uuid).not.toBe('');

  await page.getByRole('link', { name: 'In Uscita' }).click();
  const row = page.getByTestId('invoice-row').filter({ hasText: number }).first();
  await expect(row).toContainText('inviata');

  // The sandbox simulator: the stub records the notification and delivers the callback before answering.
  const rc = await request.post(`${STUB}/simulate/customer-notification`, { headers: STUB_AUTH, data: { uuid, notification: 'RC' } });
  expect(rc.status()).toBe(200);
  await expect(row).toContainText('consegnata', { timeout: 20_000 });

  // The accountant files the delivered invoice as the provider received it, byte for byte.
  const posts = (await (await request.get(`${STUB}/__stub/requests?route=POST%20/invoices`)).json()) as { requests: { status: number | null; body: string }[] };
  const accepted = posts.requests.filter((r) => r.status === 200 && r.body.includes(`<Numero>${number}</Numero>`));
  expect(accepted).toHaveLength(1);
  const received = Buffer.from(accepted[0]?.body ?? '', 'utf8');
  await page.goto('/month-package');
  await expect(page.getByRole('heading', { name: 'Pacchetto del mese', level: 1 })).toBeVisible();
  const thisMonth = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date());
  await page.getByLabel('Mese', { exact: true }).fill(thisMonth);
  await expect(page.getByTestId('package-folders')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Prepara il pacchetto' }).click();
  const link = page.getByRole('link', { name: 'Scarica ZIP' });
  await expect(link).toBeVisible({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const same = Object.entries(files).filter(([name, bytes]) => /^fatture-emesse\/[^/]+\.xml$/.test(name) && Buffer.from(bytes).equals(received));
  expect(same.map(([name]) => name)).toHaveLength(1);

  await page.goto('/invoices');
  await page.getByRole('link', { name: 'In Uscita' }).click();
  await expect(row).toContainText('consegnata');

  const ns = await request.post(`${STUB}/simulate/customer-notification`, {
    headers: STUB_AUTH,
    data: { uuid, notification: 'NS', errors: [{ Codice: '00305', Descrizione: 'IdFiscaleIVA del CessionarioCommittente non valido' }] },
  });
  expect(ns.status()).toBe(200);
  await expect(row).toContainText('rifiutata', { timeout: 20_000 });
  await row.getByRole('button', { name: /^Apri / }).click();
  const rejection = page.getByTestId('rejection').first();
  await expect(rejection).toContainText('00305');
  await expect(rejection).toContainText('IdFiscaleIVA del CessionarioCommittente non valido');
  await shot(page, 'provider-callbacks-rejected.png', { fullPage: true });

  // This invoice's two notifications, each delivered once (a retry of this test finds the first try's in the log too).
  const log = (await (await request.get(`${STUB}/__stub/requests?route=POST%20/simulate/customer-notification`)).json()) as { requests: { status: number | null; json: { uuid?: string } | null }[] };
  const mine = log.requests.filter((r) => r.json?.uuid === uuid);
  expect(mine.map((r) => r.status)).toEqual([200, 200]);
});

/** A supplier invoice as the provider's JSON mapping has it, addressed to the VAT number `recipientVat`. */
function supplierInvoice(recipientVat: string, number: string) {
  return {
    fattura_elettronica_header: {
      dati_trasmissione: { codice_destinatario: 'JKKZDGR', formato_trasmissione: 'FPR12' },
      cedente_prestatore: { dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: '01234567890' }, anagrafica: { denominazione: 'Fornitore Webhook S.r.l.' }, regime_fiscale: 'RF01' }, sede: { indirizzo: 'Via Roma 1', cap: '20100', comune: 'Milano', provincia: 'MI', nazione: 'IT' } },
      cessionario_committente: { dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: recipientVat.replace(/^IT/, '') }, anagrafica: { denominazione: 'Negozio Demo' } }, sede: { indirizzo: 'Via Dante 2', cap: '20100', comune: 'Milano', provincia: 'MI', nazione: 'IT' } },
    },
    fattura_elettronica_body: [
      {
        dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', divisa: 'EUR', data: '2026-11-20', numero: number, importo_totale_documento: '12.20' } },
        dati_beni_servizi: {
          dettaglio_linee: [{ numero_linea: '1', descrizione: 'Cavo USB-C', quantita: '1.00', prezzo_unitario: '10.00', prezzo_totale: '10.00', aliquota_iva: '22.00' }],
          dati_riepilogo: [{ aliquota_iva: '22.00', imponibile_importo: '10.00', imposta: '2.20', esigibilita_iva: 'I' }],
        },
      },
    ],
  };
}

test('a supplier invoice posted by the provider appears live in In Entrata', async ({ page, request }) => {
  const shop = await getDocument(`Shop/${OWNER}`);
  const vat = str(shop?.settings?.mapValue?.fields?.pIva) ?? str(shop?.pIva) ?? '';
  expect(vat).not.toBe('');
  // The webhook trusts only the fiscal-identity registry: the seed's entry names the demo shop.
  const registryId = vat.replace(/\s+/g, '').toUpperCase().replace(/^IT(?=\d{11}$)/, '');
  expect(str((await getDocument(`FiscalId/${registryId}`))?.shopId)).toBe(OWNER);
  await openInvoices(page, 'incoming');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  const before = await page.getByTestId('invoice-row').count();
  const res = await request.post(`${STUB}/simulate/supplier-invoice`, { headers: STUB_AUTH, data: supplierInvoice(vat, `WH-${Date.now() % 100000}`) });
  expect(res.status()).toBe(200);
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Fornitore Webhook' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('invoice-row')).toHaveCount(before + 1);
  await expect(row).toContainText('ricevuta');

  // Read as any incoming invoice: its PDF previews, and its goods go into the warehouse.
  await row.getByRole('button', { name: 'PDF' }).click();
  const pdf = page.getByRole('dialog', { name: 'Anteprima PDF' });
  await expect(pdf.locator('iframe')).toBeVisible();
  await pdf.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
  await expect(pdf).toBeHidden();
  const id = (await row.getAttribute('data-id')) ?? '';
  expect(id).not.toBe('');
  await row.getByRole('button', { name: 'Importa in magazzino' }).click();
  const modal = page.getByRole('dialog', { name: 'Importa prodotti in magazzino' });
  await expect(modal.getByLabel('Nome prodotto riga 1')).toHaveValue('Cavo USB-C');
  await modal.getByTestId('warehouse-import-save').click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('toast')).toContainText('prodotti importati/aggiornati in magazzino!');
  await expect.poll(async () => (await getDocument(`Invoice/${id}`))?.addedToWarehouse?.booleanValue).toBe(true);
});

/** The DER of a CMS SignedData (RFC 5652) around `content`, as a signing tool writes a .p7m (no signer: none is read). */
function signedEnvelope(content: Uint8Array): Uint8Array {
  const signed = new SignedData({
    version: 1,
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1', eContent: new asn1js.OctetString({ valueHex: content }) }),
    signerInfos: [],
  });
  const info = new ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signed.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

test('a simplified invoice (FSM10) delivered signed (.xml.p7m) reaches the shop live, its supplier and total read, the signed file kept', async ({ page, request }) => {
  const shop = await getDocument(`Shop/${OWNER}`);
  const vat = (str(shop?.settings?.mapValue?.fields?.pIva) ?? str(shop?.pIva) ?? '').replace(/^IT/, '');
  expect(vat).not.toBe('');
  const number = `FSM-${Date.now() % 100000}`;
  const fixture = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/realworld/oca__l10n_it_fatturapa_in__IT02780790107_11009.xml'), 'utf8');
  // The real supplier's file, addressed to the demo shop, with a number of its own (one invoice per run).
  const xml = fixture
    .replace(/(<IdentificativiFiscali><IdFiscaleIVA><IdPaese>IT<\/IdPaese><IdCodice>)\d+/, `$1${vat}`)
    .replace('<CodiceFiscale>05979361218</CodiceFiscale>', `<CodiceFiscale>${vat}</CodiceFiscale>`)
    .replace('<Numero>16</Numero>', `<Numero>${number}</Numero>`)
    .replace('<Data>2022-07-16</Data>', `<Data>${new Date().toISOString().slice(0, 10)}</Data>`);
  const p7m = signedEnvelope(new TextEncoder().encode(xml));
  await openInvoices(page, 'incoming');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  const res = await request.post(`${STUB}/simulate/supplier-invoice-file`, { headers: STUB_AUTH, data: { file_name: 'IT02780790107_11009.xml.p7m', file_base64: Buffer.from(p7m).toString('base64') } });
  expect(res.status()).toBe(200);
  const uuid = ((await res.json()) as { data: { uuid: string } }).data.uuid;
  const row = page.locator(`[data-testid="invoice-row"][data-id="${uuid}"]`);
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('Fattura semplificata');
  await expect(row).toContainText('Mario Rossi');
  await expect(row).toContainText('272,23');
  await row.getByRole('button', { name: 'PDF' }).click();
  const pdf = page.getByRole('dialog', { name: 'Anteprima PDF' });
  await expect(pdf.locator('iframe')).toBeVisible();
  await shot(page, 'invoices-incoming-fsm10-p7m.png', { fullPage: true });
  await pdf.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
  await row.getByRole('button', { name: new RegExp(`^Apri .*${number}`) }).click();
  await expect(row.locator('xpath=following-sibling::tr[1]')).toContainText('Provvigioni II trimestre 2022');
  // What the accountant receives is the signed file as the SDI delivered it, byte for byte.
  await expect
    .poll(async () => {
      const stored = await getDocument(`Invoice/${uuid}`);
      return stored?.receivedXml?.bytesValue ?? str(stored?.receivedXmlMissing) ?? '';
    }, { timeout: 20_000 })
    .toBe(Buffer.from(p7m).toString('base64'));
});

test('a supplier invoice for a VAT number no shop has is kept apart and listed for the admin, nowhere else', async ({ page, request }) => {
  const vat = `0${String(Date.now()).slice(-10)}`;
  const res = await request.post(`${STUB}/simulate/supplier-invoice`, { headers: STUB_AUTH, data: supplierInvoice(vat, `Q-${Date.now() % 100000}`) });
  expect(res.status()).toBe(200);
  await openSignedIn(page, 'admin', '/developer');
  await expect(page).toHaveURL(/\/developer$/);
  await page.getByRole('tab', { name: 'Consegne non assegnate' }).click();
  await expect(page).toHaveURL(/tab=consegne/);
  const entry = page.getByTestId('quarantine-list').getByRole('listitem').filter({ hasText: `Destinatario ${vat}` });
  await expect(entry).toHaveCount(1, { timeout: 30_000 });
  await expect(entry).toContainText('Fattura fornitore');
  await expect(entry).toContainText('Nessun negozio ha la P.IVA / il codice fiscale del destinatario');
  await entry.getByText('Contenuto ricevuto').click();
  await expect(entry.locator('pre')).toContainText('Fornitore Webhook S.r.l.');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'developer-consegne.png', { fullPage: true });
  // Kept once, and no shop received it: no Invoice under the provider's uuid.
  const kept = (await queryWhere('ProviderQuarantine', 'reason', 'unknown-recipient')).filter((d) => (d.fields.recipientIds?.arrayValue?.values ?? []).some((v) => v.stringValue === vat));
  expect(kept).toHaveLength(1);
  const uuid = str(kept[0]?.fields.uuid) ?? '';
  expect(uuid).not.toBe('');
  expect(await getDocument(`Invoice/${uuid}`)).toBeUndefined();

  // The admin assigns it to a shop; it is placed as the webhook would, and the entry says so.
  await entry.getByRole('button', { name: /^Assegna al negozio/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Assegna al negozio' });
  await dialog.getByRole('button', { name: 'Conferma assegnazione' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Scegli il negozio a cui assegnare la fattura.');
  await dialog.getByLabel('ID del negozio').fill('negozio-inesistente');
  await dialog.getByRole('button', { name: 'Conferma assegnazione' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Assegnazione non riuscita: Negozio negozio-inesistente non trovato\.$/, { timeout: 20_000 });
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await dialog.getByLabel('ID del negozio').fill(OWNER);
  await dialog.getByRole('button', { name: 'Conferma assegnazione' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('toast')).toContainText(`Fattura assegnata al negozio ${OWNER}`);
  await expect(entry.getByTestId('quarantine-resolved')).toContainText(`Assegnata al negozio ${OWNER} da un amministratore`);
  await expect(entry.getByRole('button', { name: /^Assegna al negozio/ })).toHaveCount(0);
  await expect.poll(async () => str((await getDocument(`Invoice/${uuid}`))?.userId)).toBe(OWNER);
});

test('a supplier invoice for a P.IVA not yet in the registry is placed by the provider\'s retry once the registry names the shop', async ({ page, request }) => {
  const vat = `1${String(Date.now()).slice(-10)}`;
  const res = await request.post(`${STUB}/simulate/supplier-invoice`, { headers: STUB_AUTH, data: supplierInvoice(vat, `R-${Date.now() % 100000}`) });
  expect(res.status()).toBe(200);
  const keptFor = async () => (await queryWhere('ProviderQuarantine', 'reason', 'unknown-recipient')).filter((d) => (d.fields.recipientIds?.arrayValue?.values ?? []).some((v) => v.stringValue === vat));
  await expect.poll(async () => (await keptFor()).length).toBe(1);
  const uuid = str((await keptFor())[0]?.fields.uuid) ?? '';
  expect(await getDocument(`Invoice/${uuid}`)).toBeUndefined();

  // The registry now names the demo shop as the holder (what the registration or an admin writes), and the provider
  // retries the delivery the webhook answered 503 (the stub's timer is this control call).
  await writeDocument(`FiscalId/${vat}`, { shopId: OWNER, sharedWith: [] });
  const retried = (await (await request.post(`${STUB}/__stub/retry-callbacks`)).json()) as { delivered: { event: string; status: number | null }[] };
  expect(retried.delivered.map((d) => d.status)).toContain(200);
  await expect.poll(async () => str((await getDocument(`Invoice/${uuid}`))?.userId)).toBe(OWNER);

  await openSignedIn(page, 'admin', '/developer?tab=consegne');
  const entry = page.getByTestId('quarantine-list').getByRole('listitem').filter({ hasText: `Destinatario ${vat}` });
  await expect(entry.getByTestId('quarantine-resolved')).toContainText(`Consegnata al negozio ${OWNER} al nuovo tentativo del provider`, { timeout: 30_000 });
  await expect(entry.getByRole('button', { name: /^Assegna al negozio/ })).toHaveCount(0);
});
