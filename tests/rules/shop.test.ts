/**
 * Shop/{ownerUid}: readable by its owner, the accountants and technicians it lists, and admins; what the
 * owner and the technician may change (document 3 §4/§7).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, setupWorld, uidOf, worldDocs, writerId } from './fixtures.ts';

const world = setupWorld();
const shopA = () => worldDocs()[`Shop/${SHOP_A}`] ?? {};
const shopB = () => worldDocs()[`Shop/${SHOP_B}`] ?? {};

describe('reading Shop', () => {
  it('shop A: owner, its accountant, its technician and admins', async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], getDoc(`Shop/${SHOP_A}`));
  });

  it('shop B: owner, its assigned technician and admins', async () => {
    await expectOnly(world, ['ownerB', 'techB', 'admin'], getDoc(`Shop/${SHOP_B}`));
  });

  it('listing every shop is for admins only', async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('Shop').get());
  });

  it('the owner query `where userId == uid` works for the owner only', async () => {
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.collection('Shop').where('userId', '==', SHOP_A).get());
    const mine = await world.db('ownerA').collection('Shop').where('userId', '==', SHOP_A).get();
    expect(mine.docs.map((d) => d.id)).toEqual([SHOP_A]);
  });

  it('accountant reads only the shops that list them (`accountants array-contains uid`)', async () => {
    await expectOnly(world, ['accountantA', 'admin'], (db, actor) => db.collection('Shop').where('accountants', 'array-contains', writerId(actor)).get());
    const served = await world.db('accountantA').collection('Shop').where('accountants', 'array-contains', uidOf('accountantA')).get();
    expect(served.docs.map((d) => d.id)).toEqual([SHOP_A]);
    await assertFails(world.db('accountantA').doc(`Shop/${SHOP_B}`).get());
    // Looking for shops that list someone else is not allowed either.
    await assertFails(world.db('accountantA').collection('Shop').where('accountants', 'array-contains', 'someone-else').get());
  });

  it('technician queries: `technicians array-contains uid` and `assignedTech == uid`', async () => {
    await expectOnly(world, ['techA', 'techB', 'admin'], (db, actor) => db.collection('Shop').where('technicians', 'array-contains', writerId(actor)).get());
    await expectOnly(world, ['techA', 'techB', 'admin'], (db, actor) => db.collection('Shop').where('assignedTech', '==', writerId(actor)).get());
    const listed = await world.db('techA').collection('Shop').where('technicians', 'array-contains', uidOf('techA')).get();
    expect(listed.docs.map((d) => d.id)).toEqual([SHOP_A]);
    const assigned = await world.db('techB').collection('Shop').where('assignedTech', '==', uidOf('techB')).get();
    expect(assigned.docs.map((d) => d.id)).toEqual([SHOP_B]);
  });

  it('a legacy object entry in technicians grants nothing (rules match plain ids only)', async () => {
    expect(shopA().technicians).toContainEqual({ id: uidOf('techB'), name: 'Tecnico legacy' });
    await assertFails(world.db('techB').doc(`Shop/${SHOP_A}`).get());
  });

  it('being listed is not enough: the level must match the list', async () => {
    // An assist user listed as accountant, an accountant listed as technician, an owner as assignedTech.
    await world.reset({
      [`Shop/${SHOP_B}`]: { ...shopB(), accountants: [uidOf('assist'), uidOf('techA')], technicians: [uidOf('accountantA')], assignedTech: SHOP_A },
    });
    await expectOnly(world, ['ownerB', 'admin'], getDoc(`Shop/${SHOP_B}`));
  });

  it('a demoted accountant or technician loses access at once', async () => {
    await world.reset({
      [`User/${uidOf('accountantA')}`]: { ...worldDocs()[`User/${uidOf('accountantA')}`], level: 'shop' },
      [`User/${uidOf('techA')}`]: { ...worldDocs()[`User/${uidOf('techA')}`], level: 'assist' },
    });
    await expectOnly(world, ['ownerA', 'admin'], getDoc(`Shop/${SHOP_A}`));
  });

  it('an owner may look for their own shop before it exists (post-login routing)', async () => {
    const snapshot = await assertSucceeds(world.db('registrant').doc(`Shop/${uidOf('registrant')}`).get());
    expect(snapshot.exists).toBe(false);
    await assertFails(world.db('registrant').doc('Shop/someone-else').get());
  });
});

describe('creating and deleting Shop', () => {
  it('only admins create shops (the registration wizard opens its own rule later)', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Shop/new-${actor}`).set({ userId: `new-${actor}`, name: 'Nuovo negozio' }));
    // Not even one's own shop.
    await expectOnly(world, [], (db, actor) => db.doc(`Shop/${uidOf(actor)}`).set({ userId: uidOf(actor), name: 'Mio negozio' }), {
      actors: ['noProfile', 'registrant', 'accountantA', 'techA', 'assist'],
    });
  });

  it('only admins delete shops', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc(`Shop/${SHOP_A}`).delete(), { before: () => world.reset() });
  });
});

describe('updating Shop', () => {
  const update = (shopId: string, data: Record<string, unknown>) => (db: ReturnType<typeof world.db>) => db.doc(`Shop/${shopId}`).update(data);

  it('general fields and settings: owner, technician of the shop, admins', async () => {
    await expectOnly(world, ['ownerA', 'techA', 'admin'], update(SHOP_A, { phone: '051000000', city: 'Imola', updatedAt: new Date() }));
    await expectOnly(world, ['ownerA', 'techA', 'admin'], update(SHOP_A, { 'settings.printerIp': '10.0.0.9', 'settings.backofficeRoles': true }));
    await expectOnly(world, ['ownerA', 'techA', 'admin'], update(SHOP_A, { settings: { ...(shopA().settings as object), cashmaticEnabled: true } }));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], update(SHOP_B, { name: 'Ferramenta Rossi & C.', 'settings.invoiceNumber': '13' }));
    expect(await readRaw(world.env, `Shop/${SHOP_B}`)).toMatchObject({ name: 'Ferramenta Rossi & C.', settings: { invoiceNumber: '13', pIva: '09876543210' } });
  });

  it.each([
    ['userId', 'someone-else'],
    ['technicians', ['tech-a', 'tech-b']],
    ['assignedTech', 'tech-b'],
    ['trustedTech', 'tech-b'],
    ['subscriptionId', 'sub-b'],
  ])('%s is for admins only (not the owner, not the technician)', async (field, value) => {
    await expectOnly(world, ['admin'], update(SHOP_A, { [field]: value }), { before: () => world.reset() });
  });

  it('removing a protected field is a change too', async () => {
    const { subscriptionId: _omitted, ...withoutSubscription } = shopA();
    await assertFails(world.db('ownerA').doc(`Shop/${SHOP_A}`).set(withoutSubscription));
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).set({ ...shopA(), name: 'Bar Centrale 2' }));
  });

  it('openApi: owner never; technician only to true (after the provider configuration)', async () => {
    await expectOnly(world, ['techA', 'admin'], update(SHOP_A, { openApi: true }), { before: () => world.reset() });
    await expectOnly(world, ['admin'], update(SHOP_B, { openApi: false }), { before: () => world.reset() });
  });

  it('the owner registers accountants on their shop; nobody else but admins', async () => {
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { accountants: ['accountant-a', 'accountant-new'] }), { before: () => world.reset() });
    await expectOnly(world, ['ownerB', 'admin'], update(SHOP_B, { accountants: ['accountant-a'] }), { before: () => world.reset() });
  });

  it.each([
    ['shopType', 'Food'],
    ['chainSettings', { allowMemberDataAccess: true, shareInventory: false }],
    ['devices', { 'ipad-1': { deviceName: 'iPad cassa' } }],
  ])("%s: the owner's settings page (and admins), not the technician", async (field, value) => {
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { [field]: value }), { before: () => world.reset() });
  });

  it('technician of the shop: nothing outside general fields and settings', async () => {
    for (const data of [{ isChainMaster: true }, { shopGroup: SHOP_B }, { createdAt: new Date() }, { emailUser: 'x@example.test' }]) {
      await assertFails(world.db('techA').doc(`Shop/${SHOP_A}`).update(data));
    }
  });

  it("technician: subscriptionId only when the shop has none, and only to this shop's subscription", async () => {
    const noSubscription = { [`Shop/${SHOP_B}`]: { ...shopB(), subscriptionId: '' } };
    const before = () => world.reset(noSubscription);
    await expectOnly(world, ['techB', 'admin'], update(SHOP_B, { subscriptionId: 'proposal-b' }), { before });
    await before();
    await assertFails(world.db('techB').doc(`Shop/${SHOP_B}`).update({ subscriptionId: 'proposal-a' }));
    await assertFails(world.db('techB').doc(`Shop/${SHOP_B}`).update({ subscriptionId: 'missing' }));
    // Shop A already has one: the technician cannot replace it.
    await assertFails(world.db('techA').doc(`Shop/${SHOP_A}`).update({ subscriptionId: 'proposal-a' }));
  });

  it('chain: the owner may become master, join an existing group and leave it', async () => {
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { isChainMaster: true, chainSettings: { allowMemberDataAccess: true, shareInventory: false } }), {
      before: () => world.reset(),
    });
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { shopGroup: SHOP_B }), { before: () => world.reset() });
    await world.reset({ [`Shop/${SHOP_A}`]: { ...shopA(), shopGroup: SHOP_B } });
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ shopGroup: null }));
  });

  it('chain: not its own parent, not a missing parent, and a master joins no group', async () => {
    const owner = world.db('ownerA').doc(`Shop/${SHOP_A}`);
    await assertFails(owner.update({ shopGroup: SHOP_A }));
    await assertFails(owner.update({ shopGroup: 'no-such-shop' }));
    await assertFails(owner.update({ shopGroup: 42 }));
    await assertFails(owner.update({ shopGroup: SHOP_B, isChainMaster: true }));
    await assertFails(world.db('ownerB').doc(`Shop/${SHOP_B}`).update({ shopGroup: SHOP_A })); // B is a master
    // Legacy inconsistent data does not block unrelated edits.
    await world.reset({ [`Shop/${SHOP_B}`]: { ...shopB(), shopGroup: SHOP_B } });
    await assertSucceeds(world.db('ownerB').doc(`Shop/${SHOP_B}`).update({ phone: '02000000' }));
  });

  it("nobody but admins edits another shop (owner, accountant and technician of A on B)", async () => {
    await expectOnly(world, ['ownerB', 'techB', 'admin'], update(SHOP_B, { phone: '020000000' }));
    await expectOnly(world, ['admin'], update(SHOP_A, { phone: '051999999' }), { actors: allBut('ownerA', 'techA') });
  });
});
