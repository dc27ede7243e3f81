import { expect, test, type Page } from './fixture';
import fs from 'node:fs';
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';
import { decodeCsvBytes, parseCsv } from '../../src/domain/csv/csv.ts';
import { DEMO_ACCOUNTS, openSignedIn } from './helpers';
import { putDocument, queryWhere, str } from './firestore-data';
import { deleteDocuments } from './shop-fixture';

export const SHOP = DEMO_ACCOUNTS.fewPacks.uid;
export const vat = (n: number) => {
  const first10 = String(7_000_000_000 + n).padStart(10, '0');
  return `${first10}${partitaIvaCheckDigit(first10)}`;
};

/** The rows of each kind in the file, beside the 10 already in the directory. */
export interface ImportSize {
  /** Companies with a name and a valid P.IVA. */
  imported: number;
  duplicate: number;
  /** A P.IVA and no name: imported, named in the report. */
  noName: number;
  /** A name and no fiscal code (private customers): imported, named in the report. */
  noTaxId: number;
  /** Neither a name nor a fiscal code: the only rows left out. */
  empty: number;
}

/** The specification's case: 2,000 rows (slow set, customers-import-full.spec.ts). */
export const FULL_IMPORT: ImportSize = { imported: 1800, duplicate: 100, noName: 30, noTaxId: 40, empty: 20 };

/**
 * Windows-1252, semicolons, headers in odd case, quoted fields with newlines, blank lines, trailing empty columns:
 * `size.imported` new customers; `size.duplicate` repeats inside the file; `size.noName` without a name;
 * `size.noTaxId` without a tax id; `size.empty` with neither; 10 already in the directory.
 */
function buildFile(size: ImportSize): { bytes: Buffer; expected: ImportSize & { existing: number } } {
  const lines = ['RAGIONE SOCIALE;p.iva;codice fiscale;PEC;SDI/Codice Destinatario;Indirizzo;cap;Città/Comune;Provincia;Nazione;Email;Telefono;;'];
  for (let i = 0; i < size.imported; i++) {
    const address = i % 97 === 0 ? `"Via Università ${i}\nScala B"` : `Corso Città ${i}`;
    lines.push(`Caffè Società Àrtù ${i};${vat(i)};;caffe${i}@pec.it;0000000;${address};20${String(i % 1000).padStart(3, '0')};Città di Prova (MI);;;info${i}@esempio.it;02 ${i};;`);
    if (i % 300 === 0) lines.push('');
  }
  // Repeats of rows already in the file (every 7th new customer, so size.duplicate * 7 <= size.imported).
  for (let i = 0; i < size.duplicate; i++) lines.push(`Ripetuto ${i};${vat(i * 7)};;;;;;;;;;;;`);
  for (let i = 0; i < size.noName; i++) lines.push(`;${vat(5000 + i)};;;;Via Senza Nome;;;;;;;;`);
  for (let i = 0; i < size.noTaxId; i++) lines.push(`Senza Codice ${i};;;;;;;;;;;;;`);
  for (let i = 0; i < size.empty; i++) lines.push(`;;;;;Via Nessuno ${i};;;;;;02 ${i};;`);
  for (let i = 0; i < 10; i++) lines.push(`Già Presente ${i};${vat(9000 + i)};;;;;;;;;;;;`);
  return { bytes: Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'), expected: { ...size, existing: 10 } };
}

export async function importFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  const panel = page.locator('.import-panel');
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Importa CSV' }).click();
  else if (await panel.getByRole('button', { name: 'Nuova importazione' }).isVisible()) await panel.getByRole('button', { name: 'Nuova importazione' }).click();
  await panel.getByLabel('File CSV (uno o più)').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await expect(panel.getByTestId('import-preview')).toBeVisible();
  await panel.getByRole('button', { name: 'Importa', exact: true }).click();
}

export async function storedCustomers() {
  return (await queryWhere('Customer', 'userId', SHOP)).map((d) => d.fields);
}

/**
 * The spec's customers are removed after it: the demo shop's directory goes back to the seed's, so the later specs on
 * this shop (a DDT's recipient list reads the whole directory) do not carry hundreds of imported customers.
 */
