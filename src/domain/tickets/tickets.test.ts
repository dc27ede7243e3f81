import { describe, expect, it } from 'vitest';
import { describeChanges, EMPTY_TICKET_FILTERS, filterTickets, isUnreadOpen, missingTicketFields, sortTicketsNewestFirst, TICKET_MESSAGES, ticketUpdate } from './tickets';

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
    expect(u).toEqual({ type: 'tecnico', taken: ['tech-1', 'assist-1'], read: false, log: { userId: 'assist-1', userLabel: 'assistenza@demo.it', timestamp: now, changes: { type: { from: 'assistenza base', to: 'tecnico' } } } });
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
