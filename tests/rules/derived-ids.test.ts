/**
 * Ids taken in advance. Every document id derived from a shop, a uid, a year or a provider uuid
 * belongs to that shop (or to the server): no account may create it first and block the real owner. Per collection:
 * the squat is refused to everyone, the legitimate write still passes (both ways).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { ACTOR_NAMES, SHOP_A, SHOP_B, allBut, expectOnly, readRaw, setupWorld, writerId, type ActorName, type Db, sdiSubmissions } from './fixtures.ts';

const world = setupWorld();
/** A number per actor, for ids that must end in digits. */
const ACTOR_INDEX = Object.fromEntries(ACTOR_NAMES.map((name, i) => [name, i + 1])) as Record<ActorName, number>;
const at = new Date('2026-11-20T10:00:00Z');

describe('Ddt counters: counter-{shop}-{year}', () => {
  const draft = (shopId: string) => ({
    userId: shopId, kind: 'ddt', state: 'bozza', year: 2026, date: at, causale: 'Vendita', recipient: { name: 'Mario Rossi' }, lines: [],
  });

  it("nobody creates a draft under another shop's counter id (the victim could never confirm that year)", async () => {
    await expectOnly(world, [], (db, actor) => db.doc(`Ddt/counter-${SHOP_B}-2026`).set(draft(writerId(actor))));
    await expectOnly(world, [], (db, actor) => db.doc(`Ddt/counter-${SHOP_B}-2027`).set(draft(writerId(actor))), { actors: ['ownerA'] });
  });

  it('no draft has a counter- id at all, not even the own shop\'s', async () => {
    await expectOnly(world, [], (db) => db.doc(`Ddt/counter-${SHOP_A}-2026`).set(draft(SHOP_A)));
    await expectOnly(world, [], (db) => db.doc('Ddt/counter-x').set(draft(SHOP_A)));
  });

  it('a draft under a random id is still created by its owner only', async () => {
    await expectOnly(world, ['ownerA'], (db, actor) => db.doc(`Ddt/d-${actor}`).set(draft(SHOP_A)));
  });
});

describe('UserLog ids of the webhook: webhook_{event}', () => {
  const entry = (actor: ActorName) => ({
    userId: writerId(actor), actorId: writerId(actor), action: 'cookie_consent_reject', module: 'privacy', timestamp: Timestamp.now(), details: {}, metadata: {},
  });

  it('no client creates a UserLog whose id starts with webhook_ (the webhook would fail on every retry)', async () => {
    await expectOnly(world, [], (db, actor) => db.doc(`UserLog/webhook_supplier-invoice_${actor}-uuid`).set(entry(actor)));
    await expectOnly(world, [], (db, actor) => db.doc(`UserLog/webhook_${actor}`).set(entry(actor)));
  });

  it('the same entry under a client id is accepted for every signed-in account', async () => {
    await expectOnly(world, allBut('anon'), (db, actor) => db.doc(`UserLog/${crypto.randomUUID()}`).set(entry(actor)), { actors: allBut('anon') });
  });
});

describe('Invoice ids: the provider uuid', () => {
  const draftSale = (shopId: string) => ({ userId: shopId, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'n-1', date: at, deleted: false });
  const invoice = (shopId: string, uuid: string, saleId: string) => ({
    uuid, userId: shopId, type: 0, status: 'sent', marking: 'sent', payload: '<xml/>', newInvoice: false, createdAt: at, saleId,
  });
  const docs = {
    'Sale/draft-a': draftSale(SHOP_A),
    'Sale/draft-a2': draftSale(SHOP_A),
    'Sale/draft-b': draftSale(SHOP_B),
    'Sale/sent-a': { ...draftSale(SHOP_A), invoiceUUID: 'uuid-old' },
    'Invoice/uuid-old': invoice(SHOP_A, 'uuid-old', 'sent-a'),
    // The proxy's records of the sends below (a send is accepted only against one: tests/rules/sdi-submission.test.ts).
    ...sdiSubmissions(SHOP_A, '<xml/>', ['uuid-new', 'uuid-x', 'uuid-y', 'uuid-z', 'uuid-squat', 'uuid-old'], 'n-1'),
  };
  const send = (saleId: string, uuid: string, shopId = SHOP_A, invoiceSale = saleId) => (db: Db) => {
    const batch = db.batch();
    batch.update(db.doc(`Sale/${saleId}`), { invoiceUUID: uuid, invoicePayload: '<xml/>', updatedAt: at });
    batch.set(db.doc(`Invoice/${uuid}`), invoice(shopId, uuid, invoiceSale));
    return batch.commit();
  };

  it('an Invoice is never created on its own (a uuid the webhook will write could be squatted)', async () => {
    await world.reset(docs);
    await expectOnly(world, [], (db) => db.doc('Invoice/uuid-squat').set(invoice(SHOP_A, 'uuid-squat', 'draft-a')));
    const { saleId: _none, ...unnamed } = invoice(SHOP_A, 'uuid-squat', 'draft-a');
    await expectOnly(world, [], (db) => db.doc('Invoice/uuid-squat').set(unnamed), { actors: ['ownerA'] });
  });

  it('it is created by the owner only, with the send of the draft Sale it names (same batch, same shop, this uuid)', async () => {
    await expectOnly(world, ['ownerA'], send('draft-a', 'uuid-new'), { before: () => world.reset(docs) });
    await world.reset(docs);
    await assertSucceeds(send('draft-a', 'uuid-new')(world.db('ownerA')));
    expect(await readRaw(world.env, 'Invoice/uuid-new')).toMatchObject({ saleId: 'draft-a', userId: SHOP_A });
  });

  it("refuses an Invoice naming another sale than the one sent, another shop's sale, or a sale already sent", async () => {
    await world.reset(docs);
    // names draft-a2, which does not get the uuid
    await assertFails(send('draft-a', 'uuid-x', SHOP_A, 'draft-a2')(world.db('ownerA')));
    // names shop B's draft
    await assertFails(send('draft-a', 'uuid-x', SHOP_A, 'draft-b')(world.db('ownerA')));
    // a sent sale cannot be sent again under a new uuid
    await assertFails(send('sent-a', 'uuid-x')(world.db('ownerA')));
    await assertSucceeds(send('draft-a', 'uuid-x')(world.db('ownerA')));
  });
});

