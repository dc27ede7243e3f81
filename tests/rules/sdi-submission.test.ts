/**
 * A draft becomes sent only against what the SDI received: the provider proxy's record (SdiSubmission/{uuid},
 * functions/src/sdi-record.ts) of the XML it forwarded and the provider accepted. Each attack of the review is tried
 * next to the send that must keep working (an invoice, a credit note, a draft sent again after the revert of a
 * rejected invoice):
 * - a draft pointed at an Invoice that already exists (a supplier invoice, another sale's, its own reverted one);
 * - a draft pointed at a uuid the server did not record, or recorded for another shop;
 * - a payload or number other than the recorded XML's, on the Sale or on the Invoice;
 * - a draft whose invoiceUUID is removed or set to null (it would turn into a POS sale);
 * - a client reading or writing the record itself.
 */
import { deleteField } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, readRaw, setupWorld, type Db } from './fixtures.ts';

const world = setupWorld();
const at = new Date('2026-11-20T10:00:00Z');
const XML = '<p:FatturaElettronica versione="FPR12"><Numero>owner-2026-12</Numero></p:FatturaElettronica>';
const CREDIT_XML = '<p:FatturaElettronica versione="FPR12"><TipoDocumento>TD04</TipoDocumento><Numero>owner-2026-NC1</Numero></p:FatturaElettronica>';

const draft = (extra: Record<string, unknown> = {}) => ({
  userId: SHOP_A, shopId: SHOP_A, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'owner-2026-12', customerId: 'cust-a',
  date: at, createdAt: at, total: 122, price: 122, deleted: false, invoicePayload: XML, ...extra,
});
const record = (uuid: string, shopId = SHOP_A, xml = XML, number = 'owner-2026-12') => ({ uuid, shopId, xml, number, sha256: 'h', bytes: xml.length, sentAt: at, via: 'send' });
const outgoing = (uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid, userId: SHOP_A, type: 0, status: 'sent', marking: 'sent', payload: XML, newInvoice: false, reverted: false, createdAt: at, ...extra,
});

const docs: Record<string, Record<string, unknown>> = {
  'Sale/draft-a': draft(),
  'Sale/credit-a': draft({ method: 'Nota di Credito', invoiceNumber: 'owner-2026-NC1', invoicePayload: CREDIT_XML, originalInvoiceUUID: 'uuid-old' }),
  // A rejected invoice reverted to a draft (§4.4): the draft goes again under a new uuid.
  'Sale/reverted-a': draft({ invoiceNumber: 'owner-2026-12-R1', originalInvoiceUUID: 'uuid-old', invoicePayload: XML.replace('owner-2026-12', 'owner-2026-12-R1') }),
  'Sale/sent-a': draft({ invoiceUUID: 'uuid-old' }),
  'Invoice/uuid-old': outgoing('uuid-old', { saleId: 'sent-a', marking: 'rejected', reverted: true }),
  'Invoice/in-a': { uuid: 'in-a', userId: SHOP_A, type: 1, status: 'received', marking: 'received', payload: '{}', newInvoice: true, createdAt: at },
  'Sale/other-a': draft({ invoiceUUID: 'uuid-other' }),
  'Invoice/uuid-other': outgoing('uuid-other', { saleId: 'other-a' }),
  // The server's records: the new sends, the old ones, and one of shop B.
  'SdiSubmission/uuid-new': record('uuid-new'),
  'SdiSubmission/uuid-credit': record('uuid-credit', SHOP_A, CREDIT_XML, 'owner-2026-NC1'),
  'SdiSubmission/uuid-again': record('uuid-again', SHOP_A, XML.replace('owner-2026-12', 'owner-2026-12-R1'), 'owner-2026-12-R1'),
  'SdiSubmission/uuid-old': record('uuid-old'),
  'SdiSubmission/uuid-other': record('uuid-other'),
  'SdiSubmission/in-a': record('in-a'),
  'SdiSubmission/uuid-of-b': record('uuid-of-b', SHOP_B),
};

/** The send as the app writes it (src/features/invoices/api-send.ts recordSent): Sale and Invoice in one batch. */
function send(saleId: string, uuid: string, options: { salePayload?: string; invoicePayload?: string; number?: string; withInvoice?: boolean } = {}) {
  return (db: Db) => {
    const sale = docs[`Sale/${saleId}`] ?? {};
    const payload = String(sale.invoicePayload);
    const batch = db.batch();
    batch.update(db.doc(`Sale/${saleId}`), { invoiceUUID: uuid, invoiceNumber: options.number ?? sale.invoiceNumber, invoicePayload: options.salePayload ?? payload, updatedAt: at });
    if (options.withInvoice !== false) batch.set(db.doc(`Invoice/${uuid}`), outgoing(uuid, { saleId, payload: options.invoicePayload ?? payload, originalInvoiceUUID: sale.originalInvoiceUUID ?? null }));
    return batch.commit();
  };
}

