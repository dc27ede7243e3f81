/**
 * What only the Cloud Functions write (the provider webhook, firebase-admin) is out of every browser's
 * reach: the provider's markings on an Invoice, incoming invoices, ApiLog entries, the quarantine and the
 * idempotency records. The allowed side of each collection: shop readers read the Invoice and ApiLog (see
 * invoices.test.ts), admins read the quarantine, the owner still marks an invoice paid.
 */
import { describe, it } from 'vitest';
import { SHOP_A, expectOnly, getDoc, setupWorld, type Db, ACTOR_NAMES, sdiSubmissions } from './fixtures.ts';

const world = setupWorld();
const at = new Date('2026-11-20T10:00:00Z');
const PROVIDER_MARKINGS = ['delivered', 'rejected', 'not-delivered', 'accepted-pa', 'rejected-pa', 'deadline-terms', 'received', 'sent'];

// The proxy's records of the sends these tests make (each would be refused without one: tests/rules/sdi-submission.test.ts).
const sentIds = ['ok', 'ns', ...['receivedXml', 'receivedXmlMissing', 'receivedXmlRetry', 'receivedXmlAttempts', 'receivedXmlCheckedAt'].map((f) => `x-${f}`)]
  .flatMap((p) => ACTOR_NAMES.map((a) => `${p}-${a}`));
const docs = {
  ...sdiSubmissions(SHOP_A, '<xml/>', sentIds, 'n-1'),
  'Sale/draft-a': { userId: SHOP_A, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'n-1', date: at },
  'Invoice/out-a': { uuid: 'out-a', userId: SHOP_A, type: 0, status: 'sent', marking: 'sent', payload: '<xml/>', newInvoice: false, createdAt: at },
  'Invoice/rej-a': { uuid: 'rej-a', userId: SHOP_A, type: 0, status: 'sent', marking: 'rejected', payload: '<xml/>', newInvoice: false, createdAt: at },
  // A received invoice with its original XML, as the webhook keeps it (functions/src/received-xml.ts).
  'Invoice/in-a': {
    uuid: 'in-a', userId: SHOP_A, type: 1, status: 'received', marking: 'received', payload: '{}', newInvoice: true, createdAt: at,
    receivedXml: '<xml/>', receivedXmlRetry: false, receivedXmlAttempts: 1, receivedXmlCheckedAt: at,
  },
  'ApiLog/log-a': { userId: SHOP_A, functionName: 'customer-notification', details: { invoiceId: 'out-a', newMarking: 'rejected' }, timestamp: at },
  'ProviderQuarantine/q-1': { reason: 'unknown-recipient', event: 'supplier-invoice', uuid: 'u-1', recipientIds: ['09999999999'], body: '{}', receivedAt: at },
  'ProviderEvent/supplier-invoice_u-1': { event: 'supplier-invoice', uuid: 'u-1', outcome: 'quarantined', receivedAt: at },
  [`ProxyQuota/${SHOP_A}_202611201000`]: { shopId: SHOP_A, window: 'minute', count: 30, expireAt: at },
};

describe('provider markings', () => {
  it('no client sets a provider marking on an outgoing invoice, nor undoes a rejection; the owner still marks it paid', async () => {
    await world.reset(docs);
    for (const marking of PROVIDER_MARKINGS.filter((m) => m !== 'sent')) {
      await expectOnly(world, [], (db) => db.doc('Invoice/out-a').update({ marking }));
    }
    await expectOnly(world, [], (db) => db.doc('Invoice/rej-a').update({ marking: 'delivered' }));
    // 'paid' follows the SDI outcome (issued-invoices.test.ts): once delivered, not while only sent or rejected.
    const delivered = () => world.reset({ ...docs, 'Invoice/out-a': { ...docs['Invoice/out-a'], marking: 'delivered' } });
    await expectOnly(world, ['ownerA'], (db) => db.doc('Invoice/out-a').update({ marking: 'paid' }), { before: delivered });
    await expectOnly(world, [], (db) => db.doc('Invoice/rej-a').update({ marking: 'paid' }), { before: () => world.reset(docs) });
  });

  it('no client creates an incoming invoice (type 1, marking received) or a sent one with a provider marking', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db, actor) => db.doc(`Invoice/in-${actor}`).set({ uuid: `in-${actor}`, userId: SHOP_A, type: 1, status: 'received', marking: 'received', payload: '{}', newInvoice: true, createdAt: at }));
    for (const marking of ['delivered', 'rejected']) {
      await expectOnly(world, [], (db, actor) => db.doc(`Invoice/m-${marking}-${actor}`).set({ uuid: `m-${marking}-${actor}`, userId: SHOP_A, type: 0, status: 'sent', marking, payload: '<xml/>', newInvoice: false, createdAt: at }));
    }
  });

  it("the webhook's ordering record (which notification set the marking) is written by no client, at creation or later", async () => {
    await world.reset(docs);
    const sent = (id: string) => ({ uuid: id, userId: SHOP_A, type: 0, status: 'sent', marking: 'sent', payload: '<xml/>', newInvoice: false, createdAt: at });
    // An Invoice is created with the send of the draft it names, in one batch.
    const withSend = (id: string, data: Record<string, unknown>) => (db: Db) => {
      const batch = db.batch();
      batch.update(db.doc('Sale/draft-a'), { invoiceUUID: id, invoicePayload: '<xml/>' });
      batch.set(db.doc(`Invoice/${id}`), { ...data, saleId: 'draft-a' });
      return batch.commit();
    };
    await expectOnly(world, ['ownerA'], (db, actor) => withSend(`ok-${actor}`, sent(`ok-${actor}`))(db), { before: () => world.reset(docs) });
    await expectOnly(world, [], (db, actor) => withSend(`ns-${actor}`, { ...sent(`ns-${actor}`), markingNotification: 'NS', markingNotifiedAt: at })(db));
    await expectOnly(world, [], (db) => db.doc('Invoice/out-a').update({ markingNotification: 'NS' }));
  });
});

