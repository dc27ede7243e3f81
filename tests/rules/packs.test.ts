/**
 * What a shop pays for is enforced by the rules (firestore.rules `shopHasPack`), not only by the
 * screens. Invoice drafts, credit notes, sends → Fatturazione; a chain master's reads of members and entering a chain →
 * Catena; statistics summaries → Statistiche (or 'analisi'). Each with the subscription not past its expiry + 15 days
 * of grace, and read through every legacy shape the app's chain reads (src/data/subscription-chain.ts): plan from the
 * lower-case `plan`, packs as ids (through the PackGrant index) or as names in any case, the expiry under its three
 * names and as a Timestamp, epoch number or text. Both ways: the allowed owner succeeds; in grace succeeds; past the
 * grace, without the pack, with only a proposal or no subscription, another shop, the accountant, the technician fail.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, readRaw, setupWorld, worldDocs, type Db, sdiSubmissions } from './fixtures.ts';

const world = setupWorld();
const DAY = 86_400_000;
const now = Date.now();
const daysFromNow = (n: number) => new Date(now + n * DAY);

/** Shop A's subscription, replaced: the fixture's (Premium plan + Fatturazione, Catena, Statistiche) with `over` applied. */
function subA(over: Record<string, unknown> = {}, drop: string[] = []): Record<string, Record<string, unknown>> {
  const sub: Record<string, unknown> = { ...worldDocs()['ShopSubscription/sub-a'], ...over };
  for (const key of drop) delete sub[key];
  return { 'ShopSubscription/sub-a': sub };
}
const NO_PACKS = { plan: 'plan-base', packs: [] };

const draft = (shopId: string) => ({
  userId: shopId, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'n-1', deleted: false, permanentlyDeleted: false, price: 10, date: new Date(now - DAY),
});
const createDraft = (shopId: string) => (db: Db, actor: string) => db.doc(`Sale/pk-${actor}`).set(draft(shopId));
const creditNote = (db: Db, actor: string) => db.doc(`Sale/nc-${actor}`).set({ ...draft(SHOP_A), method: 'Nota di Credito' });
const editDraft = (db: Db) => db.doc('Sale/draft-a').update({ invoiceNumber: 'n-2' });
/** The send as src/features/invoices/api-send.ts writes it: the draft gets its uuid, the Invoice is created, one batch. */
const sendDraft = (db: Db) => {
  const batch = db.batch();
  batch.update(db.doc('Sale/draft-a'), { invoiceUUID: 'uuid-pk', invoicePayload: '<xml/>', updatedAt: new Date() });
  batch.set(db.doc('Invoice/uuid-pk'), { uuid: 'uuid-pk', userId: SHOP_A, type: 0, status: 'sent', marking: 'sent', payload: '<xml/>', saleId: 'draft-a' });
  return batch.commit();
};
const summary = (shopId: string, day: string) => ({ userId: shopId, day, version: 1, builtAt: Timestamp.fromDate(new Date(now - DAY)), totalCents: 0 });
const writeSummary = (shopId: string) => (db: Db) => db.doc(`SaleDaySummary/${shopId}_2026-11-02`).set(summary(shopId, '2026-11-02'));

const withDraft = { 'Sale/draft-a': draft(SHOP_A), 'Sale/draft-b': draft(SHOP_B), ...sdiSubmissions(SHOP_A, '<xml/>', ['uuid-pk'], 'n-1') };

/** Runs `write` as shop A's owner in the world `docs`: allowed or denied. */
async function ownerA(docs: Record<string, Record<string, unknown> | null>, allowed: boolean, write: (db: Db, actor: string) => Promise<unknown>) {
  await world.reset({ ...withDraft, ...docs });
  const attempt = write(world.db('ownerA'), 'ownerA');
  await (allowed ? assertSucceeds(attempt) : assertFails(attempt));
}

