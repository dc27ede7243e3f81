/**
 * Sale as invoice draft, Invoice, ApiLog and the shop's invoice counters. The shop's readers read;
 * only the owner writes, on their own documents, never forging or moving userId; a sent invoice keeps its
 * number, payload and uuid except through the revert of document 2 §4.4; the Invoice's flags change only as §7
 * lists. Accountants and technicians read only, another shop's users nothing, admins read (support).
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { describe, expect, it } from 'vitest';
import { ACTOR_NAMES, SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, setupWorld, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];
const at = new Date('2026-11-20T10:00:00Z');

const draft = (shopId: string, extra: Record<string, unknown> = {}) => ({
  userId: shopId, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'owner-2026-12', customerId: 'cust-a', shopId,
  date: at, createdAt: at, total: 122, price: 122, deleted: false, invoicePayload: '<p:FatturaElettronica/>', ...extra,
});
const sentSale = (shopId: string, uuid: string, number = 'owner-2026-7') =>
  draft(shopId, { invoiceUUID: uuid, invoiceNumber: number, invoicePayload: `<xml n="${number}"/>` });
const invoice = (shopId: string, uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid, userId: shopId, type: 0, status: 'sent', marking: 'sent', payload: '<xml/>', newInvoice: false, createdAt: at, ...extra,
});

/** What the provider proxy records when the provider accepts an XML (functions/src/sdi-record.ts): the send needs it. */
const SENT_XML = '<xml sent/>';
const submission = (shopId: string, uuid: string) => ({ uuid, shopId, xml: SENT_XML, number: 'owner-2026-12', sha256: 'x', bytes: SENT_XML.length, sentAt: at, via: 'send' });
const submissions = Object.fromEntries(
  ['uuid-new', ...['u', 'k', 't', 'm', 's', 'b'].flatMap((p) => ACTOR_NAMES.map((a) => `${p}-${a}`))].map((uuid) => [`SdiSubmission/${uuid}`, submission(SHOP_A, uuid)]),
);

const docs = {
  ...submissions,
  'Sale/draft-a': draft(SHOP_A),
  'Sale/draft-b': draft(SHOP_B),
  'Sale/pos-a': { userId: SHOP_A, method: 'contanti', price: 10, date: at },
  'Sale/pos-b': { userId: SHOP_B, method: 'contanti', price: 10, date: at },
  'Sale/sent-a': sentSale(SHOP_A, 'uuid-sent-a'),
  'Sale/sent-b': sentSale(SHOP_B, 'uuid-sent-b'),
  'Invoice/uuid-sent-a': invoice(SHOP_A, 'uuid-sent-a'),
  'Invoice/uuid-sent-b': invoice(SHOP_B, 'uuid-sent-b'),
  // Delivered by the SDI: the only outgoing invoices marked paid (the whole SDI-outcome matrix: issued-invoices.test.ts).
  'Invoice/uuid-deliv-a': invoice(SHOP_A, 'uuid-deliv-a', { marking: 'delivered' }),
  'Invoice/uuid-deliv-b': invoice(SHOP_B, 'uuid-deliv-b', { marking: 'delivered' }),
  'Invoice/in-a': { uuid: 'in-a', userId: SHOP_A, type: 1, status: 'received', marking: 'received', payload: '{}', newInvoice: true, createdAt: at },
  'ApiLog/log-a': { userId: SHOP_A, functionName: 'customer-notification', details: { invoiceId: 'uuid-sent-a', newMarking: 'rejected' }, timestamp: at },
  'ApiLog/log-b': { userId: SHOP_B, functionName: 'customer-notification', details: { invoiceId: 'uuid-sent-b', newMarking: 'rejected' }, timestamp: at },
};

/** The send as the app writes it: Sale gets uuid + payload, the Invoice keyed by the uuid is created, one batch. */
function send(salePath: string, uuid: string, shopId: string, invoiceShop = shopId) {
  return (db: Db) => {
    const batch = db.batch();
    batch.update(db.doc(salePath), { invoiceUUID: uuid, invoicePayload: SENT_XML, updatedAt: at });
    batch.set(db.doc(`Invoice/${uuid}`), invoice(invoiceShop, uuid, { saleId: salePath.replace('Sale/', ''), payload: SENT_XML }));
    return batch.commit();
  };
}