describe('registration ids: reg-{uid}, reg-{uid}-tecnico, reg-{uid}-dip-{n}', () => {
  const proposal = (shopId: string, by: string) => ({
    shopId, plan: 'plan-premium', packs: [], proposedStartingDate: at, proposedExpiringDate: new Date(at.getTime() + 365 * 86_400_000), proposedPrice: 10, status: 'proposed', createdBy: by,
  });
  const employee = (shopId: string) => ({ userId: shopId, name: 'Mario', surname: 'Rossi', pin: '1234', roleLevel: '1', roleName: 'Cassiere' });

  it('a proposal cannot take the subscription id of a future registration (reg-...)', async () => {
    await expectOnly(world, [], (db, actor) => db.doc('ShopSubscription/reg-future-uid').set(proposal(SHOP_A, writerId(actor))), { actors: allBut('admin') });
    await expectOnly(world, [], (db, actor) => db.doc(`ShopSubscription/reg-${SHOP_A}`).set(proposal(SHOP_A, writerId(actor))), { actors: allBut('admin') });
    // a random id is still fine for the shop's technician
    await expectOnly(world, ['techA', 'admin'], (db, actor) => db.doc(`ShopSubscription/p-${actor}`).set(proposal(SHOP_A, writerId(actor))));
  });

  it("an employee cannot take another shop's registration employee ids", async () => {
    await expectOnly(world, [], (db) => db.doc('Employe/reg-future-uid-tecnico').set(employee(SHOP_A)), { actors: allBut('admin') });
    await expectOnly(world, [], (db) => db.doc(`Employe/reg-${SHOP_B}-dip-1`).set(employee(SHOP_A)), { actors: allBut('admin') });
    // Not even its own shop's: reg- ids are the registration batch's alone (shop-exists.test.ts); random ids still work.
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Employe/reg-${SHOP_A}-dip-${String(ACTOR_INDEX[actor])}`).set(employee(SHOP_A)));
    await expectOnly(world, ['ownerA', 'techA', 'admin'], (db, actor) => db.doc(`Employe/e-${actor}`).set(employee(SHOP_A)));
  });
});

describe('ids already checked (regression)', () => {
  it("Customer _csv_, Scrap csv-, SaleDaySummary: only the own shop's space", async () => {
    const customer = { userId: SHOP_A, name: 'Cliente' };
    await expectOnly(world, ['ownerA', 'admin'], (db, actor) => db.doc(`Customer/${SHOP_A}_csv_${writerId(actor)}`).set(customer));
    await expectOnly(world, [], (db) => db.doc(`Customer/${SHOP_B}_csv_X`).set(customer));
    const scrap = { userId: SHOP_A, name: 'Prodotto' };
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`Scrap/csv-${SHOP_A}-0123456789abcdef`).set(scrap), { before: () => world.reset() });
    await expectOnly(world, [], (db) => db.doc(`Scrap/csv-${SHOP_B}-0123456789abcdef`).set(scrap));
    const summary = { userId: SHOP_A, day: '2026-11-20', version: 1, builtAt: at };
    await expectOnly(world, [], (db) => db.doc(`SaleDaySummary/${SHOP_B}_2026-11-20`).set(summary));
  });
});