describe('Fatturazione: invoice drafts, credit notes, sends', () => {
  it('only the owner of a shop with Fatturazione writes its drafts: not another shop, the accountant, the technician, assist, admin', async () => {
    const before = () => world.reset(withDraft);
    await expectOnly(world, ['ownerA'], createDraft(SHOP_A), { before });
    await expectOnly(world, ['ownerA'], creditNote, { before });
    await expectOnly(world, ['ownerA'], editDraft, { before });
    await expectOnly(world, ['ownerA'], sendDraft, { before });
  });

  it('in grace (expired 14 days ago) the owner still invoices; past the grace (16 days) nothing', async () => {
    for (const write of [createDraft(SHOP_A), creditNote, editDraft, sendDraft]) {
      await ownerA(subA({ expiringDate: daysFromNow(-14) }), true, write);
      await ownerA(subA({ expiringDate: daysFromNow(-16) }), false, write);
    }
  });

  it('without the pack, with only a proposal, without a subscription or with a missing one: refused', async () => {
    const shopA = worldDocs()[`Shop/${SHOP_A}`] ?? {};
    for (const docs of [
      subA(NO_PACKS),
      subA({ status: 'proposed' }),
      subA({ status: ' Proposed ' }),
      { [`Shop/${SHOP_A}`]: { ...shopA, subscriptionId: '' } },
      { [`Shop/${SHOP_A}`]: { ...shopA, subscriptionId: 'sub-missing' } },
    ]) {
      await ownerA(docs, false, createDraft(SHOP_A));
      await ownerA(docs, false, sendDraft);
    }
  });

  it("another shop's subscription never grants: shop B (its own Fatturazione) writes its drafts, not A's; A's expiry does not touch B", async () => {
    await world.reset({ ...withDraft, ...subA({ expiringDate: daysFromNow(-30) }) });
    await assertSucceeds(createDraft(SHOP_B)(world.db('ownerB'), 'ownerB'));
    await assertFails(createDraft(SHOP_A)(world.db('ownerB'), 'ownerB'));
    await assertFails(createDraft(SHOP_A)(world.db('ownerA'), 'ownerA'));
  });

  it("the invoice flags of invoices already sent stay the owner's after the expiry (marking paid)", async () => {
    const sent = { uuid: 'uuid-old', userId: SHOP_A, type: 0, status: 'sent', marking: 'delivered', payload: '<xml/>', newInvoice: true };
    await ownerA({ ...subA({ expiringDate: daysFromNow(-60) }), 'Invoice/uuid-old': sent }, true, (db) => db.doc('Invoice/uuid-old').update({ marking: 'paid' }));
  });
});

/**
 * The deferred invoice of /ddt (src/features/ddt/api.ts commitDeferredInvoice), as the app writes it: one transaction
 * reads the confirmed notes and the shop's counter, creates the TD24 draft (the Sale shape of
 * src/features/ddt/deferred-invoice.ts), moves the notes to 'fatturato' pointing at it and the counter on.
 */