/** The revert of §4.4: Invoice.reverted and the Sale back to draft with -R{n}, one batch. */
function revert(salePath: string, uuid: string, number: string, extra: Record<string, unknown> = {}, reverted = true) {
  return (db: Db) => {
    const batch = db.batch();
    batch.update(db.doc(`Invoice/${uuid}`), { reverted });
    batch.update(db.doc(salePath), { invoiceUUID: '', originalInvoiceUUID: uuid, invoiceNumber: number, updatedAt: at, ...extra });
    return batch.commit();
  };
}

describe('reading', () => {
  it.each(['Sale/draft-a', 'Sale/sent-a', 'Invoice/uuid-sent-a', 'Invoice/in-a', 'ApiLog/log-a'])("%s is read by shop A's readers only", async (path) => {
    await world.reset(docs);
    await expectOnly(world, readersA, getDoc(path));
  });

  it("shop B's documents are read by shop B's readers only", async () => {
    await world.reset(docs);
    await expectOnly(world, readersB, getDoc('Sale/draft-b'));
    await expectOnly(world, readersB, getDoc('ApiLog/log-b'));
  });

  it('the rejection query of §7 (ApiLog by userId, functionName, invoiceId, newMarking) passes for the readers only', async () => {
    await world.reset(docs);
    const rejection = (shopId: string) => (db: Db) =>
      db.collection('ApiLog').where('userId', '==', shopId).where('functionName', '==', 'customer-notification')
        .where('details.invoiceId', '==', 'uuid-sent-a').where('details.newMarking', '==', 'rejected').get();
    await expectOnly(world, readersA, rejection(SHOP_A));
    await expectOnly(world, ['admin'], (db) => db.collection('ApiLog').get());
  });

  it('nobody writes an ApiLog from a client, admins included', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db, actor) => db.doc(`ApiLog/new-${actor}`).set({ userId: SHOP_A, functionName: 'x', timestamp: at }));
    await expectOnly(world, [], (db) => db.doc('ApiLog/log-a').update({ details: {} }));
    await expectOnly(world, [], (db) => db.doc('ApiLog/log-a').update({ addedToWarehouse: true }));
    await expectOnly(world, [], (db) => db.doc('ApiLog/log-a').delete());
  });
});

