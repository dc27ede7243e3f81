import { expect, test } from './fixture';
import fs from 'node:fs';
import { DEMO_ACCOUNTS, openSignedIn } from './helpers';
import { queryWhere, str } from './firestore-data';

/**
 * Hostile inputs: files that are not what they say and text no one means to type. Each gets an Italian
 * message, and nothing is written until the input is right. The grace-period shop is used: no other spec counts
 * its customers.
 */
const SHOP = DEMO_ACCOUNTS.grace.uid;
const customerCount = async () => (await queryWhere('Customer', 'userId', SHOP)).length;

test.describe.configure({ mode: 'serial' });

test('CSV imports refuse empty, binary, Excel, 50 MB, unknown-encoding and 10,000-column files, writing nothing', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const before = await customerCount();
  await openSignedIn(page, 'grace', '/customers');
  await page.getByRole('button', { name: 'Importa CSV' }).click();
  const panel = page.locator('.import-panel');
  const input = panel.getByLabel('File CSV (uno o più)');

  const shiftJis = Buffer.from(Array.from({ length: 40 }, () => [0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x3b]).flat());
  const wide = `${Array.from({ length: 10_000 }, (_, i) => `C${i}`).join(';')}\r\n${'x;'.repeat(9_999)}x\r\n`;
  const hostile: { name: string; buffer: Buffer; message: string }[] = [
    { name: 'vuoto.csv', buffer: Buffer.alloc(0), message: 'vuoto.csv: Il file CSV è vuoto o non ha una riga di intestazione.' },
    { name: 'clienti.xlsx', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), message: 'clienti.xlsx: il file non è un CSV ma un file Excel (.xlsx)' },
    { name: 'binario.csv', buffer: Buffer.from([0x4e, 0x6f, 0x6d, 0x65, 0x00, 0x01, 0xff]), message: 'binario.csv: il file non è un CSV di testo (contiene dati binari)' },
    { name: 'giapponese.csv', buffer: shiftJis, message: 'giapponese.csv: la codifica del file non è riconosciuta' },
    { name: 'larghissimo.csv', buffer: Buffer.from(wide), message: 'larghissimo.csv: il file ha 10.000 colonne (al massimo 500)' },
  ];
  // Playwright hands over buffers up to 50 MB only: the big one goes through a file on disk.
  const huge = testInfo.outputPath('enorme.csv');
  fs.writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024, 'Rossi;01234567890\r\n'));
  const files = [...hostile.map((f) => ({ ...f, input: { name: f.name, mimeType: 'text/csv', buffer: f.buffer } })), { name: 'enorme.csv', input: huge, message: 'enorme.csv: il file è troppo grande (50 MB): il limite è 20 MB.' }];
  for (const file of files) {
    await input.setInputFiles(file.input);
    await expect(panel.getByRole('alert')).toContainText(file.message);
    await expect(panel.getByTestId('import-preview')).toHaveCount(0);
    // Importing anyway reads nothing from the refused file.
    await panel.getByRole('button', { name: 'Importa', exact: true }).click();
    await expect(panel.getByRole('alert').first()).toBeVisible();
  }
  expect(await customerCount()).toBe(before);
});

test('a name pasted with control characters, a right-to-left override and 10,000 characters is cut, said and stored clean', async ({ page }) => {
  await openSignedIn(page, 'grace', '/customers');
  await page.getByRole('button', { name: 'Nuovo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo cliente' });
  const name = dialog.getByLabel('Ragione Sociale');

  // A paste of 10,000 characters: the field keeps its limit and the page says what happened.
  await name.focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'y'.repeat(10_000));
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByRole('status').filter({ hasText: 'Testo troppo lungo' })).toHaveText(
    'Testo troppo lungo: questo campo accetta al massimo 300 caratteri. Il resto non è stato inserito.',
  );
  await name.fill('x'.repeat(10_000));
  await expect(name).toHaveValue('x'.repeat(300));

  // Invisible characters are dropped as they arrive: what is saved is what the owner sees.
  await name.fill('Ostile\u0007 \u202EProva\u202C\u200B S.r.l.\u0000');
  await expect(name).toHaveValue('Ostile Prova S.r.l.');
  await dialog.getByLabel('Codice Fiscale').fill('RSSMRA80A01H501U');
  await dialog.getByRole('button', { name: 'Aggiungi cliente' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await queryWhere('Customer', 'userId', SHOP)).map((d) => str(d.fields.ragioneSociale) ?? str(d.fields.name))).toContain('Ostile Prova S.r.l.');
});
