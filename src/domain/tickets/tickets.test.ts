import { describe, expect, it } from 'vitest';
import { describeChanges, EMPTY_TICKET_FILTERS, filterTickets, isUnreadOpen, missingTicketFields, myTicketsUnreadText, replyProblem, shopReply, sortTicketsNewestFirst, TICKET_MESSAGE_MAX, TICKET_MESSAGES, ticketUpdate } from './tickets';

const actor = { uid: 'assist-1', label: 'assistenza@demo.it' };
const now = new Date('2026-11-25T10:00:00Z');

describe('missingTicketFields', () => {
  it('lists the missing fields in the form order, for the spec message', () => {
    expect(missingTicketFields({ shopId: '', categorie: '', type: '', description: '  ' })).toEqual(['Negozio', 'Macro categoria', 'Tipo', 'Descrizione']);
    expect(missingTicketFields({ shopId: 's', categorie: 'cassa', type: 'tecnico', description: 'x' })).toEqual([]);
    expect(TICKET_MESSAGES.missing(['Negozio', 'Descrizione'])).toBe('Compila i seguenti campi prima di inviare: Negozio, Descrizione');
  });
});

describe('ticketUpdate (document 3 §4)', () => {
  const current = { status: 'in corso', type: 'assistenza base', taken: ['tech-1'], logCount: 0 };

  it('no change: nothing to write (the modal just closes)', () => {
    expect(ticketUpdate(current, { status: 'in corso', type: 'assistenza base' }, actor, now)).toBeUndefined();
  });

  it('a type change: one log entry, the actor added to taken, read reset, no lastModified', () => {
    const u = ticketUpdate(current, { status: 'in corso', type: 'tecnico' }, actor, now);
    expect(u).toEqual({ type: 'tecnico', taken: ['tech-1', 'assist-1'], read: false, staffRead: true, log: { userId: 'assist-1', userLabel: 'assistenza@demo.it', timestamp: now, changes: { type: { from: 'assistenza base', to: 'tecnico' } } } });
  });

  it('completato and annullato set lastModified; in corso does not; taken never repeats the actor', () => {
    expect(ticketUpdate(current, { status: 'completato', type: 'assistenza base' }, actor, now)?.lastModified).toEqual(now);
    expect(ticketUpdate(current, { status: 'annullato', type: 'assistenza base' }, actor, now)?.lastModified).toEqual(now);
    const reopened = ticketUpdate({ ...current, status: 'completato', taken: ['assist-1'] }, { status: 'in corso', type: 'developer' }, actor, now);
    expect(reopened?.lastModified).toBeUndefined();
    expect(reopened?.taken).toEqual(['assist-1']);
    expect(reopened?.log.changes).toEqual({ status: { from: 'completato', to: 'in corso' }, type: { from: 'assistenza base', to: 'developer' } });
    expect(describeChanges(reopened!.log.changes)).toEqual(['Stato: completato → in corso', 'Tipo: assistenza base → developer']);
  });
});

