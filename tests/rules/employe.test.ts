/**
 * Employe: employees of a shop (userId = owner uid), managed by the owner; a
 * technician of the shop adds them during the registration wizard.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, readRaw, setupWorld, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];

function employee(shopId: string, name: string): Record<string, unknown> {
  return { userId: shopId, name, surname: 'Rossi', phone: '3331234567', pin: '4321', roleLevel: '3', roleName: 'Commesso', createdAt: new Date() };
}

describe('reading Employe', () => {
  // The documents carry the PINs (the POS app's shape), so only the shop's owner session and admins
  // read them; the shop's accountants and technicians get the staff without PINs from the employeeDirectory
  // function (tests/integration/employees-functions.test.ts).
  const pinReadersA: ActorName[] = ['ownerA', 'admin'];
  const pinReadersB: ActorName[] = ['ownerB', 'admin'];

  it("a shop's employees (with their PINs) are read by its owner and admins only", async () => {
    await expectOnly(world, pinReadersA, getDoc('Employe/emp-a1'));
    await expectOnly(world, pinReadersB, getDoc('Employe/emp-b1'));
  });

  it("the shop's accountants and technicians, who read the rest of the shop, do not read the PINs", async () => {
    for (const actor of readersA.filter((a) => !pinReadersA.includes(a))) await assertFails(world.db(actor).doc('Employe/emp-a1').get());
    for (const actor of readersB.filter((a) => !pinReadersB.includes(a))) await assertFails(world.db(actor).doc('Employe/emp-b1').get());
    await assertSucceeds(world.db('accountantA').doc(`Shop/${SHOP_A}`).get());
  });

  it('the selection query `where userId == shop` follows the shop and returns its employees only', async () => {
    const byShop = (shopId: string) => (db: Db) => db.collection('Employe').where('userId', '==', shopId).get();
    await expectOnly(world, pinReadersA, byShop(SHOP_A));
    await expectOnly(world, pinReadersB, byShop(SHOP_B));
    const staff = await world.db('ownerA').collection('Employe').where('userId', '==', SHOP_A).get();
    expect(staff.docs.map((d) => d.id).sort()).toEqual(['emp-a-tech', 'emp-a1']);
  });

  it('listing all employees is for admins only', async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('Employe').get());
  });

  it('the lock-out records of the PIN check are server only', async () => {
    await expectOnly(world, [], getDoc(`PinAttempt/${SHOP_A}_emp-a1`));
    await expectOnly(world, [], (db, actor) => db.doc(`PinAttempt/${SHOP_A}_emp-a1-${actor}`).set({ failures: 0 }));
  });
});

describe('writing Employe', () => {
  it("creating an employee of shop A: its owner, its technician (registration wizard), admins", async () => {
    await expectOnly(world, ['ownerA', 'techA', 'admin'], (db, actor) => db.doc(`Employe/new-${actor}`).set(employee(SHOP_A, actor)));
    await expectOnly(world, ['ownerA', 'techA', 'admin'], (db, actor) => db.collection('Employe').add(employee(SHOP_A, actor)));
  });

  it('creating an employee of shop B: its owner, its assigned technician, admins', async () => {
    await expectOnly(world, ['ownerB', 'techB', 'admin'], (db, actor) => db.doc(`Employe/new-${actor}`).set(employee(SHOP_B, actor)));
  });

  it('an employee without a shop is for admins only', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Employe/loose-${actor}`).set({ name: actor, pin: '' }));
  });

  it('updating an employee (PIN, role): the owner of its shop and admins', async () => {
    await expectOnly(world, ['ownerA', 'admin'], (db, actor) => db.doc('Employe/emp-a1').update({ pin: '9999', roleName: `Responsabile ${actor}` }));
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Employe/emp-b1').update({ pin: '1111' }));
  });

  it('the owner cannot move an employee to another shop (nor take one from it)', async () => {
    await assertFails(world.db('ownerA').doc('Employe/emp-a1').update({ userId: SHOP_B }));
    await assertFails(world.db('ownerB').doc('Employe/emp-a1').update({ userId: SHOP_B }));
    await assertFails(world.db('ownerA').doc('Employe/emp-a1').set({ name: 'Senza negozio' }));
    await expectOnly(world, ['admin'], (db) => db.doc('Employe/emp-a1').update({ userId: SHOP_B }), { before: () => world.reset() });
    await world.reset();
    await assertSucceeds(world.db('ownerA').doc('Employe/emp-a1').set({ ...employee(SHOP_A, 'Giulia'), pin: '' }));
    expect(await readRaw(world.env, 'Employe/emp-a1')).toMatchObject({ userId: SHOP_A, pin: '' });
  });

  it('the technician adds employees but does not edit or delete them', async () => {
    await assertFails(world.db('techA').doc('Employe/emp-a1').update({ pin: '0000' }));
    await assertFails(world.db('techA').doc('Employe/emp-a1').delete());
  });

  it('deleting an employee: the owner of its shop and admins', async () => {
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Employe/emp-a1').delete(), { before: () => world.reset() });
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Employe/emp-b1').delete(), { before: () => world.reset() });
  });
});
