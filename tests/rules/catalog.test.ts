/**
 * Plan and Pack (catalogue: read by every signed-in user, written by admins) and Packages (per shop).
 */
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, setupWorld, type Db } from './fixtures.ts';

const world = setupWorld();

describe.each(['Plan', 'Pack'])('%s', (name) => {
  const id = name === 'Plan' ? 'plan-premium' : 'pack-fatturazione';

  it('is read (by id and whole collection) by every signed-in user, also without a profile', async () => {
    await expectOnly(world, allBut('anon'), getDoc(`${name}/${id}`));
    await expectOnly(world, allBut('anon'), (db) => db.collection(name).get());
    const all = await world.db('registrant').collection(name).get();
    // The world holds Pack/pack-statistiche too (Statistiche is a gated pack).
    expect(all.size).toBe(name === "Plan" ? 2 : 3);
  });

  it('is created, updated and deleted by admins only', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`${name}/new-${actor}`).set({ name: `Nuovo ${actor}`, price: 9.9, description: '' }));
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`${name}/${id}`).update({ price: 1, description: `da ${actor}` }));
    await expectOnly(world, ['admin'], (db) => db.doc(`${name}/${id}`).delete(), { before: () => world.reset() });
  });
});

describe('legacy lower-case plan collection', () => {
  it('is read by every signed-in user (fallback of document 1 §7) and written by nobody, admins included', async () => {
    await world.reset({ 'plan/plan-pro': { name: 'Pro', price: '39,90', packs: ['pack-catena'] } });
    await expectOnly(world, allBut('anon'), getDoc('plan/plan-pro'));
    await expectOnly(world, [], (db, actor) => db.doc(`plan/new-${actor}`).set({ name: 'Nuovo', price: 1 }));
    await expectOnly(world, [], (db) => db.doc('plan/plan-pro').update({ price: 1 }));
  });
});

describe('Packages', () => {
  const byShop = (shopId: string) => (db: Db) => db.collection('Packages').where('shopId', '==', shopId).get();

  it("a shop's packages are read by the readers of the shop", async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], getDoc('Packages/pkg-a'));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], getDoc('Packages/pkg-b'));
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], byShop(SHOP_A));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], byShop(SHOP_B));
    const mine = await world.db('techB').collection('Packages').where('shopId', '==', SHOP_B).get();
    expect(mine.docs.map((d) => d.id)).toEqual(['pkg-b']);
  });

  it('listing all packages is for admins only', async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('Packages').get());
  });

  it('packages are written by admins only, the owner included', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Packages/new-${actor}`).set({ shopId: SHOP_A, name: 'Extra', description: '' }));
    await expectOnly(world, ['admin'], (db, actor) => db.doc('Packages/pkg-a').update({ description: `da ${actor}` }));
    await expectOnly(world, ['admin'], (db) => db.doc('Packages/pkg-a').delete(), { before: () => world.reset() });
  });
});