describe('the conversation', () => {
  const current = { status: 'in corso', type: 'assistenza base', taken: [], logCount: 1 };

  it("support's reply alone is a save: one entry with the text, the shop's bell counts it, the shop's message is seen", () => {
    const u = ticketUpdate(current, { status: 'in corso', type: 'assistenza base', message: '  Provi a riavviare la cassa.  ' }, actor, now);
    expect(u).toEqual({ taken: ['assist-1'], read: false, staffRead: true, log: { userId: 'assist-1', userLabel: 'assistenza@demo.it', timestamp: now, changes: {}, message: 'Provi a riavviare la cassa.' } });
    expect(ticketUpdate(current, { status: 'in corso', type: 'assistenza base', message: '   ' }, actor, now)).toBeUndefined();
  });

  it('a reply with a change of status is one entry holding both', () => {
    const u = ticketUpdate(current, { status: 'completato', type: 'assistenza base', message: 'Risolto.' }, actor, now);
    expect(u?.log.changes).toEqual({ status: { from: 'in corso', to: 'completato' } });
    expect(u?.log.message).toBe('Risolto.');
    expect(u?.lastModified).toEqual(now);
  });

  it("the shop's reply: its text, author and time, support's unread mark; nothing of support's fields", () => {
    const shop = { uid: 'shop-1', label: 'Bottega Verdi' };
    expect(shopReply(' Grazie, ora funziona. ', shop, now)).toEqual({ log: { userId: 'shop-1', userLabel: 'Bottega Verdi', timestamp: now, message: 'Grazie, ora funziona.' }, staffRead: false });
    expect(shopReply('  ', shop, now)).toBeUndefined();
    expect(shopReply('x'.repeat(TICKET_MESSAGE_MAX + 1), shop, now)).toBeUndefined();
  });

  it('an empty or too long reply is refused with its reason', () => {
    expect(replyProblem(' ')).toBe(TICKET_MESSAGES.replyEmpty);
    expect(replyProblem('x'.repeat(TICKET_MESSAGE_MAX))).toBeUndefined();
    expect(replyProblem('x'.repeat(TICKET_MESSAGE_MAX + 1))).toBe('La risposta è troppo lunga: al massimo 2000 caratteri.');
  });

  it('/my-tickets says when a closed ticket has an update the bell does not count', () => {
    expect(myTicketsUnreadText([])).toBe('Nessun aggiornamento da leggere.');
    expect(myTicketsUnreadText([{ read: false, status: 'completato' }])).toBe('1 ticket chiuso ha un aggiornamento da leggere.');
    expect(myTicketsUnreadText([{ read: false, status: 'in corso' }, { read: false, status: 'in corso' }, { read: false, status: 'annullato' }, { read: false, status: 'completato' }, { read: true, status: 'in corso' }])).toBe(
      'Hai 2 ticket non letti in lavorazione. 2 ticket chiusi hanno un aggiornamento da leggere.',
    );
  });
});

describe('list helpers', () => {
  const rows = [
    { id: 'a', userId: 's1', createdAt: new Date('2026-01-02'), categorie: 'cassa', type: 'tecnico', description: 'Stampante ferma', status: 'in corso', read: false },
    { id: 'b', userId: 's2', createdAt: new Date('2026-01-03'), categorie: 'fatture', type: 'assistenza base', description: 'Scarto SDI', status: 'completato', read: false },
    { id: 'c', userId: 's1', categorie: 'altro', type: 'developer', description: 'Senza data', status: 'annullato', read: true },
  ];
  const label = (id: string) => (id === 's1' ? 'Bottega Verdi' : 'Ferramenta');

  it('filters by status, type, category, shop and text (description, shop label, id)', () => {
    expect(filterTickets(rows, { ...EMPTY_TICKET_FILTERS, status: 'completato' }, label).map((r) => r.id)).toEqual(['b']);
    expect(filterTickets(rows, { ...EMPTY_TICKET_FILTERS, type: 'tecnico', categorie: 'cassa' }, label).map((r) => r.id)).toEqual(['a']);
    expect(filterTickets(rows, { ...EMPTY_TICKET_FILTERS, shopId: 's1' }, label).map((r) => r.id)).toEqual(['a', 'c']);
    expect(filterTickets(rows, { ...EMPTY_TICKET_FILTERS, text: 'bottega' }, label).map((r) => r.id)).toEqual(['a', 'c']);
    expect(filterTickets(rows, { ...EMPTY_TICKET_FILTERS, text: 'SDI' }, label).map((r) => r.id)).toEqual(['b']);
  });

  it('sorts newest first, undated last; the bell counts unread unfinished only', () => {
    expect(sortTicketsNewestFirst(rows).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(rows.filter(isUnreadOpen).map((r) => r.id)).toEqual(['a']);
  });
});
