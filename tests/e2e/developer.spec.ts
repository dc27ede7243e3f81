import { expect, test, type Page } from './fixture';
import { DEMO_ACCOUNTS as A, axeViolations, login, openSignedIn, passLogFlushInterval, shot } from './helpers';
import { DEMO_CASH_IPAD, deleteDocument, getDocument, markDeviceSeen, putDocument, queryWhere, type FsValue } from './firestore-data';
import { createFixtureShop } from './shop-fixture';

/**
 * /developer as admin@demo.it. Tests that change the shared demo data (the seeded proposal, the seeded
 * products' changedPrice) put the documents back as they were, so the specs after this one see the seed.
 */

async function adminPage(page: Page) {
  await openSignedIn(page, 'admin', '/developer');
  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByRole('heading', { name: 'Developer Dashboard' })).toBeVisible();
}

function base(): string {
  return `http://${process.env.FIRESTORE_EMULATOR_HOST ?? ''}/v1/projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/databases/(default)/documents`;
}

/** Writes a document's stored fields back exactly (rules bypassed). */
async function putRaw(path: string, fields: Record<string, FsValue>): Promise<void> {
  const response = await fetch(`${base()}/${path}`, { method: 'PATCH', headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }, body: JSON.stringify({ fields }) });
  if (!response.ok) throw new Error(`Ripristino di ${path} non riuscito: ${await response.text()}`);
}

// The page's clock runs at its natural pace; a test waiting for a log entry moves it past the log's flush interval.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

async function expectLogged(page: Page, key: string, ...actions: string[]) {
  await passLogFlushInterval(page);
  await expect.poll(async () => (await queryWhere('UserLog', 'userId', key)).map((d) => d.fields.action?.stringValue), { timeout: 20_000 }).toEqual(expect.arrayContaining(actions));
}

function romeDate(d: Date): string {
  return new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

function isoDay(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() - daysAgo * 86_400_000));
}

async function openShop(page: Page, name: string) {
  await page.getByTestId('shop-item').filter({ has: page.getByText(name, { exact: true }) }).click();
  await expect(page.getByTestId('shop-detail').getByRole('heading', { name })).toBeVisible();
}