describe('Fatturazione: the deferred invoice of DDTs', () => {
  const at = new Date(now - DAY);
  const year = at.getFullYear();
  const line = { code: 'A1', description: 'Trapano', um: 'PZ', quantity: 2, unitPrice: 49.9, vatRate: 22, productId: 'scrap-a' };
  const note = (n: number) => ({
    userId: SHOP_A, kind: 'ddt', state: 'confermato', year, date: at, causale: 'Vendita', transportBy: 'mittente', porto: 'franco',
    recipient: { ragioneSociale: 'Trattoria Da Gino S.r.l.', vatNumber: '09456120151' }, customerId: 'cust-a', lines: [line], notes: '',
    progressive: n, number: `DDT/${String(n)}`, confirmedAt: at,
  });
  const notes = { 'Ddt/ddt-a-1': note(1), 'Ddt/ddt-a-2': note(2) };
  const deferredInvoice = (db: Db, actor: string) =>
    db.runTransaction(async (tx) => {
      const ids = ['ddt-a-1', 'ddt-a-2'];
      for (const id of ids) await tx.get(db.doc(`Ddt/${id}`));
      await tx.get(db.doc(`Shop/${SHOP_A}`));
      const saleId = `td24-${actor}`;
      const number = `${SHOP_A}-${String(year)}-7`;
      tx.set(db.doc(`Sale/${saleId}`), {
        userId: SHOP_A, shopId: SHOP_A, method: 'Fattura', invoiceUUID: '', invoiceNumber: number, type: 'TD24', documentType: 'TD24',
        customerId: 'cust-a', customer: { userId: SHOP_A, ragioneSociale: 'Trattoria Da Gino S.r.l.', vatNumber: '09456120151', codiceDestinatario: 'M5UXCR1' },
        customerName: 'Trattoria Da Gino S.r.l.', date: at, price: 121.76, total: 121.76, invoicePayload: '<xml/>', isVoid: false, deleted: false,
        items: [{ code: 'A1', description: 'Trapano', quantity: 4, price: 49.9, iva: 22, total: 199.6 }],
        ddtIds: ids, ddts: ids.map((_, i) => ({ number: `DDT/${String(i + 1)}`, date: at.toISOString().slice(0, 10), lineNumbers: [i + 1] })),
        createdAt: at, updatedAt: at,
      });
      tx.update(db.doc(`Shop/${SHOP_A}`), { 'settings.invoiceNumber': '13' });
      for (const id of ids) tx.update(db.doc(`Ddt/${id}`), { state: 'fatturato', invoiceId: saleId, invoiceNumber: number, invoicedAt: at, updatedAt: at });
    });

  const landed = async () => ({
    states: await Promise.all(['ddt-a-1', 'ddt-a-2'].map(async (id) => (await readRaw(world.env, `Ddt/${id}`))?.state)),
    draft: (await readRaw(world.env, 'Sale/td24-ownerA'))?.type,
    counter: ((await readRaw(world.env, `Shop/${SHOP_A}`))?.settings as Record<string, unknown> | undefined)?.invoiceNumber,
  });

  it('in grace (expired 14 days ago) the owner writes it: the TD24 draft, the notes invoiced, the counter moved', async () => {
    await ownerA({ ...notes, ...subA({ expiringDate: daysFromNow(-14) }) }, true, deferredInvoice);
    expect(await landed()).toEqual({ states: ['fatturato', 'fatturato'], draft: 'TD24', counter: '13' });
  });

  it('past the grace (16 days), or without the pack, the whole transaction is refused: nothing of it lands', async () => {
    for (const docs of [subA({ expiringDate: daysFromNow(-16) }), subA(NO_PACKS)]) {
      await ownerA({ ...notes, ...docs }, false, deferredInvoice);
      expect(await landed()).toEqual({ states: ['confermato', 'confermato'], draft: undefined, counter: '12' });
    }
  });
});

describe('legacy shapes, as the app reads them', () => {
  it('the plan only in the lower-case `plan` collection, under `plan` or `planId`; a plan that exists nowhere grants nothing', async () => {
    const legacyPlan = { 'plan/legacy-pro': { name: 'Pro', price: 35, packs: ['pack-fatturazione'] } };
    await ownerA({ ...legacyPlan, ...subA({ plan: 'legacy-pro', packs: [] }) }, true, createDraft(SHOP_A));
    await ownerA({ ...legacyPlan, ...subA({ planId: 'legacy-pro', packs: [] }, ['plan']) }, true, createDraft(SHOP_A));
    await ownerA(subA({ plan: 'plan-gone', packs: [] }), false, createDraft(SHOP_A));
    // No plan at all: the extra packs alone grant.
    await ownerA(subA({ packs: ['pack-fatturazione'] }, ['plan']), true, createDraft(SHOP_A));
    await ownerA(subA({ packs: ['pack-magazzino'] }, ['plan']), false, createDraft(SHOP_A));
  });

  it('packs as names in any case (FATTURAZIONE, "Fatturazione elettronica"), under packs or packIds', async () => {
    for (const packs of [['FATTURAZIONE'], ['magazzino', 'Fatturazione elettronica']]) {
      await ownerA(subA({ ...NO_PACKS, packs }), true, createDraft(SHOP_A));
    }
    await ownerA(subA({ plan: 'plan-base', packIds: ['fatturazione'] }, ['packs']), true, createDraft(SHOP_A));
    await ownerA(subA({ ...NO_PACKS, packs: ['magazzino', 'listini'] }), false, createDraft(SHOP_A));
    // Names still grant when the index is missing (before scripts/backfill-pack-grants.ts ran).
    await ownerA({ 'PackGrant/fatturazione': null, ...subA({ ...NO_PACKS, packs: ['Fatturazione'] }) }, true, createDraft(SHOP_A));
  });

  it('packs as ids of any spelling, through the PackGrant index (a pack renamed or created by an admin)', async () => {
    const pack = { 'Pack/Xq7fT2': { name: 'Fatturazione Elettronica SDI', price: 12 } };
    const index = { 'PackGrant/fatturazione': { packIds: ['pack-fatturazione', 'Xq7fT2'] } };
    await ownerA({ ...pack, ...index, ...subA({ ...NO_PACKS, packs: ['Xq7fT2'] }) }, true, createDraft(SHOP_A));
    // The same id missing from the index, or no index at all, grants nothing in the database.
    await ownerA({ ...pack, ...subA({ ...NO_PACKS, packs: ['Xq7fT2'] }) }, false, createDraft(SHOP_A));
    await ownerA({ ...pack, 'PackGrant/fatturazione': null, ...subA({ ...NO_PACKS, packs: ['Xq7fT2'] }) }, false, createDraft(SHOP_A));
  });

  it('the expiry under expiringDate, expiryDate or endDate (Timestamps); no expiry blocks nothing', async () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{ expiryDate: daysFromNow(-5) }, true],
      [{ expiryDate: daysFromNow(-20) }, false],
      [{ endDate: daysFromNow(-20) }, false],
      [{ endDate: daysFromNow(20) }, true],
      [{}, true],
    ];
    for (const [dates, allowed] of cases) {
      await ownerA(subA(dates, ['expiringDate']), allowed, createDraft(SHOP_A));
    }
  });

  it('shapes the rules do not read (docs/sicurezza.md): object pack entries grant nothing; a text expiry does not block', async () => {
    await ownerA(subA({ ...NO_PACKS, packs: [{ id: 'pack-fatturazione' }] }), false, createDraft(SHOP_A));
    await ownerA(subA({ expiringDate: '01/01/2020' }), true, createDraft(SHOP_A));
  });
});

