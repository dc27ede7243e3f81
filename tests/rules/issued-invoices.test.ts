/**
 * Issued means immutable (document 2 §4.1, §4.4 and the SDI outcome, the Invoice `marking`). A rejected invoice counts
 * as never issued and may go back to a draft; one still only sent (no outcome yet) too; one the SDI delivered (to the
 * buyer, to the tax drawer), a PA accepted or refused, or already paid never does — it is corrected by a credit note.
 * 'paid' only on a delivered outgoing invoice, or a received one. Status, payload and totals of a sent invoice never
 * change and nothing fiscal is deleted, by anyone (admins included). Each attack next to the operation that stays.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, readRaw, setupWorld, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const at = new Date('2026-11-20T10:00:00Z');

/** Outgoing markings the webhook writes (src/domain/provider-callbacks/callbacks.ts) plus the owner's 'paid'. */
const REVERTIBLE = ['rejected', 'sent'] as const;
const ISSUED = ['delivered', 'not-delivered', 'accepted-pa', 'deadline-terms'] as const;
const NEVER_PAID = ['rejected', 'sent', 'rejected-pa'] as const;
const ALL = ['rejected', 'sent', 'delivered', 'not-delivered', 'accepted-pa', 'rejected-pa', 'deadline-terms', 'paid'] as const;

const sale = (shopId: string, uuid: string) => ({
  userId: shopId, method: 'Fattura', invoiceUUID: uuid, invoiceNumber: `${shopId}-2026-7`, customerId: 'cust-a', shopId,
  date: at, createdAt: at, total: 122, price: 122, deleted: false, invoicePayload: '<xml n="7"/>',
});
const invoice = (shopId: string, uuid: string, marking: string, extra: Record<string, unknown> = {}) => ({
  uuid, userId: shopId, type: 0, status: 'sent', marking, payload: '<xml n="7"/>', newInvoice: false, createdAt: at, total: 122,
  saleId: `s-${uuid}`, ...extra,
});

function docs(): Record<string, Record<string, unknown>> {
  const d: Record<string, Record<string, unknown>> = {};
  for (const m of ALL) {
    d[`Invoice/a-${m}`] = invoice(SHOP_A, `a-${m}`, m);
    d[`Sale/s-a-${m}`] = sale(SHOP_A, `a-${m}`);
    d[`Invoice/b-${m}`] = invoice(SHOP_B, `b-${m}`, m);
    d[`Sale/s-b-${m}`] = sale(SHOP_B, `b-${m}`);
  }
  // Reverted while it was only sent; the SDI delivered it afterwards (the notification came late).
  d['Invoice/a-late'] = invoice(SHOP_A, 'a-late', 'delivered', { reverted: true });
  d['Sale/s-a-late'] = sale(SHOP_A, 'a-late');
  // Older spellings the converter reads (toMarking), and a legacy incoming invoice without type (JSON payload).
  d['Invoice/a-legacy-rejected'] = invoice(SHOP_A, 'a-legacy-rejected', 'Rejected');
  d['Sale/s-a-legacy-rejected'] = sale(SHOP_A, 'a-legacy-rejected');
  d['Invoice/a-legacy-delivered'] = invoice(SHOP_A, 'a-legacy-delivered', 'Not_Delivered');
  d['Invoice/in-a'] = { uuid: 'in-a', userId: SHOP_A, type: 1, status: 'received', marking: 'received', payload: '{}', newInvoice: true, createdAt: at };
  d['Invoice/in-a-legacy'] = { uuid: 'in-a-legacy', userId: SHOP_A, status: 'received', payload: '\n {"fattura_elettronica_header":{}}', createdAt: at };
  d['Invoice/in-b'] = { uuid: 'in-b', userId: SHOP_B, type: 1, status: 'received', marking: 'received', payload: '{}', createdAt: at };
  d['ZReport/z-a'] = { userId: SHOP_A, total: 10, date: at };
  return d;
}

const reset = () => world.reset(docs());

/** 'Riporta in bozza' as the app writes it (src/data/invoice-transitions.ts): Invoice.reverted + the Sale back to draft. */
function revert(shop: 'a' | 'b', key: string) {
  return (db: Db) => {
    const batch = db.batch();
    batch.update(db.doc(`Invoice/${shop}-${key}`), { reverted: true, updatedAt: at });
    batch.update(db.doc(`Sale/s-${shop}-${key}`), { invoiceUUID: '', originalInvoiceUUID: `${shop}-${key}`, invoiceNumber: `${shop === 'a' ? SHOP_A : SHOP_B}-2026-7-R1`, updatedAt: at });
    return batch.commit();
  };
}

/** The revert whose sale no longer exists: the flag and a new draft rebuilt from the payload, one batch. */
function revertRecreating(key: string) {
  return (db: Db, actor: ActorName) => {
    const batch = db.batch();
    batch.update(db.doc(`Invoice/a-${key}`), { reverted: true, updatedAt: at });
    batch.set(db.doc(`Sale/re-${key}-${actor}`), {
      userId: SHOP_A, method: 'Fattura', invoiceUUID: '', invoiceNumber: `${SHOP_A}-2026-7-R1`, originalInvoiceUUID: `a-${key}`,
      date: at, createdAt: at, total: 122, price: 122, deleted: false, permanentlyDeleted: false,
    });
    return batch.commit();
  };
}

const paid = (path: string) => (db: Db) => db.doc(path).update({ marking: 'paid' });
const othersThanOwnerA = allBut('ownerA');

