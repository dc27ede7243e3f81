import { expect, test, type Page } from './fixture';
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';
import { axeViolations, DEMO_ACCOUNTS, openSignedIn, passLogFlushInterval } from './helpers';
import { queryWhere, str } from './firestore-data';

const OWNER = DEMO_ACCOUNTS.owner.uid;

/** A valid Partita IVA from 10 digits. */
const vat = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;

async function openCustomers(page: Page, account: 'owner' | 'fewPacks'): Promise<void> {
  await openSignedIn(page, account, '/customers');
  await expect(page.getByRole('heading', { name: 'Gestione Clienti' })).toBeVisible();
}

const firstName = (page: Page) => page.getByTestId('customer-row').locator('.customer-name').first();

async function logActions(shopId: string): Promise<string[]> {
  return (await queryWhere('UserLog', 'userId', shopId)).map((d) => str(d.fields.action) ?? '');
}

test('directory: sort, badges, details; add, search, edit, delete a customer, each logged', async ({ page }) => {
  // The page's clock runs at its natural pace; before reading the log the test moves it past the log's flush interval.
  await page.clock.install();
  await openCustomers(page, 'owner');
  await expect(page.getByTestId('customer-row')).toHaveCount(12);
  await expect(firstName(page)).toHaveText('Bar Centrale di Rota Mario');
  await page.getByRole('button', { name: /Nome \/ Ragione sociale/ }).click();
  await expect(firstName(page)).toHaveText('Trattoria Da Gino S.r.l.');
  await expect(page.getByRole('columnheader', { name: /Nome \/ Ragione sociale/ })).toHaveAttribute('aria-sort', 'descending');

  const row = (name: string) => page.getByTestId('customer-row').filter({ hasText: name });
  await expect(row('Cliente Occasionale')).toContainText('Dati insufficienti');
  await expect(row('Pasticceria Marchesi')).toContainText('Dati mancanti/errati: Indirizzo, CAP, Città, Provincia, Nazione');
  await expect(row('Hotel Brera S.p.A.').locator('.badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Apri i dettagli di Hotel Brera S.p.A.' }).click();
  await expect(page.locator('.details-row')).toContainText('KRRH6B9');
  expect(await axeViolations(page)).toEqual([]);

  // Add
  const newVat = vat('0561234015');
  await page.getByRole('button', { name: 'Nuovo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
  await dialog.getByLabel('Ragione Sociale').fill('Ottica Prova S.r.l.');
  await dialog.getByLabel('P.IVA').fill('05612340158');
  await expect(dialog.getByText('P.IVA non valida: la cifra di controllo non corrisponde.')).toBeVisible();
  await dialog.getByLabel('P.IVA').fill(newVat);
  await expect(dialog.getByText('P.IVA non valida')).toHaveCount(0);
  await dialog.getByLabel('Indirizzo').fill('Via Torino 5');
  await dialog.getByLabel('CAP').fill('20123');
  await dialog.getByLabel('Città').fill('Milano');
  await dialog.getByLabel('Provincia').fill('mil');
  await expect(dialog.getByLabel('Provincia')).toHaveValue('MI');
  await dialog.getByLabel('Nazione').fill('it');
  await dialog.getByLabel('Codice Destinatario').fill('m5uxcr1');
  expect(await axeViolations(page, '.modal')).toEqual([]);
  await dialog.getByRole('button', { name: 'Aggiungi cliente' }).click();
  await expect(dialog.getByTestId('customer-form-result')).toHaveText('Cliente aggiunto con successo!');
  await expect(dialog).toBeHidden();

  const stored = async () => (await queryWhere('Customer', 'userId', OWNER)).find((d) => str(d.fields.ragioneSociale) === 'Ottica Prova S.r.l.');
  await expect.poll(async () => (await stored())?.fields).toMatchObject({
    pIva: { stringValue: newVat }, vatNumber: { stringValue: newVat }, registeredOfficeProvince: { stringValue: 'MI' }, nation: { stringValue: 'IT' },
    receiverCode: { stringValue: 'M5UXCR1' }, codiceDestinatario: { stringValue: 'M5UXCR1' }, userId: { stringValue: OWNER },
  });

  // Search
  await page.getByLabel('Cerca cliente').fill('ottica');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);

  // Edit
  await page.getByRole('button', { name: 'Modifica Ottica Prova S.r.l.' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifica cliente' });
  await expect(edit.getByLabel('P.IVA')).toHaveValue(newVat);
  await edit.getByLabel('PEC').fill('ottica.prova@pec.it');
  await edit.getByRole('button', { name: 'Salva modifiche' }).click();
  await expect(edit.getByTestId('customer-form-result')).toHaveText('Cliente aggiornato con successo!');
  await expect(edit).toBeHidden();
  await expect.poll(async () => str((await stored())?.fields.pec)).toBe('ottica.prova@pec.it');

  // Delete
  await page.getByRole('button', { name: 'Elimina Ottica Prova S.r.l.' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Elimina cliente' });
  await expect(confirm).toContainText('Sei sicuro di voler eliminare il cliente Ottica Prova S.r.l.?');
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Nessun cliente trovato.')).toBeVisible();
  await expect.poll(stored).toBeUndefined();

  await passLogFlushInterval(page);
  await expect.poll(() => logActions(OWNER), { timeout: 20_000 }).toEqual(expect.arrayContaining(['customer_add', 'customer_update', 'customer_delete']));
});

test('company lookup by VAT fills the form from the provider; every failure has its message', async ({ page, request }) => {
  const stubUrl = process.env.STUB_URL ?? '';
  await openCustomers(page, 'owner');
  await page.getByRole('button', { name: 'Nuovo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
  const status = dialog.getByTestId('lookup-status');
  const lookup = async (value: string) => {
    await dialog.getByLabel('P.IVA').fill(value);
    await dialog.getByRole('button', { name: 'Cerca dati azienda' }).click();
  };

  await lookup('04821730159');
  await expect(status).toHaveText('Dati azienda trovati!');
  await expect(dialog.getByLabel('Ragione Sociale')).toHaveValue('FERRAMENTA COLOMBO S.R.L.');
  await expect(dialog.getByLabel('Codice Fiscale')).toHaveValue('04821730159');
  await expect(dialog.getByLabel('Indirizzo')).toHaveValue('VIA PADOVA 112');
  await expect(dialog.getByLabel('CAP')).toHaveValue('20127');
  await expect(dialog.getByLabel('Città')).toHaveValue('MILANO');
  await expect(dialog.getByLabel('Provincia')).toHaveValue('MI');
  await expect(dialog.getByLabel('Nazione')).toHaveValue('IT');
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('LUCA');
  await expect(dialog.getByLabel('Cognome')).toHaveValue('COLOMBO');
  await expect(dialog.getByLabel('Data di nascita')).toHaveValue('1990-09-30');

  await lookup('05930260483');
  await expect(status).toHaveText('Dati azienda trovati!');
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('FRANCESCA');

  await lookup('06499030234');
  await expect(status).toHaveText('Nessun dato trovato per questa P.IVA.');
  await lookup('03771450289');
  await expect(status).toHaveText('Risposta API incompleta');
  await lookup(vat('0999999901'));
  await expect(status).toHaveText('API non disponibile o P.IVA non trovata');

  const fail = (mode: string) => request.post(`${stubUrl}/__stub/fail`, { data: { route: 'GET /IT-aml/{vat}', mode, times: 1 } });
  await fail('http500');
  await lookup('04821730159');
  await expect(status).toHaveText('API non disponibile o P.IVA non trovata');
  // Chromium repeats a request whose reused connection drops: the rule holds until cleared.
  await request.post(`${stubUrl}/__stub/fail`, { data: { route: 'GET /IT-aml/{vat}', mode: 'network' } });
  await lookup('04821730159');
  await expect(status).toHaveText('Errore nella ricerca: il servizio non è raggiungibile (rete assente o server spento)');
  await request.delete(`${stubUrl}/__stub/fail`);
  await fail('malformed');
  await lookup('04821730159');
  await expect(status).toHaveText('Errore nella ricerca: il servizio ha dato una risposta non leggibile');

  // The provider's slow path: announced, polled, then filled.
  await lookup('02841750967');
  await expect(status).toHaveText(/Il registro delle imprese sta elaborando la richiesta/);
  await expect(status).toHaveText('Dati azienda trovati!', { timeout: 15_000 });
  await expect(dialog.getByLabel('Ragione Sociale')).toHaveValue('OTTICA LONGO S.R.L.');
  await dialog.getByRole('button', { name: 'Annulla', exact: true }).click();

  // On an existing customer the lookup says the data were updated.
  await page.getByRole('button', { name: 'Modifica Trattoria Da Gino S.r.l.' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifica cliente' });
  await edit.getByLabel('P.IVA').fill('02684190370');
  await edit.getByRole('button', { name: 'Cerca dati azienda' }).click();
  await expect(edit.getByTestId('lookup-status')).toHaveText('Dati aggiornati da API!');
  await expect(edit.getByLabel('Ragione Sociale')).toHaveValue('PROFUMERIA FERRARI S.R.L.');
  await edit.getByRole('button', { name: 'Annulla', exact: true }).click();
});