describe('Catena: the master reads its members, entering a chain', () => {
  const member = { userId: 'member-1', name: 'Filiale', isChainMaster: false, shopGroup: SHOP_B, accountants: [], technicians: [], settings: {} };
  const chain = {
    'Shop/member-1': member,
    'Sale/m1-sale': { userId: 'member-1', price: 10, method: 'Contanti', isVoid: false, date: new Date(now - 1000) },
    'Scrap/m1-prod': { userId: 'member-1', name: 'Caffè' },
  };
  const subB = (over: Record<string, unknown>) => ({ 'ShopSubscription/sub-b': { ...worldDocs()['ShopSubscription/sub-b'], ...over } });
  const memberSales = (db: Db) => db.collection('Sale').where('userId', '==', 'member-1').get();
  const memberScraps = (db: Db) => db.collection('Scrap').where('userId', '==', 'member-1').get();

  it('the master with Catena (listed by name) reads; in grace too; past the grace or without Catena nothing; the member still decides', async () => {
    for (const [over, allowed] of [
      [{}, true],
      [{ expiringDate: daysFromNow(-10) }, true],
      [{ expiringDate: daysFromNow(-20) }, false],
      [{ packs: ['fatturazione'] }, false],
      [{ status: 'proposed' }, false],
    ] as [Record<string, unknown>, boolean][]) {
      await world.reset({ ...chain, ...subB(over) });
      for (const read of [memberSales, memberScraps, (db: Db): Promise<unknown> => db.doc("Sale/m1-sale").get()] as ((db: Db) => Promise<unknown>)[]) {
        const attempt = read(world.db('ownerB'));
        await (allowed ? assertSucceeds(attempt) : assertFails(attempt));
      }
    }
    await world.reset({ ...chain, 'Shop/member-1': { ...member, chainSettings: { allowMemberDataAccess: false } } });
    await assertFails(memberSales(world.db('ownerB')));
  });

  it('becoming a master or joining a group needs Catena, not past the grace; leaving never does; nobody else does it', async () => {
    const shopA = worldDocs()[`Shop/${SHOP_A}`] ?? {};
    const becomeMaster = (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ isChainMaster: true, chainSettings: { allowMemberDataAccess: true, shareInventory: false } });
    const join = (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ shopGroup: SHOP_B, updatedAt: new Date() });
    await expectOnly(world, ['ownerA', 'admin'], becomeMaster, { before: () => world.reset() });
    await expectOnly(world, ['ownerA', 'admin'], join, { before: () => world.reset() });
    for (const write of [becomeMaster, join]) {
      await ownerA(subA({ expiringDate: daysFromNow(-10) }), true, write);
      await ownerA(subA({ expiringDate: daysFromNow(-20) }), false, write);
      await ownerA(subA({ packs: ['pack-fatturazione'] }), false, write);
    }
    const leave = (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ shopGroup: null, updatedAt: new Date() });
    await ownerA({ [`Shop/${SHOP_A}`]: { ...shopA, shopGroup: SHOP_B }, ...subA({ expiringDate: daysFromNow(-90) }) }, true, leave);
    const stopMaster = (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ isChainMaster: false });
    await ownerA({ [`Shop/${SHOP_A}`]: { ...shopA, isChainMaster: true }, ...subA({ packs: [] }) }, true, stopMaster);
  });
});