describe('revert to draft follows the SDI outcome (§4.4)', () => {
  it.each(REVERTIBLE)('a %s invoice: the owner reverts it (flag + sale in one batch); nobody else, not shop B', async (m) => {
    await expectOnly(world, ['ownerA'], revert('a', m), { before: reset });
    await reset();
    await revert('a', m)(world.db('ownerA'));
    expect(await readRaw(world.env, `Sale/s-a-${m}`)).toMatchObject({ invoiceUUID: '', originalInvoiceUUID: `a-${m}` });
    await expectOnly(world, ['ownerB'], revert('b', m), { before: reset });
  });

  it.each(ALL.filter((m) => !(REVERTIBLE as readonly string[]).includes(m)))('a %s invoice is never reverted, by anyone', async (m) => {
    await expectOnly(world, [], revert('a', m), { before: reset });
    await expectOnly(world, [], revert('b', m), { before: reset, actors: ['ownerB'] });
    // Nor its flag alone, nor the flag with a draft rebuilt from its payload.
    await expectOnly(world, [], (db) => db.doc(`Invoice/a-${m}`).update({ reverted: true }), { before: reset });
    await expectOnly(world, [], revertRecreating(m), { before: reset, actors: ['ownerA'] });
  });

  it('the rebuilt draft of a rejected invoice is still possible for the owner only', async () => {
    await expectOnly(world, ['ownerA'], revertRecreating('rejected'), { before: reset, actors: ['ownerA', 'ownerB', 'accountantA', 'techA', 'admin'] });
  });

  it('a flag set while the invoice was only sent does not open the revert once the SDI has delivered it', async () => {
    await reset();
    await expectOnly(world, [], (db) => db.doc('Sale/s-a-late').update({ invoiceUUID: '', originalInvoiceUUID: 'a-late', invoiceNumber: `${SHOP_A}-2026-7-R1`, updatedAt: at }));
    await expectOnly(world, [], revert('a', 'late'));
  });

  it('older spellings of the marking are read like the converter reads them', async () => {
    await expectOnly(world, ['ownerA'], revert('a', 'legacy-rejected'), { before: reset });
    await expectOnly(world, ['ownerA'], paid('Invoice/a-legacy-delivered'), { before: reset, actors: ['ownerA', 'ownerB', 'accountantA'] });
  });

  it('the trash clears the flag of a reverted invoice (§4.3), and only the owner does', async () => {
    const flagged = () => world.reset({ ...docs(), 'Invoice/a-rejected': invoice(SHOP_A, 'a-rejected', 'rejected', { reverted: true }) });
    await expectOnly(world, ['ownerA'], (db) => db.doc('Invoice/a-rejected').update({ reverted: false }), { before: flagged });
  });
});

describe("'paid' only where the invoice was issued (§4.2)", () => {
  it.each(ISSUED)('a %s outgoing invoice: the owner marks it paid; nobody else', async (m) => {
    await expectOnly(world, ['ownerA'], paid(`Invoice/a-${m}`), { before: reset });
    await expectOnly(world, ['ownerB'], paid(`Invoice/b-${m}`), { before: reset });
  });

  it('a received invoice: the owner marks it paid (legacy ones without type too); nobody else', async () => {
    await expectOnly(world, ['ownerA'], paid('Invoice/in-a'), { before: reset });
    await expectOnly(world, ['ownerA'], paid('Invoice/in-a-legacy'), { before: reset });
    await expectOnly(world, ['ownerB'], paid('Invoice/in-b'), { before: reset });
  });

  it.each(NEVER_PAID)('a %s invoice is never marked paid, by anyone (it would count in the month package)', async (m) => {
    await reset();
    await expectOnly(world, [], paid(`Invoice/a-${m}`));
    await expectOnly(world, [], paid(`Invoice/b-${m}`));
  });
});

describe('a sent invoice never changes and nothing fiscal is deleted', () => {
  it('status, payload, total, items, type, uuid, dates and any other marking stay, for everyone', async () => {
    await reset();
    const updates: Record<string, unknown>[] = [
      { status: 'draft' }, { payload: '<forged/>' }, { total: 1 }, { items: [] }, { type: 1 }, { uuid: 'x' }, { createdAt: new Date() },
      { date: new Date() }, { saleId: 'other' }, { marking: 'delivered' }, { marking: 'sent' }, { marking: 'rejected' },
    ];
    for (const m of ['sent', 'delivered', 'rejected'] as const) {
      // (writing the marking it already has changes nothing, and is not a change the rules see)
      for (const update of updates.filter((u) => u.marking !== m)) await expectOnly(world, [], (db) => db.doc(`Invoice/a-${m}`).update(update));
    }
    await expectOnly(world, [], (db) => db.doc('Invoice/a-paid').update({ marking: 'delivered' }));
  });

  it("a sent sale's number, payload and total stay (only the revert of an undelivered invoice moves it)", async () => {
    await reset();
    for (const m of ['delivered', 'sent'] as const) {
      for (const update of [{ invoiceNumber: 'x-R1' }, { invoicePayload: '<forged/>' }, { total: 1, price: 1 }, { deleted: true, deletedAt: at }]) {
        await expectOnly(world, [], (db) => db.doc(`Sale/s-a-${m}`).update(update));
      }
    }
  });

  it('nobody deletes an invoice, its sale or a Z-report, admins included', async () => {
    await reset();
    for (const path of ['Invoice/a-delivered', 'Invoice/a-rejected', 'Invoice/in-a', 'Sale/s-a-delivered', 'ZReport/z-a']) {
      await expectOnly(world, [], (db) => db.doc(path).delete());
    }
    expect(await readRaw(world.env, 'Invoice/a-delivered')).toBeDefined();
  });

  it.each(othersThanOwnerA)('%s changes no flag of shop A', async (actor) => {
    await reset();
    await expectOnly(world, [], paid('Invoice/a-delivered'), { actors: [actor] });
    await expectOnly(world, [], (db) => db.doc('Invoice/a-sent').update({ reverted: true }), { actors: [actor] });
  });
});
