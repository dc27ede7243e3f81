import { expect, test, type Page } from './fixture';
import { axeViolations, DEMO_ACCOUNTS, login, openSignedIn, shot } from './helpers';
import { getDocument } from './firestore-data';
import { OFFLINE_TEXT } from './faults';

/**
 * assistenza@demo.it opens a ticket for negozio@demo.it's shop, changes its type, completes it (the log
 * shows both changes); the owner follows it live on /my-tickets, and the bell counts exactly what that screen
 * marks as unread in progress.
 */
const A = DEMO_ACCOUNTS;

/** The shell's banner while the page cannot reach Firestore (inside an open dialog too: the last one). */
const offlineBanner = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE_TEXT });

async function bellTicketCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifiche:/ });
  await bell.click();
  const text = (await page.getByRole('region', { name: 'Notifiche' }).textContent()) ?? '';
  await bell.click();
  const match = /Hai (\d+) ticket non lett/.exec(text);
  return match ? Number(match[1]) : 0;
}

async function myTicketsCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('my-tickets-unread').textContent()) ?? '';
  const match = /Hai (\d+) ticket/.exec(text);
  return match ? Number(match[1]) : 0;
}

async function manage(page: Page, description: string, field: 'Stato' | 'Tipo', value: string) {
  await page.getByRole('button', { name: `Gestisci il ticket: ${description}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestisci ticket' });
  await expect(dialog.getByLabel('Stato')).toBeFocused();
  await dialog.getByLabel(field).selectOption(value);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
}

test('assist opens a ticket for Bottega Verdi and completes it; the owner follows it on /my-tickets and the bell agrees', async ({ browser, page }) => {
  const description = `Il cassetto non si apre (e2e ${String(Date.now())})`;
  // Not openSignedIn: this is the account's only sign-in in the suite, so it would sign in through the form anyway.
  await login(page, 'assist');
  await expect(page).toHaveURL(/\/ticket$/);
  await expect(page.getByRole('heading', { name: 'Ticket di Assistenza' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // One way out (document 3 §2.5 names the page's button): no second 'Esci' in the top bar.
  await expect(page.getByRole('button', { name: 'Esci' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Ticket' })).toBeVisible();

  // Missing fields, then the ticket.
  await page.getByRole('button', { name: 'Nuovo ticket' }).click();
  const create = page.getByRole('dialog', { name: 'Nuovo ticket' });
  await expect(create.getByLabel('Negozio')).toBeFocused();
  await create.getByLabel('Tipo').selectOption('');
  await create.getByRole('button', { name: 'Invia ticket' }).click();
  await expect(create.getByRole('alert')).toHaveText('Compila i seguenti campi prima di inviare: Negozio, Macro categoria, Tipo, Descrizione');
  await create.getByLabel('Negozio').selectOption({ label: `${A.owner.name} · ${A.owner.email}` });
  await create.getByLabel('Macro categoria').selectOption('cassa');
  await create.getByLabel('Tipo').selectOption('assistenza base');
  await create.getByLabel('Descrizione').fill(description);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await create.getByRole('button', { name: 'Invia ticket' }).click();
  await expect(page.getByTestId('toast')).toContainText('Ticket inserito con successo!');
  await expect(create).toBeHidden();

  await page.getByLabel('Cerca', { exact: true }).fill(description);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('In corso');
  await expect(row).toContainText('Assistenza base');
  const ticketId = ((await row.getAttribute('data-testid')) ?? '').replace('ticket-', '');

  // First change: the type. The ticket is still in progress and unread for the owner.
  await manage(page, description, 'Tipo', 'tecnico');
  await expect(row).toContainText('Tecnico');

  // The owner, in a browser of their own.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await openSignedIn(owner, 'owner', '/my-tickets');
  const card = owner.getByTestId(`my-ticket-${ticketId}`);
  await expect(card).toContainText(description);
  await expect(card).toContainText('Nuovo aggiornamento');
  await expect(card).toContainText('In corso');
  const unreadBefore = await myTicketsCount(owner);
  expect(unreadBefore).toBeGreaterThan(0);
  await expect.poll(() => bellTicketCount(owner), { timeout: 20_000 }).toBe(unreadBefore);
  expect(await axeViolations(owner, 'main')).toEqual([]);
  await shot(owner, 'my-tickets.png', { fullPage: true });

  // Reading its history marks it read: this screen and the bell both count one less.
  await card.getByRole('button', { name: /^Conversazione/ }).click();
  await expect(card).toContainText('Tipo: assistenza base → tecnico');
  await expect(card).not.toContainText('Nuovo aggiornamento');
  await expect.poll(() => myTicketsCount(owner)).toBe(unreadBefore - 1);
  await expect.poll(() => bellTicketCount(owner), { timeout: 20_000 }).toBe(unreadBefore - 1);

  // Second change: completed. The owner's screen follows live (no reload).
  await manage(page, description, 'Stato', 'completato');
  await expect(row).toContainText('Completato');
  await owner.getByRole('button', { name: /^Tutti/ }).click();
  await expect(card).toContainText('Completato');
  await expect(card).toContainText('Stato: in corso → completato');
  await expect(card).toContainText('Nuovo aggiornamento');
  await expect.poll(() => bellTicketCount(owner), { timeout: 20_000 }).toBe(unreadBefore - 1);

  // No change: the modal just closes, nothing is written.
  await page.getByRole('button', { name: `Gestisci il ticket: ${description}` }).click();
  await page.getByRole('dialog', { name: 'Gestisci ticket' }).getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByRole('dialog', { name: 'Gestisci ticket' })).toBeHidden();

  // The log shows both changes, by the assist user.
  await page.getByRole('button', { name: `Storico del ticket: ${description}` }).click();
  const log = page.getByRole('dialog', { name: 'Storico del ticket' });
  await expect(log.getByRole('listitem').filter({ hasText: A.assist.email })).toHaveCount(2);
  await expect(log).toContainText('Tipo: assistenza base → tecnico');
  await expect(log).toContainText('Stato: in corso → completato');
  await shot(page, 'ticket-log.png');
  await log.getByRole('button', { name: 'Chiudi' }).click();

  const stored = await getDocument(`Ticket/${ticketId}`);
  expect(stored?.status?.stringValue).toBe('completato');
  expect(stored?.userId?.stringValue).toBe(A.owner.uid);
  expect(stored?.read?.booleanValue).toBe(false);
  expect(stored?.lastModified?.timestampValue).toBeTruthy();
  expect(stored?.taken?.arrayValue?.values?.map((v) => v.stringValue)).toEqual([A.assist.uid]);
  expect(stored?.logs?.arrayValue?.values).toHaveLength(2);

  await page.getByLabel('Cerca', { exact: true }).fill('');
  await shot(page, 'ticket-page.png', { fullPage: true });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await ownerContext.close();
});

test('a ticket is a conversation: support answers, the owner replies, each side sees what the other wrote and what is unread', async ({ browser, page }) => {
  const description = `La stampante fiscale non stampa il totale (e2e ${String(Date.now())})`;
  await openSignedIn(page, 'owner', '/my-tickets');
  await page.getByRole('button', { name: 'Nuovo ticket' }).click();
  const create = page.getByRole('dialog', { name: 'Nuovo ticket' });
  await create.getByLabel('Macro categoria').selectOption('cassa');
  await create.getByLabel('Descrizione').fill(description);
  await create.getByRole('button', { name: 'Invia ticket' }).click();
  await expect(page.getByTestId('toast')).toContainText('Ticket inserito con successo!');
  const card = page.locator('li.my-ticket').filter({ hasText: description });
  await expect(card).toBeVisible();

  // Support sees a new request from the shop, marked until someone opens it.
  const assistContext = await browser.newContext();
  const assist = await assistContext.newPage();
  await openSignedIn(assist, 'assist', '/ticket');
  await assist.getByLabel('Cerca', { exact: true }).fill(description);
  const row = assist.getByRole('row').filter({ hasText: description });
  await expect(row.getByTestId('ticket-shop-reply')).toHaveText('Da leggere: scritto dal negozio');
  await assist.getByRole('button', { name: `Gestisci il ticket: ${description.slice(0, 60)}` }).click();
  const manageDialog = assist.getByRole('dialog', { name: 'Gestisci ticket' });
  await manageDialog.getByLabel('Risposta al negozio (facoltativa)').fill('Provi a spegnere e riaccendere la stampante, poi ci dica.');
  await manageDialog.getByRole('button', { name: 'Salva' }).click();
  await expect(assist.getByTestId('toast')).toContainText('Risposta inviata.');
  await expect(row.getByTestId('ticket-shop-reply')).toHaveCount(0);

  // The owner is told (the card and the bell) and reads the answer with its author and time.
  await expect(card).toContainText('Nuovo aggiornamento');
  await card.getByRole('button', { name: /^Conversazione/ }).click();
  const conversation = card.getByRole('list', { name: 'Conversazione e storico' });
  const answer = conversation.getByRole('listitem').filter({ hasText: 'Provi a spegnere e riaccendere la stampante, poi ci dica.' });
  await expect(answer).toContainText(A.assist.email);
  await expect(answer).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(card).not.toContainText('Nuovo aggiornamento');
  await card.getByLabel("La tua risposta all'assistenza").fill('Fatto: ora stampa il totale. Grazie!');
  await card.getByRole('button', { name: 'Invia risposta' }).click();
  await expect(page.getByTestId('toast')).toContainText('Risposta inviata.');
  await expect(conversation.getByRole('listitem').filter({ hasText: 'Fatto: ora stampa il totale. Grazie!' })).toContainText('negozio');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'my-tickets-conversation.png', { fullPage: true });

  // Support sees the reply marked, live; opening the conversation reads it.
  await expect(row.getByTestId('ticket-shop-reply')).toBeVisible();
  await assist.getByRole('button', { name: `Storico del ticket: ${description.slice(0, 60)}` }).click();
  const log = assist.getByRole('dialog', { name: 'Storico del ticket' });
  await expect(log).toContainText('Fatto: ora stampa il totale. Grazie!');
  await expect(log).toContainText('Provi a spegnere e riaccendere la stampante, poi ci dica.');
  await log.getByRole('button', { name: 'Chiudi' }).click();
  await expect(row.getByTestId('ticket-shop-reply')).toHaveCount(0);

  // Closed with a last word: the owner's screen says a closed ticket has an update (the bell counts only open ones).
  const closedUnread = async () => Number(/(\d+) ticket chius/.exec((await page.getByTestId('my-tickets-unread').textContent()) ?? '')?.[1] ?? 0);
  const closedBefore = await closedUnread();
  await assist.getByRole('button', { name: `Gestisci il ticket: ${description.slice(0, 60)}` }).click();
  await manageDialog.getByLabel('Stato').selectOption('completato');
  await manageDialog.getByLabel('Risposta al negozio (facoltativa)').fill('Chiudo il ticket. Buon lavoro!');
  await manageDialog.getByRole('button', { name: 'Salva' }).click();
  await expect(assist.getByTestId('toast')).toContainText('Modifiche salvate.');
  await expect.poll(closedUnread).toBe(closedBefore + 1);
  await expect(page.getByTestId('my-tickets-unread')).toContainText(closedBefore === 0 ? '1 ticket chiuso ha un aggiornamento da leggere.' : 'ticket chiusi hanno un aggiornamento da leggere.');
  await page.getByRole('button', { name: /^Tutti/ }).click();
  await expect(card).toContainText('Completato');
  await expect(card).toContainText('Nuovo aggiornamento');

  const stored = await getDocument(`Ticket/${((await row.getAttribute('data-testid')) ?? '').replace('ticket-', '')}`);
  const logs = stored?.logs?.arrayValue?.values?.map((v) => v.mapValue?.fields?.message?.stringValue) ?? [];
  expect(logs).toEqual(['Provi a spegnere e riaccendere la stampante, poi ci dica.', 'Fatto: ora stampa il totale. Grazie!', 'Chiudo il ticket. Buon lavoro!']);
  expect(stored?.staffRead?.booleanValue).toBe(true);
  await assistContext.close();
});

test('the owner opens a ticket for their own shop; a technician sees it and has a back button; filters and paging', async ({ browser, page }) => {
  const description = `Richiesta dal titolare ${String(Date.now())}`;
  await openSignedIn(page, 'owner', '/my-tickets');
  await page.getByRole('button', { name: 'Nuovo ticket' }).click();
  const create = page.getByRole('dialog', { name: 'Nuovo ticket' });
  await expect(create.getByLabel('Macro categoria')).toBeFocused();
  await create.getByLabel('Macro categoria').selectOption('fatture');
  await create.getByLabel('Descrizione').fill(description);
  await create.getByRole('button', { name: 'Invia ticket' }).click();
  await expect(page.getByTestId('toast')).toContainText('Ticket inserito con successo!');
  await expect(page.getByText(description)).toBeVisible();

  const techContext = await browser.newContext();
  const tech = await techContext.newPage();
  await openSignedIn(tech, 'tech', '/tech-dashboard');
  await expect(tech).toHaveURL(/\/tech-dashboard$/);
  await tech.getByRole('link', { name: 'Ticket assistenza' }).click();
  await expect(tech.getByRole('heading', { name: 'Ticket di Assistenza' })).toBeVisible();
  await expect(tech.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(tech.getByRole('button', { name: 'Esci' })).toBeVisible();
  await expect(tech.getByRole('row').filter({ hasText: description })).toHaveCount(1);
  await tech.getByLabel('Stato', { exact: true }).selectOption('annullato');
  await expect(tech.getByRole('row').filter({ hasText: description })).toHaveCount(0);
  await expect(tech.getByRole('row').filter({ hasText: 'Le statistiche per categoria' })).toHaveCount(1);
  await tech.getByLabel('Stato', { exact: true }).selectOption('');
  await tech.getByLabel('Categoria', { exact: true }).selectOption('fatture');
  await expect(tech.getByRole('row').filter({ hasText: description })).toHaveCount(1);
  await tech.getByRole('button', { name: 'Indietro' }).click();
  await expect(tech).toHaveURL(/\/tech-dashboard$/);
  await techContext.close();
});

test('a ticket status change offline: refused at once in Italian, the stored ticket unchanged, saved once when back', async ({ page }) => {
  const description = `Stampante ferma senza rete (e2e ${String(Date.now())})`;
  await login(page, 'assist');
  await expect(page).toHaveURL(/\/ticket$/);
  await page.getByRole('button', { name: 'Nuovo ticket' }).click();
  const create = page.getByRole('dialog', { name: 'Nuovo ticket' });
  await create.getByLabel('Negozio').selectOption({ label: `${A.owner.name} · ${A.owner.email}` });
  await create.getByLabel('Macro categoria').selectOption('cassa');
  await create.getByLabel('Tipo').selectOption('assistenza base');
  await create.getByLabel('Descrizione').fill(description);
  await create.getByRole('button', { name: 'Invia ticket' }).click();
  await expect(create).toBeHidden();
  await page.getByLabel('Cerca', { exact: true }).fill(description);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('In corso');
  const ticketId = ((await row.getAttribute('data-testid')) ?? '').replace('ticket-', '');
  expect(ticketId).not.toBe('');
  const stored = () => getDocument(`Ticket/${ticketId}`);

  await page.getByRole('button', { name: `Gestisci il ticket: ${description}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestisci ticket' });
  await dialog.getByLabel('Stato').selectOption('completato');
  // The transaction needs the server: offline it is not started, and the dialog says so at once.
  await page.context().setOffline(true);
  await expect(offlineBanner(page).last()).toBeVisible();
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Errore nel salvataggio dello stato: ' })).toContainText(
    'Servizio momentaneamente non raggiungibile. Controlla la connessione e riprova.',
    { timeout: 5_000 },
  );
  await expect(dialog.getByRole('button', { name: 'Salva' })).toBeEnabled();
  await page.context().setOffline(false);
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 60_000 });
  const unchanged = await stored();
  expect(unchanged?.status?.stringValue).toBe('in corso');
  expect(unchanged?.logs?.arrayValue?.values ?? []).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(row).toContainText('Completato');
  const saved = await stored();
  expect(saved?.status?.stringValue).toBe('completato');
  expect(saved?.logs?.arrayValue?.values ?? []).toHaveLength(1);
});
