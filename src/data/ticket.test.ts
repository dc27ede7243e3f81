import { describe, expect, it } from 'vitest';
import { isTicketFinished, normalizeTicket, toFirestoreTicket } from './ticket';
import { stored, storedCollection } from './test-seed';

const tickets = storedCollection('Ticket').map(({ id, raw }) => normalizeTicket(id, raw));

describe('Ticket converter', () => {
  it('has every status, read and unread, and the finished states', () => {
    expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(['in corso', 'completato', 'annullato']));
    expect(tickets.some((t) => t.read) && tickets.some((t) => !t.read)).toBe(true);
    expect(tickets.filter(isTicketFinished).every((t) => t.status !== 'in corso')).toBe(true);
    expect(new Set(tickets.map((t) => t.type))).toEqual(new Set(['assistenza base', 'tecnico', 'developer']));
  });

  it('reads logs with status and type changes', () => {
    const t = normalizeTicket('ticket-003', stored('Ticket', 'ticket-003'));
    expect(t.logs[0]).toMatchObject({ changes: { status: { from: 'in corso', to: 'completato' } } });
    expect(t.logs[0]?.timestamp).toBeInstanceOf(Date);
    expect(t.lastModified).toBeInstanceOf(Date);
    expect(normalizeTicket('ticket-002', stored('Ticket', 'ticket-002')).logs[0]?.changes).toEqual({ type: { from: 'assistenza base', to: 'tecnico' } });
  });

  it('reads an imported ticket with a text date, and defaults', () => {
    const imported = normalizeTicket('ticket-import-001', stored('Ticket', 'ticket-import-001'));
    expect(typeof stored('Ticket', 'ticket-import-001').createdAt).toBe('string');
    expect(imported.createdAt).toBeInstanceOf(Date);
    const bare = normalizeTicket('x', { categorie: 'CASSA', status: 'Completato', taken: 'u1' });
    expect(bare).toMatchObject({ categorie: 'cassa', status: 'completato', type: 'assistenza base', read: false, taken: ['u1'], logs: [] });
    expect(normalizeTicket('y', { status: 'boh' })).toMatchObject({ status: 'in corso', statusRaw: 'boh' });
  });

  it('round-trips', () => {
    for (const { id, raw } of storedCollection('Ticket')) {
      const first = normalizeTicket(id, raw);
      expect(normalizeTicket(id, toFirestoreTicket(first))).toEqual(first);
    }
  });
});