const reset = () => world.reset(docs);

describe('the legitimate sends', () => {
  it('the owner sends an invoice, a credit note and a reverted draft against the server record; nobody else does', async () => {
    for (const [saleId, uuid] of [['draft-a', 'uuid-new'], ['credit-a', 'uuid-credit'], ['reverted-a', 'uuid-again']] as const) {
      await expectOnly(world, ['ownerA'], send(saleId, uuid), { before: reset });
      await reset();
      await send(saleId, uuid)(world.db('ownerA'));
      expect(await readRaw(world.env, `Invoice/${uuid}`)).toMatchObject({ userId: SHOP_A, payload: (docs[`SdiSubmission/${uuid}`] ?? {}).xml });
    }
  });
});

describe('attack: a draft made to look sent without a send (the uuid of an Invoice that exists)', () => {
  it('is refused for a supplier invoice, another sale\'s invoice and its own reverted one, even when a record names the uuid', async () => {
    await reset();
    for (const uuid of ['in-a', 'uuid-other', 'uuid-old']) {
      // Alone (today's rules let this through: the Invoice exists after), and with a rewrite of that Invoice.
      await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: uuid }));
      await expectOnly(world, [], send('draft-a', uuid));
    }
  });
});

describe('attack: a uuid the server did not record for this shop', () => {
  it('is refused without a record, and with a record of another shop', async () => {
    await reset();
    await expectOnly(world, [], send('draft-a', 'uuid-nowhere'), { actors: ['ownerA'] });
    await expectOnly(world, [], send('draft-a', 'uuid-of-b'), { actors: ['ownerA'] });
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: 'uuid-nowhere' }), { actors: ['ownerA'] });
  });
});

describe('attack: books that differ from what the SDI received', () => {
  it('a Sale payload, an Invoice payload or a number other than the recorded ones is refused', async () => {
    await reset();
    await expectOnly(world, [], send('draft-a', 'uuid-new', { salePayload: XML.replace('122', '999') + ' ' }), { actors: ['ownerA'] });
    await expectOnly(world, [], send('draft-a', 'uuid-new', { invoicePayload: `${XML}<!-- altro -->` }), { actors: ['ownerA'] });
    await expectOnly(world, [], send('draft-a', 'uuid-new', { number: 'owner-2026-99' }), { actors: ['ownerA'] });
    // The Invoice alone, even with the record's payload: only together with the send of its draft.
    await expectOnly(world, [], (db) => db.doc('Invoice/uuid-new').set(outgoing('uuid-new', { saleId: 'draft-a' })), { actors: ['ownerA'] });
    // The Sale alone, with the record's payload: the Invoice must be created in the same batch.
    await expectOnly(world, [], send('draft-a', 'uuid-new', { withInvoice: false }), { actors: ['ownerA'] });
  });
});

describe("attack: a draft's invoiceUUID removed or nulled (a draft turned into a POS sale)", () => {
  it('is refused; editing the draft keeps working', async () => {
    await reset();
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: deleteField() }));
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: null }));
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: 0 }));
    const { invoiceUUID: _dropped, ...withoutUuid } = draft();
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').set(withoutUuid));
    await expectOnly(world, ['ownerA'], (db) => db.doc('Sale/draft-a').update({ total: 50, invoiceUUID: '' }), { before: reset });
    await expectOnly(world, ['ownerA'], (db) => db.doc('Sale/draft-a').update({ invoiceUUID: 'grouped', invoiceGrouped: 'credit-a' }), { before: reset });
  });
});

describe('SdiSubmission and SdiAttempt: the server writes them, no client reads or writes them', () => {
  it('refuses every actor, admins included', async () => {
    await reset();
    for (const col of ['SdiSubmission', 'SdiAttempt']) {
      await expectOnly(world, [], getDoc(`${col}/uuid-new`));
      await expectOnly(world, [], (db) => db.collection(col).where('shopId', '==', SHOP_A).get());
      await expectOnly(world, [], (db, actor) => db.doc(`${col}/forged-${actor}`).set(record(`forged-${actor}`)));
    }
    await expectOnly(world, [], (db) => db.doc('SdiSubmission/uuid-new').update({ xml: '<forged/>' }));
    await expectOnly(world, [], (db) => db.doc('SdiSubmission/uuid-new').delete());
  });
});
