/**
 * Customer: written by the shop's owner (and admins), read by the shop's readers (owner, accountants,
 * technicians, admins). Nobody else reads or writes; `userId` cannot be forged at creation or changed.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { describe, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, type ActorName, type Db } from './fixtures.ts';

const { FieldPath } = firebase.firestore;
const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const docs = {
  'Customer/cust-a': { userId: SHOP_A, ragioneSociale: 'FERRAMENTA COLOMBO S.R.L.', pIva: '04821730159', vatNumber: '04821730159' },
  'Customer/cust-b': { userId: SHOP_B, name: 'Mario', surname: 'Rossi', cf: 'RSSMRA80A01H501U' },
};

describe('Customer', () => {
  it("is read by its shop's readers only, one by one and by the shop's query", async () => {
    await world.reset(docs);
    await expectOnly(world, readersA, getDoc('Customer/cust-a'));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], getDoc('Customer/cust-b'));
    await expectOnly(world, readersA, (db: Db) => db.collection('Customer').where('userId', '==', SHOP_A).get());
    await expectOnly(world, ['admin'], (db: Db) => db.collection('Customer').get());
  });

  it("the live directory's id ranges (lib/firebase-ranges.ts) are read by the shop's readers only", async () => {
    await world.reset(docs);
    const range = (shop: string) => (db: Db) => db.collection('Customer').where('userId', '==', shop).where(FieldPath.documentId(), '>=', 'V').where(FieldPath.documentId(), '<', 'l').get();
    await expectOnly(world, readersA, range(SHOP_A));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], range(SHOP_B));
  });

  it("one customer by id through the shop's query (data/customer findShopCustomer): a missing id reads empty, not refused", async () => {
    await world.reset(docs);
    const byId = (shop: string, id: string) => (db: Db) => db.collection('Customer').where('userId', '==', shop).where(FieldPath.documentId(), '>=', id).where(FieldPath.documentId(), '<=', id).limit(1).get();
    await expectOnly(world, readersA, byId(SHOP_A, 'cust-a'));
    await expectOnly(world, readersA, byId(SHOP_A, 'deleted-customer'));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], byId(SHOP_B, 'cust-b'));
  });

  it('is created by the owner for their own shop (and by admins); a forged userId is refused', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db, actor) => db.doc(`Customer/new-${actor}`).set({ userId: SHOP_A, ragioneSociale: 'Nuovo' }));
    await expectOnly(world, ['ownerB', 'admin'], (db, actor) => db.doc(`Customer/newb-${actor}`).set({ userId: SHOP_B, ragioneSociale: 'Nuovo' }));
    await expectOnly(world, [], (db, actor) => db.doc(`Customer/nouser-${actor}`).set({ ragioneSociale: 'Senza negozio' }));
  });

  it('is updated by its owner (and admins), never moved to another shop', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Customer/cust-a').update({ pec: 'colombo@pec.it' }));
    await expectOnly(world, [], (db) => db.doc('Customer/cust-a').update({ userId: SHOP_B }));
    await expectOnly(world, [], (db, actor) => db.doc('Customer/cust-a').set({ userId: actor === 'ownerB' ? SHOP_B : 'someone' }));
  });

  it('an import re-run rewrites the same document: allowed to the owner only', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Customer/cust-a').set({ userId: SHOP_A, ragioneSociale: 'FERRAMENTA COLOMBO S.R.L.', pIva: '04821730159' }));
  });

  it('is deleted by its owner (and admins) only', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Customer/cust-a').delete());
  });
});
