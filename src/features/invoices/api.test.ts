import { describe, expect, it } from 'vitest';
import { draftRow } from '@/domain/invoices/invoice-list';
import { groupDrafts } from '@/domain/invoices/draft-groups';
import type { Sale } from '@/data/sale';
import { draftSubject } from './api';

function draft(extra: Partial<Sale>): Sale {
  return {
    id: 'd1', userId: 'shop', date: new Date(2026, 10, 27), price: 12.2, total: 12.2, method: 'Fattura', methodKind: 'fatture', isVoid: false,
    lines: [], lineSource: 'items', isManualBancomatSale: false, migrated: false, invoiceUUID: '', invoiceNumber: '7',
    shopId: 'shop', deleted: false, permanentlyDeleted: false, ...extra,
  };
}

// draftSubject is what every draft log entry names (trash, restore, purge, edit, merge): the list must say the same.
describe('the customer name of a draft: one rule for the invoice list and the activity log', () => {
  const cases: [string, Partial<Sale>, string][] = [
    ['a company whose draft also carries a person written beside it', { customer: { id: 'c', userId: 'shop', ragioneSociale: 'Rossi SRL', name: 'Mario', surname: 'Rossi' }, customerName: 'Mario Rossi' }, 'Rossi SRL'],
    ['a private customer (an empty ragione sociale stored)', { customer: { id: 'c', userId: 'shop', ragioneSociale: ' ', name: 'Anna', surname: 'Bianchi' }, customerName: '' }, 'Anna Bianchi'],
    ['only the name written beside the draft', { customerName: ' Bar Sport ' }, 'Bar Sport'],
    ['a stored customer without any name, with the name written beside the draft', { customer: { id: 'c', userId: 'shop', partitaIva: '04821730159' }, customerName: 'Bar Sport' }, 'Bar Sport'],
    ['a stored customer without any name and nothing beside it', { customer: { id: 'c', userId: 'shop', partitaIva: '04821730159' }, customerName: '' }, 'P.IVA 04821730159'],
    ['no customer at all', {}, 'Cliente non indicato'],
  ];
  for (const [what, extra, name] of cases) {
    it(`${what}: '${name}' in the list, the drafts' group and the log`, () => {
      const d = draft(extra);
      expect(draftRow(d).counterpart).toBe(name);
      expect(groupDrafts([d])[0]?.buyer).toBe(name);
      expect(draftSubject(d)).toEqual({ id: 'd1', number: '7', counterpart: name });
    });
  }
});
