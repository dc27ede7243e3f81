/**
 * Owner settings, users and accountants: what the settings page writes, the chain member
 * list, nobody adding themselves to `accountants` / `technicians`, the owner reading their accountants' User
 * documents (the accountant's own consent: accountant-consent.test.ts), and the employee fields.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, setupWorld, uidOf, worldDocs, type Db } from './fixtures.ts';

const world = setupWorld();
const shopA = () => worldDocs()[`Shop/${SHOP_A}`] ?? {};
const shopB = () => worldDocs()[`Shop/${SHOP_B}`] ?? {};
const update = (shopId: string, data: Record<string, unknown>) => (db: Db) => db.doc(`Shop/${shopId}`).update(data);

describe('settings of the shop (document 3 §2.3)', () => {
  it('shop type, backoffice roles and the invoice counter: the owner and admins only', async () => {
    const changes = [{ shopType: 'Clothing' }, { 'settings.backofficeRoles': true }, { 'settings.invoiceNumber': '120' }];
    for (const data of changes.slice(0, 1)) {
      await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, data), { before: () => world.reset() });
    }
    // The technician edits the settings object on /shop-details (document 3 §2.2), so settings.* are theirs too.
    for (const data of changes.slice(1)) {
      await expectOnly(world, ['ownerA', 'techA', 'admin'], update(SHOP_A, data), { before: () => world.reset() });
    }
  });

  it('an accountant of the shop reads the settings but changes nothing', async () => {
    await assertSucceeds(world.db('accountantA').doc(`Shop/${SHOP_A}`).get());
    for (const data of [{ shopType: 'Food' }, { 'settings.invoiceNumber': '1' }, { 'settings.backofficeRoles': true }, { isChainMaster: true }]) {
      await assertFails(world.db('accountantA').doc(`Shop/${SHOP_A}`).update(data));
    }
  });

  it('the invoice counter is a whole number >= 0 stored as text', async () => {
    const owner = world.db('ownerA').doc(`Shop/${SHOP_A}`);
    await assertSucceeds(owner.update({ 'settings.invoiceNumber': '0' }));
    await assertSucceeds(owner.update({ 'settings.invoiceNumber': '4521' }));
    for (const bad of [12, '-1', '1.5', 'abc', '', null]) await assertFails(owner.update({ 'settings.invoiceNumber': bad }));
    expect(await readRaw(world.env, `Shop/${SHOP_A}`)).toMatchObject({ settings: { invoiceNumber: '4521' } });
  });

  it('backofficeRoles is a boolean', async () => {
    const owner = world.db('ownerA').doc(`Shop/${SHOP_A}`);
    await assertFails(owner.update({ 'settings.backofficeRoles': 'true' }));
    await assertSucceeds(owner.update({ 'settings.backofficeRoles': false }));
  });

  it('an unrelated settings edit is not blocked by a legacy counter stored badly', async () => {
    await world.reset({ [`Shop/${SHOP_A}`]: { ...shopA(), settings: { ...(shopA().settings as object), invoiceNumber: 'n/d' } } });
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ 'settings.backofficeRoles': true }));
  });
});

describe('end of the business day (/zreport)', () => {
  const withCutoff = (cutoff: unknown) => ({ [`Shop/${SHOP_A}`]: { ...shopA(), settings: { ...(shopA().settings as object), businessDayCutoff: cutoff } } });

  it('the owner (and admins) set it; the accountant, the technicians, the other shop and everyone else cannot', async () => {
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { 'settings.businessDayCutoff': '02:30' }), { before: () => world.reset() });
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { 'settings.businessDayCutoff': '02:30' }), { before: () => world.reset(withCutoff('04:00')) });
    await expectOnly(world, ['ownerB', 'admin'], update(SHOP_B, { 'settings.businessDayCutoff': '01:00' }), { before: () => world.reset() });
    await world.reset();
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ 'settings.businessDayCutoff': '03:45' }));
    expect(await readRaw(world.env, `Shop/${SHOP_A}`)).toMatchObject({ settings: { businessDayCutoff: '03:45' } });
  });

  it("is 'HH:MM' from 00:00 to 11:59: a malformed value is refused", async () => {
    const owner = world.db('ownerA').doc(`Shop/${SHOP_A}`);
    for (const good of ['00:00', '05:00', '11:59']) await assertSucceeds(owner.update({ 'settings.businessDayCutoff': good }));
    for (const bad of ['12:00', '23:30', '24:00', '5:00', '05:60', '0500', '05:00:00', '', ' 05:00', 300, null, true]) {
      await assertFails(owner.update({ 'settings.businessDayCutoff': bad }));
    }
    await assertFails(owner.update({ settings: { ...(shopA().settings as object), businessDayCutoff: 'tardi' } }));
    expect(await readRaw(world.env, `Shop/${SHOP_A}`)).toMatchObject({ settings: { businessDayCutoff: '11:59' } });
  });

  it("the technician's whole-settings save from /shop-details keeps the owner's cut-off, and may only write the default where none is stored", async () => {
    const tech = world.db('techA').doc(`Shop/${SHOP_A}`);
    const settings = (cutoff?: string) => ({ settings: { ...(shopA().settings as object), printerIp: '10.0.0.7', ...(cutoff ? { businessDayCutoff: cutoff } : {}) } });
    await world.reset(withCutoff('04:00'));
    await assertSucceeds(tech.update(settings('04:00')));
    await assertFails(tech.update(settings('05:00')));
    await assertFails(tech.update(settings()));
    await world.reset();
    await assertSucceeds(tech.update(settings('05:00')));
    await world.reset();
    await assertFails(tech.update(settings('03:00')));
    await world.reset(withCutoff('rotto'));
    await assertSucceeds(tech.update(settings('05:00')));
  });
});

describe('chain membership (document 3 §4-§5)', () => {
  it('joining a group cannot make another shop a member of yours', async () => {
    // Owner B (a master) cannot write A's shopGroup; neither can A's accountant or technician.
    await expectOnly(world, ['ownerA', 'admin'], update(SHOP_A, { shopGroup: SHOP_B }), { before: () => world.reset() });
    await assertFails(world.db('ownerB').doc(`Shop/${SHOP_A}`).update({ shopGroup: SHOP_B }));
    await assertFails(world.db('ownerB').doc(`Shop/${SHOP_A}`).set({ ...shopA(), shopGroup: SHOP_B }));
  });

  it('the master reads the shops that joined it (member list), nobody else gains access', async () => {
    const members = (db: Db) => db.collection('Shop').where('shopGroup', '==', SHOP_B).get();
    // Before A joins, the query returns nothing but is allowed to the master.
    await assertSucceeds(world.db('ownerB').collection('Shop').where('shopGroup', '==', SHOP_B).get());
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ shopGroup: SHOP_B }));
    const list = await world.db('ownerB').collection('Shop').where('shopGroup', '==', SHOP_B).get();
    expect(list.docs.map((d) => d.id)).toEqual([SHOP_A]);
    await assertSucceeds(world.db('ownerB').doc(`Shop/${SHOP_A}`).get());
    // Only the master of that group (and admins; A reads its own document).
    await expectOnly(world, ['ownerA', 'ownerB', 'accountantA', 'techA', 'admin'], getDoc(`Shop/${SHOP_A}`));
    await expectOnly(world, ['ownerB', 'admin'], members, { actors: allBut('ownerA', 'accountantA', 'techA') });
  });

  it('a shop that is not a master does not read shops pointing at it', async () => {
    await world.reset({
      [`Shop/${SHOP_B}`]: { ...shopB(), isChainMaster: false },
      [`Shop/${SHOP_A}`]: { ...shopA(), shopGroup: SHOP_B },
    });
    await assertFails(world.db('ownerB').doc(`Shop/${SHOP_A}`).get());
    await assertFails(world.db('ownerB').collection('Shop').where('shopGroup', '==', SHOP_B).get());
  });

  it('leaving the group ends the master’s access', async () => {
    await world.reset({ [`Shop/${SHOP_A}`]: { ...shopA(), shopGroup: SHOP_B } });
    await assertSucceeds(world.db('ownerB').doc(`Shop/${SHOP_A}`).get());
    await assertSucceeds(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ shopGroup: null }));
    await assertFails(world.db('ownerB').doc(`Shop/${SHOP_A}`).get());
  });
});

describe('nobody adds themselves to accountants or technicians', () => {
  it('accountants: not the owner, not an accountant, not a technician', async () => {
    await assertFails(world.db('ownerA').doc(`Shop/${SHOP_A}`).update({ accountants: ['accountant-a', SHOP_A] }));
    for (const actor of ['accountantA', 'techA', 'techB', 'assist', 'noProfile', 'registrant'] as const) {
      await assertFails(world.db(actor).doc(`Shop/${SHOP_A}`).update({ accountants: ['accountant-a', uidOf(actor)] }));
      await assertFails(world.db(actor).doc(`Shop/${SHOP_B}`).update({ accountants: [uidOf(actor)] }));
    }
    expect((await readRaw(world.env, `Shop/${SHOP_A}`))?.accountants).toEqual(['accountant-a']);
  });

  it('technicians: nobody but admins', async () => {
    for (const actor of ['ownerA', 'accountantA', 'techA', 'techB'] as const) {
      await assertFails(world.db(actor).doc(`Shop/${SHOP_A}`).update({ technicians: ['tech-a', uidOf(actor)] }));
      await assertFails(world.db(actor).doc(`Shop/${SHOP_A}`).update({ assignedTech: uidOf(actor) }));
    }
    await assertSucceeds(world.db('admin').doc(`Shop/${SHOP_A}`).update({ technicians: ['tech-a', 'tech-b'] }));
  });

  it('the owner registers someone else as accountant of their own shop', async () => {
    await assertSucceeds(world.db('ownerB').doc(`Shop/${SHOP_B}`).update({ accountants: ['accountant-a'] }));
  });
});

describe('User documents of accountants (/users, /register-accountant)', () => {
  it("the owner reads the User documents of their shop's accountants, nobody else's", async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'admin'], getDoc(`User/${uidOf('accountantA')}`));
    await assertFails(world.db('ownerA').doc(`User/${uidOf('techA')}`).get());
    await assertFails(world.db('ownerA').doc(`User/${SHOP_B}`).get());
    // No directory: listing or looking up accountants by email stays for admins.
    await assertFails(world.db('ownerA').collection('User').where('level', '==', 'accountant').get());
    await assertFails(world.db('ownerA').collection('User').where('email', '==', 'accountant-a@example.test').get());
  });

  it('an accountant is not listed by an owner whose shop does not name them', async () => {
    await assertFails(world.db('ownerB').doc(`User/${uidOf('accountantA')}`).get());
  });

  // Creating and linking an accountant's profile is the accountant's own write (the consent step):
  // tests/rules/accountant-consent.test.ts.
});

describe('employees managed from /users', () => {
  const employee = (pin: unknown, roleLevel: unknown = '3') => ({ userId: SHOP_A, name: 'Luca', surname: 'Neri', pin, roleLevel, roleName: 'Commesso' });

  it('a PIN of up to 6 digits, or none', async () => {
    const owner = world.db('ownerA');
    for (const pin of ['', '1', '123456', 4321]) await assertSucceeds(owner.collection('Employe').add(employee(pin)));
    for (const pin of ['1234567', '12a4', ' 123', 1234567, true]) await assertFails(owner.collection('Employe').add(employee(pin)));
    await assertFails(owner.doc('Employe/emp-a1').update({ pin: 'abcd' }));
    await assertSucceeds(owner.doc('Employe/emp-a1').update({ pin: '' }));
  });

  it('role level 0-10 (text or number)', async () => {
    const owner = world.db('ownerA');
    for (const level of ['1', '10', 5, '0']) await assertSucceeds(owner.collection('Employe').add(employee('', level)));
    for (const level of ['11', '-1', 'capo', 11, 1.5]) await assertFails(owner.collection('Employe').add(employee('', level)));
  });

  it("another shop's owner neither adds nor edits nor deletes employees of shop A", async () => {
    await assertFails(world.db('ownerB').collection('Employe').add(employee('1234')));
    await assertFails(world.db('ownerB').doc('Employe/emp-a1').update({ pin: '0000' }));
    await assertFails(world.db('ownerB').doc('Employe/emp-a1').delete());
    await assertFails(world.db('accountantA').doc('Employe/emp-a1').update({ pin: '0000' }));
    await assertFails(world.db('accountantA').collection('Employe').add(employee('1234')));
  });
});