describe('drafts (Sale)', () => {
  it('only the owner creates a draft or a credit-note draft of their own shop', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA'], (db, actor) => db.doc(`Sale/new-${actor}`).set(draft(SHOP_A)));
    await expectOnly(world, ['ownerA'], (db, actor) => db.doc(`Sale/nc-${actor}`).set(draft(SHOP_A, { method: 'Nota di Credito', invoiceNumber: 'owner-2026-NC-1' })));
    await expectOnly(world, ['ownerB'], (db, actor) => db.doc(`Sale/newb-${actor}`).set(draft(SHOP_B)));
  });

  it('the owner makes an invoice for a receipt of their own shop; readers find it by the receipt', async () => {
    await world.reset(docs);
    const { price: _price, ...receiptDraft } = draft(SHOP_A, { sourceSaleId: 'pos-a' });
    await expectOnly(world, ['ownerA'], (db, actor) => db.doc(`Sale/rcpt-${actor}`).set(receiptDraft));
    // Not for another shop's receipt, nor for a document that is already an invoice, nor for a receipt that does not exist.
    for (const sourceSaleId of ['pos-b', 'draft-a', 'missing']) {
      await expectOnly(world, [], (db, actor) => db.doc(`Sale/rcpt-${sourceSaleId}-${actor}`).set(draft(SHOP_A, { sourceSaleId })));
    }
    // The receipt a draft was made for stays what it is.
    await expectOnly(world, [], (db) => db.doc('Sale/rcpt-ownerA').update({ sourceSaleId: 'pos-b' }));
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ sourceSaleId: 'pos-a' }));
    await expectOnly(world, readersA, (db) => db.collection('Sale').where('userId', '==', SHOP_A).where('sourceSaleId', '==', 'pos-a').get());
  });

  it('a created draft cannot be already sent, deleted, a POS sale, or name another shop', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/x-${actor}`).set(draft(SHOP_A, { invoiceUUID: 'forged-uuid' })));
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/x-${actor}`).set(draft(SHOP_A, { method: 'contanti' })));
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/x-${actor}`).set(draft(SHOP_A, { deleted: true })));
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/x-${actor}`).set(draft(SHOP_A, { permanentlyDeleted: true })));
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/x-${actor}`).set(draft(SHOP_B)), { actors: ['ownerA', 'accountantA', 'techA', 'admin'] });
  });

  it('the owner edits, numbers, merges, trashes, restores and permanently deletes a draft; nobody else does', async () => {
    const reset = () => world.reset(docs);
    const updates: Record<string, unknown>[] = [
      { invoicePayload: '<new/>', invoiceNumber: 'owner-2026-13', total: 50, updatedAt: at },
      { invoiceUUID: 'grouped', invoiceGrouped: 'draft-x' },
      { deleted: true, deletedAt: at },
      { permanentlyDeleted: true, permanentlyDeletedAt: at },
      { originalInvoiceUUID: 'uuid-old' },
    ];
    await reset();
    for (const update of updates) await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update(update), { actors: allBut('ownerA') });
    for (const update of updates) {
      await reset();
      await expectOnly(world, ['ownerA'], (db) => db.doc('Sale/draft-a').update(update), { actors: ['ownerA'] });
    }
  });

  it('userId is never changed, and a POS sale is not rewritten', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ userId: SHOP_B }));
    await expectOnly(world, [], (db) => db.doc('Sale/pos-a').update({ price: 1 }));
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').delete());
  });
});

describe('sending', () => {
  it('the owner turns a draft into a sent sale together with its Invoice keyed by the uuid', async () => {
    await expectOnly(world, ['ownerA'], send('Sale/draft-a', 'uuid-new', SHOP_A), { before: () => world.reset(docs) });
    await world.reset(docs);
    await send('Sale/draft-a', 'uuid-new', SHOP_A)(world.db('ownerA'));
    expect(await readRaw(world.env, 'Invoice/uuid-new')).toMatchObject({ userId: SHOP_A, status: 'sent', type: 0 });
  });

  it('a sale cannot point at a uuid without its Invoice, or at another shop\'s Invoice', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: 'uuid-missing' }));
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: 'uuid-sent-b' }));
  });

  it('an Invoice is created only by its owner, keyed by its uuid, as a sent outgoing invoice, with the send of its sale', async () => {
    const sendWith = (uuid: string, shopId: string, extra: Record<string, unknown>) => (db: Db) => {
      const batch = db.batch();
      batch.update(db.doc('Sale/draft-a'), { invoiceUUID: uuid, invoicePayload: SENT_XML, updatedAt: at });
      batch.set(db.doc(`Invoice/${uuid}`), invoice(shopId, uuid, { saleId: 'draft-a', payload: SENT_XML, ...extra }));
      return batch.commit();
    };
    await expectOnly(world, ['ownerA'], (db, actor) => sendWith(`u-${actor}`, SHOP_A, {})(db), { before: () => world.reset(docs) });
    await world.reset(docs);
    // Never on its own, even well formed
    await expectOnly(world, [], (db, actor) => db.doc(`Invoice/u-${actor}`).set(invoice(SHOP_A, `u-${actor}`, { saleId: 'draft-a' })));
    await expectOnly(world, [], (db, actor) => sendWith(`k-${actor}`, SHOP_A, { uuid: 'another-key' })(db));
    await expectOnly(world, [], (db, actor) => sendWith(`t-${actor}`, SHOP_A, { type: 1 })(db));
    await expectOnly(world, [], (db, actor) => sendWith(`m-${actor}`, SHOP_A, { marking: 'delivered' })(db));
    await expectOnly(world, [], (db, actor) => sendWith(`s-${actor}`, SHOP_A, { status: 'paid' })(db));
    await expectOnly(world, [], (db, actor) => sendWith(`b-${actor}`, SHOP_B, {})(db), { actors: ['ownerA', 'accountantA', 'admin'] });
  });

  it("a sent sale's number, payload and uuid cannot be rewritten, nor trashed", async () => {
    await world.reset(docs);
    for (const update of [{ invoiceNumber: 'owner-2026-99' }, { invoicePayload: '<forged/>' }, { payload: '<forged/>' }, { invoiceUUID: 'uuid-other' }, { deleted: true, deletedAt: at }, { total: 1 }]) {
      await expectOnly(world, [], (db) => db.doc('Sale/sent-a').update(update));
    }
  });
});

describe('revert to draft (§4.4)', () => {
  it('the owner reverts a sent sale with -R1 together with Invoice.reverted; -R1 becomes -R2', async () => {
    await expectOnly(world, ['ownerA'], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R1'), { before: () => world.reset(docs) });
    await expectOnly(world, ['ownerA'], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R2'), {
      before: () => world.reset({ ...docs, 'Sale/sent-a': sentSale(SHOP_A, 'uuid-sent-a', 'owner-2026-7-R1') }),
    });
  });

  it('a revert that skips Invoice.reverted, changes the base number, drops the suffix or rewrites the payload is refused', async () => {
    await world.reset(docs);
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R1', {}, false));
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-8-R1'));
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7'));
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R1', { invoicePayload: '<forged/>' }));
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R1', { originalInvoiceUUID: 'uuid-other' }));
  });
});

describe("'Correggi e reinvia': the same number after a rejection", () => {
  const rejected = { ...docs, 'Invoice/uuid-sent-a': invoice(SHOP_A, 'uuid-sent-a', { marking: 'rejected', markingNotification: 'NS' }) };
  it('the owner reverts the sale of an invoice the SDI rejected keeping its very number; nobody else', async () => {
    await expectOnly(world, ['ownerA'], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7'), { before: () => world.reset(rejected) });
    // The -R suffix stays possible on a rejected one too (a new number, when the 5-day window has passed).
    await expectOnly(world, ['ownerA'], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R1'), { before: () => world.reset(rejected), actors: ['ownerA'] });
  });

  it("the correction carries the NS's own time, never another one, nor on an invoice that was not rejected", async () => {
    const ns = new Date('2026-11-30T09:00:00Z');
    const withNs = { ...rejected, 'Invoice/uuid-sent-a': invoice(SHOP_A, 'uuid-sent-a', { marking: 'rejected', markingNotification: 'NS', markingNotifiedAt: ns }) };
    await expectOnly(world, ['ownerA'], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7', { rejectedAt: ns }), { before: () => world.reset(withNs) });
    await world.reset(withNs);
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7', { rejectedAt: new Date('2026-12-02T09:00:00Z') }));
    await world.reset({ ...docs, 'Invoice/uuid-sent-a': invoice(SHOP_A, 'uuid-sent-a', { markingNotifiedAt: ns }) });
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7-R1', { rejectedAt: ns }));
  });

  it('an invoice still only sent, or delivered, never keeps its number: it may yet be, or is, issued', async () => {
    await world.reset(docs);
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7'));
    await world.reset({ ...docs, 'Invoice/uuid-sent-a': invoice(SHOP_A, 'uuid-sent-a', { marking: 'delivered' }) });
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-7'));
    await world.reset(rejected);
    await expectOnly(world, [], revert('Sale/sent-a', 'uuid-sent-a', 'owner-2026-8'));
  });
});

describe("'Cliente avvisato' after a mancata consegna", () => {
  const told = (path: string) => (db: Db) => db.doc(path).update({ buyerToldAt: firebase.firestore.FieldValue.serverTimestamp() });
  const withMc = { ...docs, 'Invoice/uuid-mc-a': invoice(SHOP_A, 'uuid-mc-a', { marking: 'not-delivered', markingNotification: 'MC' }) };
  it("the owner records once, with the server's time, that the buyer of an MC invoice was told; nobody else", async () => {
    await expectOnly(world, ['ownerA'], told('Invoice/uuid-mc-a'), { before: () => world.reset(withMc) });
    await world.reset({ ...withMc, 'Invoice/uuid-mc-a': { ...withMc['Invoice/uuid-mc-a'], buyerToldAt: at } });
    await expectOnly(world, [], told('Invoice/uuid-mc-a'));
  });

  it('refused on a delivered, sent or received invoice, and with a time the client chose', async () => {
    await world.reset(withMc);
    for (const path of ['Invoice/uuid-deliv-a', 'Invoice/uuid-sent-a', 'Invoice/in-a']) await expectOnly(world, [], told(path));
    await expectOnly(world, [], (db) => db.doc('Invoice/uuid-mc-a').update({ buyerToldAt: at }));
  });
});

describe('Invoice flags (§4.2, §7 Writes)', () => {
  it('the owner marks read, paid, reverted, imported, manually imported, customer saved; nobody else', async () => {
    const reset = () => world.reset(docs);
    const updates: [string, Record<string, unknown>][] = [
      ['Invoice/in-a', { newInvoice: false }],
      ['Invoice/in-a', { marking: 'paid' }],
      ['Invoice/in-a', { addedToWarehouse: true }],
      ['Invoice/in-a', { addedToWarehouse: true, addedToWarehouseManually: true, manualWarehouseMarkDate: at }],
      ['Invoice/in-a', { customerAlreadyExist: true }],
      ['Invoice/uuid-sent-a', { reverted: true }],
      ['Invoice/uuid-deliv-a', { marking: 'paid' }],
    ];
    await reset();
    for (const [path, update] of updates) await expectOnly(world, [], (db) => db.doc(path).update(update), { actors: allBut('ownerA') });
    for (const [path, update] of updates) {
      await reset();
      await expectOnly(world, ['ownerA'], (db) => db.doc(path).update(update), { actors: ['ownerA'] });
    }
  });

  it('status, payload, marking other than paid, userId, type are never changed; the import marking is not undone; nothing is deleted', async () => {
    await world.reset({ ...docs, 'Invoice/in-a': { ...docs['Invoice/in-a'], addedToWarehouse: true, addedToWarehouseManually: true } });
    const updates: Record<string, unknown>[] = [
      { status: 'draft' }, { payload: '<forged/>' }, { marking: 'delivered' }, { userId: SHOP_B }, { type: 0 },
      { addedToWarehouse: false }, { addedToWarehouseManually: false }, { manualWarehouseMarkDate: 'ieri' },
    ];
    for (const update of updates) await expectOnly(world, [], (db) => db.doc('Invoice/in-a').update(update));
    await expectOnly(world, [], (db) => db.doc('Invoice/uuid-sent-a').update({ newInvoice: true }));
    await expectOnly(world, [], (db) => db.doc('Invoice/uuid-sent-a').delete());
  });

  it("another shop's invoice is not changed by shop A's users", async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerB'], (db) => db.doc('Invoice/uuid-deliv-b').update({ marking: 'paid' }));
  });
});

describe('shop counters', () => {
  it('the owner takes the next invoice number and credit-note number (in a transaction with the draft)', async () => {
    const take = (db: Db) =>
      db.runTransaction(async (tx) => {
        const shop = await tx.get(db.doc(`Shop/${SHOP_A}`));
        const n = Number((shop.data()?.settings as { invoiceNumber: string }).invoiceNumber);
        tx.update(db.doc(`Shop/${SHOP_A}`), { 'settings.invoiceNumber': String(n + 1), 'settings.creditNoteNumber': 1 });
        tx.update(db.doc('Sale/draft-a'), { invoiceNumber: `owner-2026-${String(n)}` });
      });
    await expectOnly(world, ['ownerA'], take, { before: () => world.reset(docs), actors: ['ownerA', 'ownerB', 'accountantA', 'techA', 'admin'] });
  });

  it('the credit-note counter is a whole number >= 0', async () => {
    await world.reset(docs);
    for (const value of [-1, 'abc', 1.5, true]) {
      await expectOnly(world, [], (db) => db.doc(`Shop/${SHOP_A}`).update({ 'settings.creditNoteNumber': value }), { actors: ['ownerA'] });
    }
    await expectOnly(world, ['ownerA'], (db) => db.doc(`Shop/${SHOP_A}`).update({ 'settings.creditNoteNumber': '4' }), { actors: ['ownerA'] });
  });
});
