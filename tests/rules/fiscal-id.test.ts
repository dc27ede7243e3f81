/**
 * The fiscal-identity registry: FiscalId/{P.IVA} → the shop that holds it. The server trusts only the
 * registry, so who may write it, and the Shop's P.IVA fields that must agree with it, are the attack surface: an owner
 * who types another company's P.IVA, a technician who claims a P.IVA somebody else holds, a P.IVA changed without
 * its registry entry, a registration that takes another shop's P.IVA.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { serverTimestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, readRaw, setupWorld, worldDocs, type Db } from './fixtures.ts';

const world = setupWorld();
const A_PIVA = '01234567890';
const B_PIVA = '09876543210';
const FREE = '04821730159';

/** The technician's save of /shop-details with a P.IVA move: claim the new, release the old, every spelling equal. */
function move(db: Db, writer: string, to: string, o: { claim?: boolean; release?: boolean; fields?: Record<string, unknown> } = {}): Promise<void> {
  const batch = db.batch();
  if (o.claim ?? true) batch.set(db.doc(`FiscalId/${to}`), { shopId: SHOP_A, createdBy: writer, createdAt: serverTimestamp() });
  if (o.release ?? true) batch.delete(db.doc(`FiscalId/${A_PIVA}`));
  batch.update(db.doc(`Shop/${SHOP_A}`), { pIva: to, vatNumber: to, 'settings.pIva': to, updatedAt: new Date(), ...o.fields });
  return batch.commit();
}

describe('FiscalId reads', () => {
  it("an entry is read by its shop's readers only", async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], getDoc(`FiscalId/${A_PIVA}`));
  });
  it('a P.IVA nobody holds may be looked up by technicians and admins (to say "already registered" first)', async () => {
    await expectOnly(world, ['techA', 'techB', 'admin'], getDoc(`FiscalId/${FREE}`));
  });
  it('nobody but admins lists the registry', async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('FiscalId').get());
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], (db) => db.collection('FiscalId').where('shopId', '==', SHOP_A).get());
  });
});

describe('the owner cannot change the fiscal identity', () => {
  it.each([
    ['settings.pIva', { 'settings.pIva': B_PIVA }],
    ['pIva', { pIva: B_PIVA }],
    ['vatNumber', { vatNumber: B_PIVA }],
    ['partitaIva', { partitaIva: B_PIVA }],
    ['codiceFiscale', { codiceFiscale: B_PIVA }],
  ])('%s is refused to the owner (it is the registry that decides)', async (_field, patch) => {
    await assertFails(world.db('ownerA').doc(`Shop/${SHOP_A}`).update(patch));
  });
  it('even with a claim of a free P.IVA in the same batch', async () => {
    const db = world.db('ownerA');
    const batch = db.batch();
    batch.set(db.doc(`FiscalId/${FREE}`), { shopId: SHOP_A, createdBy: SHOP_A, createdAt: serverTimestamp() });
    batch.update(db.doc(`Shop/${SHOP_A}`), { pIva: FREE, vatNumber: FREE, 'settings.pIva': FREE });
    await assertFails(batch.commit());
  });
  it('other settings still save', async () => {
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ 'settings.backofficeRoles': true }));
  });
});

describe("the technician's P.IVA move", () => {
  it('claims the new P.IVA, releases the old and writes every spelling equal: only the shop\'s technician (and admins)', async () => {
    await expectOnly(world, ['techA', 'admin'], (db, actor) => move(db, actor === 'techA' ? 'tech-a' : 'admin-1', FREE), { before: () => world.reset() });
    await world.reset();
    await move(world.db('techA'), 'tech-a', FREE);
    expect(await readRaw(world.env, `FiscalId/${FREE}`)).toMatchObject({ shopId: SHOP_A, createdBy: 'tech-a' });
    expect(await readRaw(world.env, `FiscalId/${A_PIVA}`)).toBeUndefined();
  });
  it('is refused without the claim, without the release, or with the spellings disagreeing', async () => {
    await assertFails(move(world.db('techA'), 'tech-a', FREE, { claim: false }));
    await assertFails(move(world.db('techA'), 'tech-a', FREE, { release: false }));
    await assertFails(move(world.db('techA'), 'tech-a', FREE, { fields: { vatNumber: A_PIVA } }));
    await assertFails(move(world.db('techA'), 'tech-a', FREE, { fields: { partitaIva: A_PIVA } }));
  });
  it("cannot take a P.IVA another shop holds (the entry exists: a claim would be an update)", async () => {
    await assertFails(move(world.db('techA'), 'tech-a', B_PIVA));
    expect(await readRaw(world.env, `FiscalId/${B_PIVA}`)).toMatchObject({ shopId: SHOP_B });
  });
  it('refuses a value that is not an 11-digit P.IVA', async () => {
    await assertFails(move(world.db('techA'), 'tech-a', 'IT04821730159'));
  });
  it("a company's fiscal code equal to the old P.IVA follows the corrected one; every other change of the fiscal code is refused", async () => {
    const withCf = (cf: Record<string, unknown>) => world.reset({ [`Shop/${SHOP_A}`]: { ...worldDocs()[`Shop/${SHOP_A}`], ...cf } });
    const follows = { fields: { codiceFiscale: FREE } };
    await expectOnly(world, ['techA', 'admin'], (db, actor) => move(db, actor === 'techA' ? 'tech-a' : 'admin-1', FREE, follows), { before: () => withCf({ codiceFiscale: A_PIVA }) });
    await withCf({ cf: A_PIVA }); // the legacy spelling the converter reads too
    await assertSucceeds(move(world.db('techA'), 'tech-a', FREE, follows));
    await withCf({ codiceFiscale: A_PIVA });
    await assertFails(move(world.db('techA'), 'tech-a', FREE, { fields: { codiceFiscale: B_PIVA } }));
    await withCf({ codiceFiscale: 'RSSMRA80A01H501U' }); // a sole trader's personal code stays the admin's decision
    await assertFails(move(world.db('techA'), 'tech-a', FREE, follows));
    await withCf({ codiceFiscale: A_PIVA });
    await assertFails(world.db('techA').doc(`Shop/${SHOP_A}`).update({ codiceFiscale: FREE, updatedAt: new Date() }));
  });
  it('a save that leaves the P.IVA alone needs no registry write', async () => {
    await assertSucceeds(world.db('techA').doc(`Shop/${SHOP_A}`).update({ phone: '051 999', updatedAt: new Date() }));
  });
  it('a legacy shop without a registry entry is verified by the save that claims its P.IVA', async () => {
    await world.reset({ [`FiscalId/${A_PIVA}`]: null });
    await assertFails(world.db('techA').doc(`Shop/${SHOP_A}`).update({ pIva: A_PIVA, vatNumber: A_PIVA, 'settings.pIva': A_PIVA }));
    const db = world.db('techA');
    const batch = db.batch();
    batch.set(db.doc(`FiscalId/${A_PIVA}`), { shopId: SHOP_A, createdBy: 'tech-a', createdAt: serverTimestamp() });
    batch.update(db.doc(`Shop/${SHOP_A}`), { pIva: A_PIVA, vatNumber: A_PIVA, 'settings.pIva': A_PIVA });
    await assertSucceeds(batch.commit());
  });
});

