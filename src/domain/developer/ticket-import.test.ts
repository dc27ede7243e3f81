import { describe, expect, it } from 'vitest';
import { parseTicketFile, TICKET_IMPORT_MESSAGES as M, ticketDocuments, ticketPreview } from './ticket-import';

const ticket = (extra: Record<string, unknown> = {}) => ({ createdAt: '2025-01-10T09:00:00Z', description: 'Stampante', userId: 'shop-1', ...extra });

describe('parseTicketFile', () => {
  it('reads an array or an object with a tickets array, with the defaults', () => {
    const fromArray = parseTicketFile(JSON.stringify([ticket()]));
    const fromObject = parseTicketFile(`\uFEFF${JSON.stringify({ tickets: [ticket({ categorie: 'CASSA', status: 'in corso', type: 'tecnico', taken: ['a', 3], read: true })] })}`);
    expect(fromArray).toEqual({ ok: true, tickets: [{ createdAt: '2025-01-10T09:00:00Z', description: 'Stampante', userId: 'shop-1', categorie: 'altro', status: 'completato', type: 'assistenza base', taken: [], read: false }] });
    expect(fromObject).toMatchObject({ ok: true, tickets: [{ categorie: 'cassa', status: 'in corso', type: 'tecnico', taken: ['a'], read: true }] });
  });

  it('keeps only tickets whose createdAt, description and userId are non-empty strings', () => {
    const result = parseTicketFile(JSON.stringify([ticket(), ticket({ userId: '' }), ticket({ createdAt: 12 }), ticket({ description: '  ' }), null, 'x']));
    expect(result.ok && result.tickets.length).toBe(1);
  });

  it('says why a file is refused', () => {
    expect(parseTicketFile('{ nope')).toEqual({ ok: false, error: M.readError });
    expect(parseTicketFile('{"items": []}')).toEqual({ ok: false, error: M.badFormat });
    expect(parseTicketFile('"text"')).toEqual({ ok: false, error: M.badFormat });
    expect(parseTicketFile(JSON.stringify([{ description: 'x' }]))).toEqual({ ok: false, error: M.noneValid });
    expect(parseTicketFile('[]')).toEqual({ ok: false, error: M.noneValid });
  });
});

describe('ticketPreview', () => {
  it('shows the first 50 and counts the others', () => {
    const list = Array.from({ length: 53 }, (_, i) => i);
    expect(ticketPreview(list).shown).toHaveLength(50);
    expect(ticketPreview(list).others).toBe(3);
    expect(ticketPreview([1]).others).toBe(0);
  });
});

describe('ticketDocuments', () => {
  const parsed = parseTicketFile(JSON.stringify([ticket(), ticket({ createdAt: 'ieri', description: 'Data non valida' }), ticket({ description: 'Altro problema', taken: ['x'] })]));
  const tickets = parsed.ok ? parsed.tickets : [];

  it('drops tickets without a valid date; status completato, read false, the configured owner and taken list', () => {
    const result = ticketDocuments(tickets, { ownerId: 'owner-cfg', taken: ['assist-cfg'] });
    expect(result.ok && result.docs.map((d) => d.data)).toEqual([
      { createdAt: new Date('2025-01-10T09:00:00Z'), userId: 'owner-cfg', categorie: 'altro', type: 'assistenza base', description: 'Stampante', read: false, status: 'completato', taken: ['assist-cfg'] },
      { createdAt: new Date('2025-01-10T09:00:00Z'), userId: 'owner-cfg', categorie: 'altro', type: 'assistenza base', description: 'Altro problema', read: false, status: 'completato', taken: ['assist-cfg'] },
    ]);
  });

  it('without configuration keeps the file owner and list; ids are stable across imports', () => {
    const a = ticketDocuments(tickets, { ownerId: '', taken: [] });
    const b = ticketDocuments(tickets, { ownerId: '', taken: [] });
    expect(a.ok && a.docs[1]?.data.userId).toBe('shop-1');
    expect(a.ok && a.docs[1]?.data.taken).toEqual(['x']);
    expect(a.ok && a.docs.map((d) => d.id)).toEqual(b.ok && b.docs.map((d) => d.id));
    expect(new Set(a.ok ? a.docs.map((d) => d.id) : []).size).toBe(2);
  });

  it('says why nothing is imported', () => {
    expect(ticketDocuments([], { ownerId: '', taken: [] })).toEqual({ ok: false, error: M.empty });
    const bad = parseTicketFile(JSON.stringify([ticket({ createdAt: 'mai' })]));
    expect(ticketDocuments(bad.ok ? bad.tickets : [], { ownerId: '', taken: [] })).toEqual({ ok: false, error: M.noneAfterValidation });
  });
});