test('Negozi: the list, API logs by status, devices, the User Logs viewer with CSV details and flagging, axe-clean', async ({ page }) => {
  await adminPage(page);
  const shops = await fetch(`${base()}/Shop?pageSize=300`, { headers: { Authorization: 'Bearer owner' } }).then(async (r) => ((await r.json()) as { documents?: unknown[] }).documents ?? []);
  await expect(page.getByTestId('shop-count')).toHaveText(`(${String(shops.length)})`);
  // The shop with the seeded proposal comes first and is marked.
  const first = page.getByTestId('shop-item').first();
  await expect(first).toContainText(A.fewPacks.shopName);
  await expect(first).toContainText('Proposta in sospeso');

  await openShop(page, A.owner.shopName);
  const api = page.getByTestId('api-logs');
  await expect(api.locator('li')).toHaveCount(9);
  await expect(api.locator('[data-tone="error"]')).toHaveCount(2);
  await expect(api.locator('[data-tone="warn"]')).toHaveCount(1);
  await expect(api.locator('[data-tone="success"]')).toHaveCount(6);
  await expect(api.locator('[data-tone="error"]').first()).toContainText('Errore interno del fornitore');

  await markDeviceSeen(A.owner.uid, DEMO_CASH_IPAD, 6);
  await page.getByRole('tab', { name: 'Dispositivi' }).click();
  const devices = page.getByTestId('dev-devices');
  await expect(devices.locator('tbody tr')).toHaveCount(3);
  await expect(devices.locator('tr', { hasText: 'iPad Cassa 1' })).toContainText('Online');
  // 90 minutes ago: online for the owner (24 h), offline here (30 minutes).
  await expect(devices.locator('tr', { hasText: 'Simulatore sviluppo' })).toContainText('Offline');

  await page.getByRole('tab', { name: 'User Logs' }).click();
  await page.getByLabel('Dal', { exact: true }).fill(isoDay(3));
  await expect(page.getByTestId('log-table')).toBeVisible();
  await page.getByTestId('shop-detail').locator('label', { hasText: /^Azione/ }).locator('select').selectOption('csv_price_update');
  const rows = page.getByTestId('log-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The shop_update entry shows its before/after diff.
  await page.getByTestId('shop-detail').locator('label', { hasText: /^Azione/ }).locator('select').selectOption('shop_update');
  await rows.first().getByRole('button', { name: /Dettaglio/ }).click();
  const detail = page.getByRole('dialog', { name: 'Dettaglio attività' });
  await expect(detail.getByTestId('log-diff')).toContainText('phone');
  await expect(detail.getByTestId('log-diff')).toContainText('02 3456 7812');
  await detail.getByRole('button', { name: 'Chiudi' }).click();

  // CSV details and changedPrice flagging of the seeded price update (two products, both changed by +1 €).
  await page.getByTestId('shop-detail').locator('label', { hasText: /^Azione/ }).locator('select').selectOption('csv_price_update');
  await rows.first().getByRole('button', { name: 'Dettagli CSV' }).click();
  const csv = page.getByRole('dialog', { name: 'Dettagli operazioni CSV' });
  await expect(csv.getByTestId('csv-operations').locator('tbody tr')).toHaveCount(2);
  const products = (await queryWhere('Scrap', 'userId', A.owner.uid)).filter((d) => d.id === 'scrap-negozio-019' || d.id === 'scrap-negozio-020');
  try {
    await csv.getByRole('button', { name: 'Segna prezzi variati' }).click();
    await expect(csv.getByRole('status')).toHaveText(/Operazione completata: changedPrice impostato a true per \d+ prodott[oi]\./);
    const after = (await queryWhere('Scrap', 'userId', A.owner.uid)).filter((d) => d.fields.changedPrice?.booleanValue === true).map((d) => d.id);
    for (const p of products) expect(after).toContain(p.id);
    await expectLogged(page, A.owner.uid, 'changed_price_flagged');
  } finally {
    for (const p of products) await putRaw(`Scrap/${p.id}`, p.fields);
  }
  await csv.getByRole('button', { name: 'Chiudi' }).click();
  await page.getByRole('button', { name: 'Pulisci' }).click();
  await expect(page.getByTestId('shop-detail').locator('label', { hasText: /^Azione/ }).locator('select')).toHaveValue('');

  // Flagging across the current filters (every page): today has no price change, the last 20 days have two CSV
  // logs (the csv_import of 3 prices and the csv_price_update of 2).
  const flagAll = page.getByRole('button', { name: 'Segna prezzi variati (filtri attuali)' });
  await flagAll.click();
  await expect(page.getByTestId('shop-detail').getByRole('alert')).toHaveText('Nessuna operazione price_update con variazione prezzo trovata nei filtri attuali.');
  const ownerProducts = await queryWhere('Scrap', 'userId', A.owner.uid);
  const flaggedBefore = new Set(ownerProducts.filter((d) => d.fields.changedPrice?.booleanValue === true).map((d) => d.id));
  await page.getByLabel('Dal', { exact: true }).fill(isoDay(20));
  await expect(rows.first()).toBeVisible();
  try {
    await flagAll.click();
    await expect(page.getByTestId('shop-detail').getByRole('status').filter({ hasText: 'Operazione completata' })).toHaveText(
      /^Operazione completata: changedPrice impostato a true per \d+ prodott[oi]\.$/,
    );
    const flagged = (await queryWhere('Scrap', 'userId', A.owner.uid)).filter((d) => d.fields.changedPrice?.booleanValue === true && !flaggedBefore.has(d.id));
    expect(flagged.length).toBeGreaterThan(0);
  } finally {
    for (const p of ownerProducts) await putRaw(`Scrap/${p.id}`, p.fields);
  }
  await page.getByRole('button', { name: 'Pulisci' }).click();
  await shot(page, 'developer-negozi.png', { fullPage: true });
});

test('approving the seeded proposal: the subscription changes, the log line appears, the owner sees the new expiry', async ({ page, browser }) => {
  const subPath = 'ShopSubscription/sub-pochipacchetti-proposta';
  const shopPath = `Shop/${A.fewPacks.uid}`;
  const savedSub = await getDocument(subPath);
  const savedShop = await getDocument(shopPath);
  if (!savedSub || !savedShop) throw new Error('Dati demo mancanti');
  const expiry = new Date(savedSub.proposedExpiringDate?.timestampValue ?? '');
  try {
    await adminPage(page);
    await openShop(page, A.fewPacks.shopName);
    const box = page.getByTestId('proposal-box');
    await expect(box).toContainText('Plus');
    await expect(box).toContainText(romeDate(expiry));
    await box.getByRole('button', { name: 'Approva proposta' }).click();
    await expect(page.getByTestId('toast')).toContainText('Proposta approvata e applicata');
    await expect(box).toBeHidden();
    await expect(page.getByTestId('shop-item').filter({ hasText: A.fewPacks.shopName })).not.toContainText('Proposta in sospeso');

    const sub = await getDocument(subPath);
    expect(sub?.status?.stringValue).toBe('active');
    expect(sub?.expiringDate?.timestampValue).toBe(savedSub.proposedExpiringDate?.timestampValue);
    expect(sub?.startingDate?.timestampValue).toBe(savedSub.proposedStartingDate?.timestampValue);
    expect(sub?.approvedBy?.stringValue).toBe(A.admin.uid);
    expect(sub?.approvedAt?.timestampValue).toBeTruthy();
    expect((await getDocument(shopPath))?.subscriptionId?.stringValue).toBe('sub-pochipacchetti-proposta');
    await expectLogged(page, A.fewPacks.uid, 'subscription_approved');

    // The log line in the shop's User Logs (today).
    await page.getByRole('tab', { name: 'User Logs' }).click();
    await expect(page.getByTestId('log-table')).toContainText('Proposta di abbonamento approvata');

    // The owner sees the new expiry.
    const owner = await (await browser.newContext()).newPage();
    await openSignedIn(owner, 'fewPacks', '/settings?tab=abbonamento');
    await expect(owner.locator('.subscription-summary')).toContainText(romeDate(expiry));
    await owner.close();
  } finally {
    await putRaw(subPath, savedSub);
    await putRaw(shopPath, savedShop);
  }
});

test('Tecnico: save the technicians list, assign a technician after the confirmation, clear it — logged', async ({ page }) => {
  const shop = await createFixtureShop('sviluppo');
  await adminPage(page);
  await openShop(page, shop.name);
  await page.getByRole('tab', { name: 'Tecnico' }).click();
  await expect(page.getByRole('button', { name: 'Salva lista tecnici' })).toBeDisabled();
  await page.getByRole('checkbox', { name: A.tech.email }).check();
  await page.getByRole('button', { name: 'Annulla' }).click();
  await expect(page.getByRole('checkbox', { name: A.tech.email })).not.toBeChecked();
  await page.getByRole('checkbox', { name: A.tech.email }).check();
  await page.getByRole('button', { name: 'Salva lista tecnici' }).click();
  await expect(page.getByTestId('toast')).toContainText('Lista tecnici salvata.');
  await expect.poll(async () => JSON.stringify((await getDocument(`Shop/${shop.uid}`))?.technicians)).toContain(A.tech.uid);

  await page.getByRole('checkbox', { name: A.tech.email }).uncheck();
  await page.getByRole('button', { name: 'Salva lista tecnici' }).click();
  await expect.poll(async () => JSON.stringify((await getDocument(`Shop/${shop.uid}`))?.technicians)).not.toContain(A.tech.uid);

  await page.getByLabel('Tecnico assegnato').selectOption({ label: A.tech.email });
  await page.getByRole('button', { name: 'Assegna tecnico' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Conferma assegnazione' });
  await expect(confirm).toContainText(A.tech.email);
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('toast')).toContainText('Tecnico assegnato con successo.');
  const stored = await getDocument(`Shop/${shop.uid}`);
  expect(stored?.assignedTech?.stringValue).toBe(A.tech.uid);
  // Assigned also means listed.
  expect(JSON.stringify(stored?.technicians)).toContain(A.tech.uid);
  await expect(page.getByRole('checkbox', { name: A.tech.email })).toBeChecked();
  await expectLogged(page, shop.uid, 'technician_assigned');
  await shot(page, 'developer-tecnico.png', { fullPage: true });

  await page.getByLabel('Tecnico assegnato').selectOption({ label: 'Nessuno' });
  await page.getByRole('button', { name: 'Assegna tecnico' }).click();
  await page.getByRole('alertdialog', { name: 'Conferma assegnazione' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('toast')).toContainText('Assegnazione tecnico rimossa con successo.');
  await expect.poll(async () => (await getDocument(`Shop/${shop.uid}`))?.assignedTech?.stringValue).toBe('');
});

test('Piani: create a plan and a pack, edit them; validation; each change logged', async ({ page }) => {
  await adminPage(page);
  await page.getByRole('tab', { name: 'Piani' }).click();
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  const stamp = String(Date.now()).slice(-6);

  await page.getByRole('button', { name: 'Nuovo pacchetto' }).click();
  const packDialog = page.getByRole('dialog', { name: 'Nuovo pacchetto' });
  await packDialog.getByLabel('Nome').fill('   ');
  await packDialog.getByLabel('Prezzo (€)').fill('-1');
  await packDialog.getByRole('button', { name: 'Salva' }).click();
  await expect(packDialog.getByText('Il nome è obbligatorio.')).toBeVisible();
  await expect(packDialog.getByText('Il prezzo non può essere negativo.')).toBeVisible();
  await packDialog.getByLabel('Nome').fill(`  Pacchetto prova ${stamp} `);
  await packDialog.getByLabel('Prezzo (€)').fill('7.5');
  await packDialog.getByLabel('Descrizione').fill('Per i test');
  await packDialog.getByRole('button', { name: 'Salva' }).click();
  await expect(packDialog).toBeHidden();
  const packCard = page.getByTestId('pack-card').filter({ hasText: `Pacchetto prova ${stamp}` });
  await expect(packCard).toContainText('7,50');

  await page.getByRole('button', { name: 'Nuovo piano' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Nuovo piano' });
  await planDialog.getByLabel('Nome').fill(`Piano prova ${stamp}`);
  await planDialog.getByLabel('Prezzo mensile (€)').fill('19.99');
  await planDialog.getByLabel(`Pacchetto prova ${stamp}`).check();
  expect(await axeViolations(page)).toEqual([]);
  await planDialog.getByRole('button', { name: 'Salva' }).click();
  await expect(planDialog).toBeHidden();
  const planCard = page.getByTestId('plan-card').filter({ hasText: `Piano prova ${stamp}` });
  await expect(planCard).toContainText('19,99');
  await expect(planCard).toContainText(`Pacchetto prova ${stamp}`);

  await planCard.getByRole('button', { name: /Modifica piano/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modifica piano' });
  await expect(edit.getByLabel('Nome')).toHaveValue(`Piano prova ${stamp}`);
  await edit.getByLabel('Prezzo mensile (€)').fill('24');
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(planCard).toContainText('24,00');
  await packCard.getByRole('button', { name: /Modifica pacchetto/ }).click();
  await page.getByRole('dialog', { name: 'Modifica pacchetto' }).getByLabel('Descrizione').fill('Descrizione nuova');
  await page.getByRole('dialog', { name: 'Modifica pacchetto' }).getByRole('button', { name: 'Salva' }).click();
  await expect(packCard).toContainText('Descrizione nuova');

  const plans = await fetch(`${base()}/Plan?pageSize=300`, { headers: { Authorization: 'Bearer owner' } }).then(async (r) => ((await r.json()) as { documents?: { fields: Record<string, FsValue> }[] }).documents ?? []);
  const plan = plans.find((p) => p.fields.name?.stringValue === `Piano prova ${stamp}`);
  expect(plan?.fields.price).toEqual({ integerValue: '24' });
  await expectLogged(page, A.admin.uid, 'pack_created', 'plan_created', 'plan_updated', 'pack_updated');
  await shot(page, 'developer-piani.png', { fullPage: true });
});

test('Tecnici: add a technician on the secondary app (the admin stays signed in), who can then sign in as tech', async ({ page, browser }) => {
  await adminPage(page);
  await page.getByRole('tab', { name: 'Tecnici' }).click();
  await expect(page.getByTestId('tech-item').filter({ hasText: A.tech.email })).toBeVisible();
  await page.getByTestId('tech-item').filter({ hasText: A.tech.email }).click();
  await expect(page.getByTestId('tech-activity')).toBeVisible();

  await page.getByRole('button', { name: 'Aggiungi tecnico' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo tecnico' });
  await dialog.getByRole('button', { name: 'Crea tecnico' }).click();
  await expect(dialog.getByText('Email e password sono obbligatorie')).toBeVisible();
  await dialog.getByLabel('Email').fill(A.tech.email);
  await dialog.getByLabel('Password').fill('segreta1');
  await dialog.getByRole('button', { name: 'Crea tecnico' }).click();
  await expect(dialog.getByText('Questa email è già registrata.')).toBeVisible();

  const email = `tecnico.${String(Date.now()).slice(-6)}@prova.it`;
  await dialog.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await dialog.getByLabel('Password').fill('segreta1');
  await dialog.getByRole('button', { name: 'Crea tecnico' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText(`Tecnico ${email} creato con successo.`);
  await expect(page.getByTestId('tech-item').filter({ hasText: email })).toContainText('tech');
  await expectLogged(page, A.admin.uid, 'technician_created');
  // Still the admin: the tab keeps working and a reload stays on /developer.
  await page.reload();
  await expect(page).toHaveURL(/\/developer/);
  const [user] = (await fetch(`${base()}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'User' }], where: { fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } } } } }),
  }).then(async (r) => (await r.json()) as { document?: { fields: Record<string, FsValue> } }[])).filter((r) => r.document);
  expect(user?.document?.fields.level?.stringValue).toBe('tech');
  await shot(page, 'developer-tecnici.png', { fullPage: true });

  const tech = await (await browser.newContext()).newPage();
  await login(tech, email, 'segreta1');
  await expect(tech).toHaveURL(/\/tech-dashboard$/);
  await tech.close();
});

test("Crea Annuncio: empty text refused, posted with an expiry, closes by itself; negozio@demo.it's bell shows it", async ({ page, browser }) => {
  await adminPage(page);
  await page.getByRole('button', { name: 'Crea Annuncio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo annuncio' });
  await dialog.getByRole('button', { name: 'Pubblica annuncio' }).click();
  await expect(dialog.getByText("La descrizione dell'annuncio non può essere vuota.")).toBeVisible();
  const text = `Manutenzione straordinaria ${String(Date.now()).slice(-6)}`;
  await dialog.getByLabel('Descrizione').fill(`  ${text}  `);
  await dialog.getByLabel('Scadenza (facoltativa)').fill(`${isoDay(-10)}T18:00`);
  await dialog.getByRole('button', { name: 'Pubblica annuncio' }).click();
  await expect(dialog.getByText('Annuncio creato con successo.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectLogged(page, A.admin.uid, 'announcement_created');

  const owner = await (await browser.newContext()).newPage();
  await openSignedIn(owner, 'owner', '/dashboard');
  await expect(owner).toHaveURL(/\/dashboard$/);
  await owner.getByRole('button', { name: /^Notifiche:/ }).click();
  await expect(owner.getByRole('region', { name: 'Notifiche' })).toContainText(text);
  await owner.close();
});

test('a shop without userId: the logs are refused with the message of the spec', async ({ page }) => {
  const shop = await createFixtureShop('senzauserid');
  await fetch(`${base()}/Shop/${shop.uid}?updateMask.fieldPaths=userId`, { method: 'PATCH', headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }, body: JSON.stringify({ fields: {} }) });
  await adminPage(page);
  await openShop(page, shop.name);
  await expect(page.getByRole('alert')).toHaveText(`Shop "${shop.name}" non ha un userId. Impossibile caricare i logs.`);
  await page.getByRole('tab', { name: 'User Logs' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Shop "${shop.name}" non ha un userId. Impossibile caricare i logs.`);
});


test('ticket JSON import: a bad file is refused; the repository file previews 50 "and others", imports in one go', async ({ page }) => {
  await adminPage(page);
  const file = page.getByTestId('ticket-file');
  await file.setInputFiles({ name: 'sbagliato.json', mimeType: 'application/json', buffer: Buffer.from('{"items": []}') });
  await expect(page.getByTestId('ticket-import-message')).toHaveText('Formato non valido: atteso array di ticket o chiave "tickets" con un array.');

  await file.setInputFiles('scripts/seed/tickets-import.json');
  const dialog = page.getByRole('dialog', { name: 'Anteprima importazione ticket' });
  // 58 entries: 2 without userId / description are not read; 56 shown as valid, the first 50 listed.
  await expect(dialog.getByTestId('ticket-preview').locator('tbody tr')).toHaveCount(50);
  await expect(dialog.getByTestId('ticket-preview-others')).toHaveText('… e altri 6 ticket');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: /^Importa 56 ticket$/ }).click();
  // The one with an unreadable date is dropped at import.
  await expect(page.getByTestId('ticket-import-message')).toHaveText('Importazione completata: inseriti 55 ticket nella collezione "Ticket".');
  const imported = (await queryWhere('Ticket', 'userId', A.admin.uid)).filter((t) => t.id.startsWith('import-'));
  expect(imported).toHaveLength(55);
  for (const t of imported) {
    expect(t.fields.status?.stringValue).toBe('completato');
    expect(t.fields.read?.booleanValue).toBe(false);
    expect(t.fields.taken?.arrayValue?.values?.map((v) => v.stringValue)).toEqual([A.assist.uid]);
    expect(t.fields.createdAt?.timestampValue).toBeTruthy();
  }
  expect(imported.filter((t) => t.fields.categorie?.stringValue === 'altro')).toHaveLength(8);
  // Importing the same file again writes the same documents: still 55.
  await file.setInputFiles('scripts/seed/tickets-import.json');
  await page.getByRole('dialog', { name: 'Anteprima importazione ticket' }).getByRole('button', { name: /^Importa/ }).click();
  await expect(page.getByTestId('ticket-import-message')).toContainText('inseriti 55 ticket');
  expect((await queryWhere('Ticket', 'userId', A.admin.uid)).filter((t) => t.id.startsWith('import-'))).toHaveLength(55);
  await expectLogged(page, A.admin.uid, 'tickets_imported');
});

test('Identità fiscale: a shop carrying a P.IVA another shop holds is not verified; the admin shares it, then revokes — logged', async ({ page }) => {
  const holder = await createFixtureShop('titolare');
  const branch = await createFixtureShop('filiale', {}, { vat: holder.vat, registry: false });
  await adminPage(page);
  await openShop(page, branch.name);
  await page.getByRole('tab', { name: 'Identità fiscale' }).click();
  const panel = page.getByTestId('shop-detail').getByRole('tabpanel');
  await expect(panel).toContainText(`Partita IVA del negozio: ${holder.vat}`);
  await expect(panel).toContainText(`La partita IVA è registrata per un altro negozio (${holder.uid})`);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await panel.getByRole('button', { name: 'Condividi con questo negozio' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Identità fiscale' });
  await expect(confirm).toContainText(`Condividere la partita IVA ${holder.vat} con il negozio ${branch.uid}?`);
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Partita IVA ${holder.vat} condivisa con il negozio ${branch.uid}.`);
  await expect(panel).toContainText(`Verificata: condivisa dal negozio ${holder.uid}, che ne è il titolare.`);
  await expect.poll(async () => JSON.stringify((await getDocument(`FiscalId/${holder.vat}`))?.sharedWith)).toContain(branch.uid);
  await expectLogged(page, branch.uid, 'fiscal_id_shared');
  await shot(page, 'developer-identita-fiscale.png', { fullPage: true });

  await openShop(page, holder.name);
  await page.getByRole('tab', { name: 'Identità fiscale' }).click();
  await expect(panel).toContainText('Verificata: registrata per questo negozio.');
  await panel.getByRole('listitem').filter({ hasText: branch.uid }).getByRole('button', { name: 'Revoca' }).click();
  await page.getByRole('alertdialog', { name: 'Identità fiscale' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(panel).toContainText('Nessuna condivisione.');
  await expect.poll(async () => JSON.stringify((await getDocument(`FiscalId/${holder.vat}`))?.sharedWith ?? null)).not.toContain(branch.uid);
  // The fiscal id's holder never changed.
  expect((await getDocument(`FiscalId/${holder.vat}`))?.shopId?.stringValue).toBe(holder.uid);
});

test('Sconto vuoto ai prodotti (document 3 §7): a product stored without a discount gets an empty one, the others keep theirs; logged', async ({ page }) => {
  const run = String(Date.now());
  const without = `Scrap/e2e-senza-sconto-${run}`;
  const withOne = `Scrap/e2e-con-sconto-${run}`;
  await putDocument(without, { userId: A.owner.uid, name: 'Prodotto senza sconto (e2e)' });
  await putDocument(withOne, { userId: A.owner.uid, name: 'Prodotto con sconto (e2e)', discount: '15' });
  await openSignedIn(page, 'admin', '/developer');
  await page.getByRole('tab', { name: 'Migrazioni DB' }).click();
  const panel = page.getByRole('region', { name: 'Sconto vuoto ai prodotti' });
  await panel.getByRole('button', { name: 'Aggiungi sconto vuoto' }).click();
  await expect(panel.getByTestId('discount-backfill-status')).toContainText('Completato:', { timeout: 120_000 });
  expect((await getDocument(without))?.discount).toEqual({ stringValue: '' });
  expect((await getDocument(withOne))?.discount).toEqual({ stringValue: '15' });
  await expectLogged(page, 'Scrap', 'discount_backfill');
  await deleteDocument(without);
  await deleteDocument(withOne);
});