describe("a received invoice's original XML", () => {
  // The rules decide on the field names (whatever the value: the webhook stores Bytes). Every value differs from the
  // stored one: an update that changes nothing is no change for the rules.
  const later = new Date('2026-11-21T10:00:00Z');
  const fields: Record<string, unknown> = { receivedXml: '<p:FatturaElettronica/>', receivedXmlMissing: 'x', receivedXmlRetry: true, receivedXmlAttempts: 0, receivedXmlCheckedAt: later };

  it("is read by the shop's readers (its accountant included), nobody else", async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], getDoc('Invoice/in-a'));
  });

  it('is written by no client: not on a sent invoice at its creation, not by a flag update, not alongside an allowed flag', async () => {
    await world.reset(docs);
    const sent = (id: string) => ({ uuid: id, userId: SHOP_A, type: 0, status: 'sent', marking: 'sent', payload: '<xml/>', newInvoice: false, createdAt: at, saleId: 'draft-a' });
    const withSend = (id: string, extra: Record<string, unknown>) => (db: Db) => {
      const batch = db.batch();
      batch.update(db.doc('Sale/draft-a'), { invoiceUUID: id, invoicePayload: '<xml/>' });
      batch.set(db.doc(`Invoice/${id}`), { ...sent(id), ...extra });
      return batch.commit();
    };
    for (const [name, value] of Object.entries(fields)) {
      await expectOnly(world, [], (db, actor) => withSend(`x-${name}-${actor}`, { [name]: value })(db));
      await expectOnly(world, [], (db) => db.doc('Invoice/in-a').update({ [name]: value }));
      await expectOnly(world, [], (db) => db.doc('Invoice/out-a').update({ [name]: value }));
    }
    await expectOnly(world, [], (db) => db.doc('Invoice/in-a').update({ newInvoice: false, receivedXmlRetry: true }));
    // The allowed sides: the owner's send without them, and the owner's flags on the received invoice.
    await expectOnly(world, ['ownerA'], (db, actor) => withSend(`ok-${actor}`, {})(db), { before: () => world.reset(docs) });
    await expectOnly(world, ['ownerA'], (db) => db.doc('Invoice/in-a').update({ newInvoice: false, addedToWarehouse: true }), { before: () => world.reset(docs) });
  });
});

describe('ApiLog', () => {
  it('is read by the shop readers and written by no client', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], getDoc('ApiLog/log-a'));
    await expectOnly(world, [], (db, actor) => db.doc(`ApiLog/cn-${actor}`).set({ userId: SHOP_A, functionName: 'customer-notification', details: { invoiceId: 'out-a', newMarking: 'delivered' }, timestamp: at }));
    await expectOnly(world, [], (db) => db.doc('ApiLog/log-a').update({ 'details.newMarking': 'delivered' }));
  });
});

describe('ProviderQuarantine and ProviderEvent', () => {
  it('admins read the quarantine; nobody else reads it and nobody writes it', async () => {
    await world.reset(docs);
    await expectOnly(world, ['admin'], getDoc('ProviderQuarantine/q-1'));
    await expectOnly(world, ['admin'], (db) => db.collection('ProviderQuarantine').get());
    await expectOnly(world, [], (db, actor) => db.doc(`ProviderQuarantine/new-${actor}`).set({ reason: 'x', receivedAt: at }));
    await expectOnly(world, [], (db) => db.doc('ProviderQuarantine/q-1').delete());
  });

  it('the idempotency records are neither read nor written by any client', async () => {
    await world.reset(docs);
    await expectOnly(world, [], getDoc('ProviderEvent/supplier-invoice_u-1'));
    await expectOnly(world, [], (db, actor) => db.doc(`ProviderEvent/x-${actor}`).set({ event: 'x' }));
    await expectOnly(world, [], (db) => db.doc('ProviderEvent/supplier-invoice_u-1').delete());
  });
});

describe('ProxyQuota', () => {
  it("the proxy's call counters are neither read nor written by any client (not even to lift the own shop's limit)", async () => {
    await world.reset(docs);
    await expectOnly(world, [], getDoc(`ProxyQuota/${SHOP_A}_202611201000`));
    await expectOnly(world, [], (db) => db.collection('ProxyQuota').where('shopId', '==', SHOP_A).get());
    await expectOnly(world, [], (db) => db.doc(`ProxyQuota/${SHOP_A}_202611201000`).update({ count: 0 }));
    await expectOnly(world, [], (db) => db.doc(`ProxyQuota/${SHOP_A}_202611201000`).delete());
    await expectOnly(world, [], (db, actor) => db.doc(`ProxyQuota/${SHOP_A}_${actor}`).set({ shopId: SHOP_A, count: 0 }));
  });
});