describe('Statistiche: the day summaries', () => {
  it("the owner with Statistiche writes them ('analisi' grants it too: shop B); admins always; nobody else", async () => {
    await expectOnly(world, ['ownerA', 'admin'], writeSummary(SHOP_A), { before: () => world.reset() });
    await expectOnly(world, ['ownerB', 'admin'], writeSummary(SHOP_B), { before: () => world.reset() });
  });

  it('in grace yes; past the grace, without the pack: no (the admin still can)', async () => {
    await ownerA(subA({ expiringDate: daysFromNow(-10) }), true, writeSummary(SHOP_A));
    await ownerA(subA({ expiringDate: daysFromNow(-20) }), false, writeSummary(SHOP_A));
    await ownerA(subA({ packs: ['pack-fatturazione'] }), false, writeSummary(SHOP_A));
    await world.reset(subA({ packs: [] }));
    await assertSucceeds(writeSummary(SHOP_A)(world.db('admin')));
  });
});

/**
 * The get()/exists() limits (10 per single-document request, 20 per batch or transaction; the emulator enforces them).
 * The worst case of shopHasPack is 5 documents (Shop, ShopSubscription, Plan missing, legacy `plan`, PackGrant); a
 * document read again in the same request or batch is not counted again.
 */
describe('within the rules’ document-access limits', () => {
  const worst = {
    'plan/legacy-pro': { name: 'Pro', price: 35, packs: ['Xq7fT2'] },
    'Pack/Xq7fT2': { name: 'Fatturazione', price: 12 },
    'PackGrant/fatturazione': { packIds: ['Xq7fT2'] },
  };

  it('the send batch (draft → sent + its Invoice) with a legacy plan and an id granted through the index', async () => {
    await ownerA({ ...worst, ...subA({ plan: 'legacy-pro', packs: [] }) }, true, sendDraft);
  });

  it("the send's numbering transaction: 20 drafts renumbered with the shop's counter, one transaction", async () => {
    const drafts = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`Sale/d-${String(i)}`, draft(SHOP_A)]));
    await ownerA({ ...worst, ...drafts, ...subA({ plan: 'legacy-pro', packs: [] }) }, true, (db) =>
      db.runTransaction(async (tx) => {
        await tx.get(db.doc(`Shop/${SHOP_A}`));
        for (let i = 0; i < 20; i += 1) tx.update(db.doc(`Sale/d-${String(i)}`), { invoiceNumber: `n-${String(i)}`, sendingSince: new Date() });
        tx.update(db.doc(`Shop/${SHOP_A}`), { 'settings.invoiceNumber': '40' });
      }),
    );
  });

  it('a batch of 100 day summaries (the statistics page writes 100 per batch)', async () => {
    const legacy = { 'plan/legacy-stat': { name: 'Stat', price: 6, packs: ['Yz1'] }, 'PackGrant/statistiche': { packIds: ['Yz1'] } };
    await ownerA({ ...legacy, ...subA({ plan: 'legacy-stat', packs: [] }) }, true, (db) => {
      const batch = db.batch();
      for (let i = 0; i < 100; i += 1) {
        const day = new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10);
        batch.set(db.doc(`SaleDaySummary/${SHOP_A}_${day}`), summary(SHOP_A, day));
      }
      return batch.commit();
    });
  });
});

describe('PackGrant, the index', () => {
  it('read and written by admins only, for the gated packs, as a list of ids', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc('PackGrant/fatturazione').get());
    await expectOnly(world, ['admin'], (db) => db.doc('PackGrant/catena').set({ packIds: ['pack-catena'] }), { before: () => world.reset() });
    await expectOnly(world, [], (db) => db.doc('PackGrant/magazzino').set({ packIds: [] }));
    await expectOnly(world, [], (db) => db.doc('PackGrant/catena').set({ packIds: 'pack-catena' }));
  });
});