export function restoreDirectoryAfterAll(): void {
  let seeded = new Set<string>();
  test.beforeAll(async () => {
    seeded = new Set((await queryWhere('Customer', 'userId', SHOP)).map((d) => d.id));
  });
  test.afterAll(async () => {
    const added = (await queryWhere('Customer', 'userId', SHOP)).map((d) => d.id).filter((id) => !seeded.has(id));
    await deleteDocuments(added.map((id) => `Customer/${id}`));
  });
}

/**
 * The import walkthrough and the directory it leaves (`npm test` runs it on a file a tenth of the
 * specification's, customers-import.spec.ts; the 2,000 rows run in the slow set, customers-import-full.spec.ts).
 * Same kinds of rows, same checks; only the counts scale.
 */
export function customersImportWalkthrough(size: ImportSize): void {
  const created = size.imported + size.noName + size.noTaxId;
  const total = created + 10;
  const rows = size.imported + size.duplicate + size.noName + size.noTaxId + size.empty + 10;
  test(`a ${String(rows)}-row Windows-1252 file imports exactly the new customers, accents intact; a second run imports nothing`, async ({ page }) => {
    test.setTimeout(180_000);
    for (let i = 0; i < 10; i++) await putDocument(`Customer/existing-${i}`, { userId: SHOP, ragioneSociale: `Già Presente ${i}`, pIva: vat(9000 + i), vatNumber: vat(9000 + i) });
    const { bytes, expected } = buildFile(size);

    await openSignedIn(page, 'fewPacks', '/customers');
    await expect(page.getByTestId('customer-row')).toHaveCount(10);

    // Messages before anything is chosen or mapped.
    await page.getByRole('button', { name: 'Importa CSV' }).click();
    const panel = page.locator('.import-panel');
    await panel.getByRole('button', { name: 'Importa', exact: true }).click();
    await expect(panel.getByRole('alert')).toHaveText('Seleziona almeno un file CSV');

    await panel.getByLabel('File CSV (uno o più)').setInputFiles({ name: 'clienti.csv', mimeType: 'text/csv', buffer: bytes });
    await expect(panel.getByTestId('import-preview').locator('tbody tr')).toHaveCount(5);
    await expect(panel.getByTestId('import-preview')).toContainText('Caffè Società Àrtù 0');
    await expect(panel.getByLabel('Ragione Sociale', { exact: true })).toHaveValue('RAGIONE SOCIALE');
    await expect(panel.getByLabel('P.IVA', { exact: true })).toHaveValue('p.iva');
    await expect(panel.getByLabel('Città', { exact: true })).toHaveValue('Città/Comune');
    await expect(panel.getByLabel('Codice Destinatario', { exact: true })).toHaveValue('SDI/Codice Destinatario');
    await panel.getByLabel('Ragione Sociale', { exact: true }).selectOption('');
    await expect(panel.getByText('Mapping incompleto - Devi mappare almeno Ragione Sociale/Nome/Cognome e CF/P.IVA')).toBeVisible();
    await panel.getByRole('button', { name: 'Importa', exact: true }).click();
    await expect(panel.getByRole('alert')).toHaveText('Mappa almeno i campi obbligatori prima di importare');
    await panel.getByLabel('Ragione Sociale', { exact: true }).selectOption('RAGIONE SOCIALE');

    await panel.getByRole('button', { name: 'Importa', exact: true }).click();
    const report = panel.getByTestId('import-report');
    await expect(report).toContainText(`Import completato! Clienti importati: ${created}`, { timeout: 120_000 });
    // Only the rows with neither a name nor a fiscal code are left out; the others imported are named to be completed.
    await expect(report).toContainText(`Importati da controllare: ${expected.noName + expected.noTaxId}`);
    await expect(report.getByTestId('warned-no-name')).toContainText(`Importati senza nome né ragione sociale (da completare prima di fatturare): ${expected.noName}`);
    await expect(report.getByTestId('warned-no-tax-id')).toContainText(`Importati senza codice fiscale né P.IVA (clienti privati: per fatturare aggiungi il codice fiscale): ${expected.noTaxId}`);
    await expect(report.getByTestId('skipped-duplicate')).toContainText(`Ripetuto nei file importati: ${expected.duplicate}`);
    await expect(report.getByTestId('skipped-no-name')).toContainText(`Senza nome né codice fiscale o P.IVA: ${expected.empty}`);
    await expect(report.getByTestId('skipped-existing')).toContainText(`Cliente già presente (stesso CF, P.IVA o, senza codici, stesso nome e città): ${expected.existing}`);

    // The skipped rows download as a CSV that names each row and its reason.
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Scarica le righe scartate (CSV)' }).click();
    const skipped = parseCsv(decodeCsvBytes(fs.readFileSync(await (await download).path())).text);
    expect(skipped.rows).toHaveLength(size.duplicate + size.empty + 10);
    expect(skipped.headers.slice(0, 3)).toEqual(['File', 'Riga', 'Motivo']);

    const stored = await storedCustomers();
    expect(stored).toHaveLength(total);
    const vats = stored.map((f) => str(f.pIva) ?? '').filter((v) => v !== '');
    expect(vats).toHaveLength(total - size.noTaxId);
    expect(new Set(vats).size).toBe(vats.length);
    const names = stored.map((f) => str(f.ragioneSociale) ?? '').filter((n) => n.startsWith('Senza Codice '));
    expect(new Set(names).size).toBe(size.noTaxId);
    const first = stored.find((f) => str(f.pIva) === vat(0));
    expect(first).toMatchObject({
      ragioneSociale: { stringValue: 'Caffè Società Àrtù 0' }, registeredOfficeCity: { stringValue: 'Città di Prova' }, registeredOfficeProvince: { stringValue: 'MI' },
      nation: { stringValue: 'IT' }, registeredOfficeAddress: { stringValue: 'Via Università 0\nScala B' }, codiceDestinatario: { stringValue: '0000000' },
    });

    // One csv_import log line, split into segments of 300 operations that together name every imported customer.
    await expect
      .poll(async () => {
        const logs = (await queryWhere('UserLog', 'userId', SHOP)).filter((d) => str(d.fields.action) === 'csv_import');
        return logs.reduce((n, d) => n + (d.fields.details?.mapValue?.fields?.operations?.arrayValue?.values?.length ?? 0), 0);
      }, { timeout: 20_000 })
      .toBe(created);

    // The same file again: nothing new.
    await importFile(page, 'clienti.csv', bytes);
    await expect(report).toContainText('Import completato! Clienti importati: 0', { timeout: 60_000 });
    expect(await storedCustomers()).toHaveLength(total);
  });

  test('the directory pages 20 at a time; the export reads back through the importer unchanged', async ({ page }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, 'fewPacks', '/customers');
    await expect(page.getByTestId('customer-row')).toHaveCount(20);
    await expect(page.getByTestId('customers-showing')).toHaveText(`Mostrando 1 - 20 di ${String(total)} clienti`);
    await page.getByRole('button', { name: 'Ultima pagina' }).click();
    const lastPage = total % 20 || 20;
    await expect(page.getByTestId('customers-showing')).toHaveText(`Mostrando ${String(total - lastPage + 1)} - ${String(total)} di ${String(total)} clienti`);
    await expect(page.getByTestId('customer-row')).toHaveCount(lastPage);
    // A private customer imported without a fiscal code shows on its row why it cannot be invoiced yet.
    await page.getByLabel('Cerca cliente').fill('Senza Codice 0');
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    await expect(page.getByTestId('customer-row')).toContainText('Dati insufficienti');
    await page.getByLabel('Cerca cliente').fill('');
    await expect(page.getByTestId('customer-row')).toHaveCount(20);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const file = await download;
    const bytes = fs.readFileSync(await file.path());
    const exported = parseCsv(decodeCsvBytes(bytes).text);
    expect(exported.rows).toHaveLength(total);
    expect(exported.headers).toEqual(['Ragione Sociale', 'Nome', 'Cognome', 'P.IVA', 'Codice Fiscale', 'PEC', 'Codice Destinatario', 'Indirizzo', 'CAP', 'Città', 'Provincia', 'Nazione', 'Email', 'Telefono', 'Data di nascita']);
    expect(exported.rows.find((r) => r['P.IVA'] === vat(0))).toMatchObject({ 'Ragione Sociale': 'Caffè Società Àrtù 0', Indirizzo: 'Via Università 0\nScala B', Città: 'Città di Prova', Provincia: 'MI' });

    // Re-importing the export: every row is recognised as already there.
    await importFile(page, 'export.csv', bytes);
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('Import completato! Clienti importati: 0', { timeout: 60_000 });
    await expect(report.getByTestId('skipped-existing')).toContainText(`Cliente già presente (stesso CF, P.IVA o, senza codici, stesso nome e città): ${String(total)}`);
  });
}