describe('claims and releases on their own', () => {
  it('a claim that the shop does not carry in the same batch is refused (to everyone but admins)', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`FiscalId/${FREE}`).set({ shopId: SHOP_A, createdBy: actor === 'admin' ? 'admin-1' : actor, createdAt: serverTimestamp() }), { before: () => world.reset() });
  });
  it("a technician of another shop cannot claim for this one, nor sign as somebody else", async () => {
    await assertFails(move(world.db('techB'), 'tech-b', FREE));
    await assertFails(move(world.db('techA'), 'tech-b', FREE));
  });
  it("a shop's entry is not released while the shop keeps the P.IVA", async () => {
    await expectOnly(world, ['admin'], (db) => db.doc(`FiscalId/${A_PIVA}`).delete(), { before: () => world.reset() });
  });
  it('sharing a P.IVA between two shops of one company (sharedWith) and the fiscal code are admin decisions', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc(`FiscalId/${A_PIVA}`).update({ sharedWith: [SHOP_B] }), { before: () => world.reset() });
    await expectOnly(world, ['admin'], (db) => db.doc(`FiscalId/${A_PIVA}`).update({ codiceFiscale: 'RSSMRA80A01H501U' }), { before: () => world.reset() });
  });
});

describe('registration claims the new shop\'s P.IVA in its batch', () => {
  const NEW = 'new-shop';
  const day = 24 * 60 * 60 * 1000;
  const registrant = { userId: NEW, email: 'nuovo@example.test', level: 'shopRegister', shops: [], registeredBy: 'tech-a', createdAt: new Date() };
  function register(db: Db, pIva: string, claim: boolean): Promise<void> {
    const now = new Date();
    const batch = db.batch();
    batch.set(db.doc(`Shop/${NEW}`), {
      userId: NEW, name: 'Nuovo Negozio', address: 'Via Roma 1', city: 'Roma', province: 'RM', zipCode: '00100', phone: '06 1234',
      openApi: false, subscriptionId: `reg-${NEW}`, accountants: [], technicians: ['tech-a'], assignedTech: '', isChainMaster: false,
      shopGroup: null, devices: {}, createdAt: now,
      ...(pIva === '' ? { settings: { codeDdt: 11 } } : { pIva, vatNumber: pIva, settings: { pIva, codeDdt: 11 } }),
    });
    if (claim) batch.set(db.doc(`FiscalId/${pIva}`), { shopId: NEW, createdBy: 'tech-a', createdAt: serverTimestamp() });
    batch.set(db.doc(`ShopSubscription/reg-${NEW}`), {
      shopId: NEW, userId: NEW, plan: 'plan-premium', packs: ['pack-fatturazione'], startingDate: now, expiringDate: new Date(now.getTime() + 91 * day),
      price: 49.9, status: 'active', createdBy: 'tech-a', createdAt: now,
    });
    batch.update(db.doc(`User/${NEW}`), { level: 'shop' });
    return batch.commit();
  }
  it('with its P.IVA claimed: the shop and its registry entry', async () => {
    await world.reset({ [`User/${NEW}`]: registrant });
    await assertSucceeds(register(world.db('techA'), FREE, true));
    expect(await readRaw(world.env, `FiscalId/${FREE}`)).toMatchObject({ shopId: NEW });
  });
  it('without a P.IVA (the spec does not require it): nothing to claim', async () => {
    await world.reset({ [`User/${NEW}`]: registrant });
    await assertSucceeds(register(world.db('techA'), '', false));
  });
  it("is refused with a P.IVA it does not claim, or one another shop holds", async () => {
    await world.reset({ [`User/${NEW}`]: registrant });
    await assertFails(register(world.db('techA'), FREE, false));
    await assertFails(register(world.db('techA'), B_PIVA, true));
    await assertFails(register(world.db('techA'), B_PIVA, false));
    expect(await readRaw(world.env, `Shop/${NEW}`)).toBeUndefined();
  });
});

