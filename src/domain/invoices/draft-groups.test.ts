import { describe, expect, it } from 'vitest';
import { groupDrafts, mergeableDrafts, mergeRefusal } from './draft-groups';
import { BUYER_NOT_FOUND, draftBuyer, NO_BUYER, type CustomerDirectory, type DraftLike } from './invoice-list';

const at = (day: number) => new Date(2026, 10, day, 10);
const directory: CustomerDirectory = new Map([
  ['c-rossi', { ragioneSociale: 'Rossi S.r.l.' }],
  ['c-bianchi', { name: 'Anna', surname: 'Bianchi' }],
  ['c-verdi', { ragioneSociale: 'Verdi S.p.A.' }],
  ['c-neri', { partitaIva: '04821730159' }],
]);
const draft = (id: string, extra: Partial<DraftLike>, total = 10, day = 1): DraftLike => ({ id, method: 'Fattura', price: total, total, createdAt: at(day), ...extra });

describe('drafts grouped by the buyer they name', () => {
  // The shape of the seeded demo shop: drafts that store only a customer id, no name.
  const byIdOnly = [
    draft('a', { customerId: 'c-rossi' }, 100, 1),
    draft('b', { customerId: 'c-rossi' }, 50, 2),
    draft('c', { customerId: 'c-bianchi' }, 20, 3),
    draft('d', { customerId: 'c-verdi' }, 30, 4),
    draft('e', { customerId: 'c-neri' }, 40, 5),
    draft('nc', { customerId: 'c-rossi', method: 'Nota di Credito' }, 271.8, 6),
    draft('x', {}, 7, 7),
    draft('y', {}, 8, 8),
  ];

  it('never puts drafts of different customers in one group, nor drafts that name nobody', () => {
    const groups = groupDrafts(byIdOnly, directory);
    expect(groups.map((g) => [g.buyer, g.drafts.map((d) => d.id)])).toEqual([
      [NO_BUYER, ['y']],
      [NO_BUYER, ['x']],
      ['Rossi S.r.l.', ['nc', 'b', 'a']],
      ['P.IVA 04821730159', ['e']],
      ['Verdi S.p.A.', ['d']],
      ['Anna Bianchi', ['c']],
    ]);
    for (const g of groups) expect(new Set(g.drafts.map((d) => draftBuyer(d, directory).key)).size).toBe(1);
  });

  it('subtracts credit notes from the group total, exactly to the cent', () => {
    const rossi = groupDrafts(byIdOnly, directory).find((g) => g.buyer === 'Rossi S.r.l.');
    expect(rossi).toMatchObject({ total: -121.8, invoiceCount: 2, creditNoteCount: 1 });
    // A credit note stored with a negative total still counts against the group.
    const negative = groupDrafts([draft('i', { customerId: 'c-rossi' }, 0.3), draft('n', { customerId: 'c-rossi', method: 'Nota di Credito' }, -0.1)], directory);
    expect(negative[0]?.total).toBe(0.2);
  });

  it('offers the merge only over two or more ordinary invoices of the group, never its credit note', () => {
    const groups = groupDrafts(byIdOnly, directory);
    expect(groups.find((g) => g.buyer === 'Rossi S.r.l.')?.mergeable.map((d) => d.id)).toEqual(['b', 'a']);
    for (const g of groups.filter((x) => x.buyer !== 'Rossi S.r.l.')) expect(g.mergeable).toEqual([]);
    // One invoice and one credit note: nothing to merge.
    expect(groupDrafts([draft('i', { customerId: 'c-verdi' }), draft('n', { customerId: 'c-verdi', type: 'TD04' })], directory)[0]?.mergeable).toEqual([]);
    // A deferred invoice (TD24) keeps its delivery notes: not merged either.
    expect(mergeableDrafts([draft('i', { customerId: 'c-verdi' }), draft('t', { customerId: 'c-verdi', type: 'TD24' })], directory)).toEqual([]);
  });

  it('refuses a merge of different customers, credit notes or drafts naming nobody', () => {
    expect(mergeRefusal([draft('a', { customerId: 'c-rossi' }), draft('c', { customerId: 'c-bianchi' })], directory)).toBe('Si uniscono solo bozze dello stesso cliente.');
    expect(mergeRefusal([draft('a', { customerId: 'c-rossi' }), draft('n', { customerId: 'c-rossi', method: 'Nota di Credito' })], directory)).toBe('Una nota di credito non si unisce alle fatture.');
    expect(mergeRefusal([draft('x', {}), draft('y', {})], directory)).toBe('Si uniscono solo bozze dello stesso cliente.');
    expect(mergeRefusal([draft('a', { customerId: 'c-rossi' })], directory)).toBe('Servono almeno due bozze da unire.');
    expect(mergeRefusal([draft('a', { customerId: 'c-rossi' }), draft('b', { customerId: 'c-rossi' })], directory)).toBeNull();
  });

  it('names the buyer through the one display-name rule: the directory first, then the stored copy, then the name beside it', () => {
    expect(draftBuyer(draft('a', { customerId: 'c-rossi', customerName: 'vecchio nome' }), directory)).toEqual({ key: 'id:c-rossi', name: 'Rossi S.r.l.' });
    expect(draftBuyer(draft('a', { customerId: 'gone', customerName: 'Bar Sport' }), directory)).toEqual({ key: 'id:gone', name: 'Bar Sport' });
    expect(draftBuyer(draft('a', { customerId: 'gone' }), directory)).toEqual({ key: 'id:gone', name: BUYER_NOT_FOUND });
    expect(draftBuyer(draft('a', { customer: { id: 'c-bianchi', name: 'X' } }), directory).key).toBe('id:c-bianchi');
    // By name only, case and accents aside: one customer.
    expect(groupDrafts([draft('1', { customerName: 'Caffè Roma' }), draft('2', { customerName: ' caffe  ROMA ' })])).toHaveLength(1);
    // A stored copy with only a P.IVA groups by it.
    expect(groupDrafts([draft('1', { customer: { partitaIva: '04821730159' } }), draft('2', { customer: { partitaIva: '04821730159' } })])[0]?.mergeable).toHaveLength(2);
  });
});
