/**
 * ShopSubscription: readable with the shop; written by admins; technicians of the shop only propose
 * (status 'proposed', document 3 §4).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, setupWorld, uidOf, worldDocs, writerId, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];

function proposal(shopId: string, by: string): Record<string, unknown> {
  const now = new Date();
  return {
    shopId,
    plan: 'plan-premium',
    packs: ['pack-fatturazione', 'pack-catena'],
    proposedStartingDate: now,
    proposedExpiringDate: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
    proposedPrice: 64.9,
    status: 'proposed',
    createdBy: by,
    createdAt: now,
    updatedBy: by,
    updatedAt: now,
  };
}

describe('reading ShopSubscription', () => {
  it("shop A's active subscription and proposal: the readers of shop A", async () => {
    await expectOnly(world, readersA, getDoc('ShopSubscription/sub-a'));
    await expectOnly(world, readersA, getDoc('ShopSubscription/proposal-a'));
  });

  it("shop B's legacy subscription (userId only) and proposal: the readers of shop B", async () => {
    expect(worldDocs()['ShopSubscription/sub-b']).not.toHaveProperty('shopId');
    await expectOnly(world, readersB, getDoc('ShopSubscription/sub-b'));
    await expectOnly(world, readersB, getDoc('ShopSubscription/proposal-b'));
  });

  it('the pending-proposal query (shopId ==, status == proposed) follows the shop', async () => {
    const pending = (shopId: string) => (db: Db) => db.collection('ShopSubscription').where('shopId', '==', shopId).where('status', '==', 'proposed').get();
    await expectOnly(world, readersA, pending(SHOP_A));
    await expectOnly(world, readersB, pending(SHOP_B));
    const found = await world.db('techA').collection('ShopSubscription').where('shopId', '==', SHOP_A).where('status', '==', 'proposed').get();
    expect(found.docs.map((d) => d.id)).toEqual(['proposal-a']);
  });

  it('listing every subscription is for admins only', async () => {
    await expectOnly(world, ['admin'], (db) => db.collection('ShopSubscription').get());
    await expectOnly(world, ['admin'], (db) => db.collection('ShopSubscription').where('status', '==', 'proposed').get());
  });

  it('a subscription of no existing shop, or of none, is for admins only', async () => {
    await world.reset({
      'ShopSubscription/orphan': { shopId: 'ghost-shop', plan: 'plan-base', packs: [] },
      'ShopSubscription/nobody': { plan: 'plan-base', packs: [] },
    });
    await expectOnly(world, ['admin'], getDoc('ShopSubscription/orphan'));
    await expectOnly(world, ['admin'], getDoc('ShopSubscription/nobody'));
  });
});

describe('writing ShopSubscription', () => {
  it('an active subscription is created, changed and deleted by admins only', async () => {
    await expectOnly(world, ['admin'], (db, actor) =>
      db.doc(`ShopSubscription/active-${actor}`).set({ shopId: SHOP_A, plan: 'plan-premium', packs: [], status: 'active', startingDate: new Date(), expiringDate: new Date(), price: 10 }),
    );
    await expectOnly(world, ['admin'], (db) => db.doc('ShopSubscription/sub-a').update({ price: 1, expiringDate: new Date(Date.now() + 1e10) }));
    await expectOnly(world, ['admin'], (db) => db.doc('ShopSubscription/sub-a').delete(), { before: () => world.reset() });
  });

  it('a proposal for shop A: its technician and admins only', async () => {
    await expectOnly(world, ['techA', 'admin'], (db, actor) => db.doc(`ShopSubscription/proposal-${actor}`).set(proposal(SHOP_A, writerId(actor))));
    await expectOnly(world, ['techA', 'admin'], (db, actor) => db.collection('ShopSubscription').add(proposal(SHOP_A, writerId(actor))));
  });

  it('a proposal for shop B: its assigned technician and admins only', async () => {
    await expectOnly(world, ['techB', 'admin'], (db, actor) => db.doc(`ShopSubscription/proposal-${actor}`).set(proposal(SHOP_B, writerId(actor))));
  });

  it('a technician cannot create an active record, a record without status, or set the active fields', async () => {
    const tech = world.db('techA');
    const base = proposal(SHOP_A, uidOf('techA'));
    const { status: _omitted, ...withoutStatus } = base;
    await assertFails(tech.doc('ShopSubscription/t1').set({ ...base, status: 'active' }));
    await assertFails(tech.doc('ShopSubscription/t2').set(withoutStatus));
    await assertFails(tech.doc('ShopSubscription/t3').set({ ...base, startingDate: new Date(), expiringDate: new Date(Date.now() + 1e11) }));
    await assertFails(tech.doc('ShopSubscription/t4').set({ ...base, price: 0 }));
    await assertFails(tech.doc('ShopSubscription/t5').set({ ...base, approvedBy: uidOf('admin') }));
    await assertFails(tech.doc('ShopSubscription/t6').set({ ...base, userId: SHOP_A }));
    await assertSucceeds(tech.doc('ShopSubscription/t7').set(base));
  });

  it('a technician signs proposals with their own uid only', async () => {
    const tech = world.db('techA');
    await assertFails(tech.doc('ShopSubscription/f1').set(proposal(SHOP_A, uidOf('techB'))));
    await assertFails(tech.doc('ShopSubscription/f2').set({ ...proposal(SHOP_A, uidOf('techA')), updatedBy: uidOf('admin') }));
  });

  it('updating a pending proposal: the technician of its shop and admins', async () => {
    await expectOnly(world, ['techA', 'admin'], (db, actor) =>
      db.doc('ShopSubscription/proposal-a').update({ proposedPrice: 55, packs: ['pack-catena'], updatedBy: writerId(actor), updatedAt: new Date() }),
    );
    await expectOnly(world, ['techB', 'admin'], (db, actor) => db.doc('ShopSubscription/proposal-b').update({ proposedPrice: 30, updatedBy: writerId(actor) }));
  });

  it('a technician cannot approve, move a proposal to another shop, or touch an active subscription', async () => {
    const tech = world.db('techA');
    await assertFails(tech.doc('ShopSubscription/proposal-a').update({ status: 'active' }));
    await assertFails(tech.doc('ShopSubscription/proposal-a').update({ startingDate: new Date(), expiringDate: new Date() }));
    await assertFails(tech.doc('ShopSubscription/proposal-a').update({ shopId: SHOP_B }));
    await assertFails(tech.doc('ShopSubscription/proposal-a').update({ updatedBy: uidOf('techB') }));
    await assertFails(tech.doc('ShopSubscription/sub-a').update({ proposedPrice: 1 }));
    await assertFails(tech.doc('ShopSubscription/sub-a').update({ status: 'proposed' }));
    expect(await readRaw(world.env, 'ShopSubscription/proposal-a')).toMatchObject({ status: 'proposed', shopId: SHOP_A });
  });

  it('approval (proposed -> active) is for admins only', async () => {
    await expectOnly(
      world,
      ['admin'],
      (db, actor) => db.doc('ShopSubscription/proposal-a').update({ status: 'active', startingDate: new Date(), approvedAt: new Date(), approvedBy: writerId(actor) }),
      { before: () => world.reset() },
    );
  });

  it('only admins delete, proposals included', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc('ShopSubscription/proposal-a').delete(), { before: () => world.reset() });
  });

  it("a technician who lost the shop can no longer propose for it", async () => {
    await world.reset({ [`Shop/${SHOP_A}`]: { ...worldDocs()[`Shop/${SHOP_A}`], technicians: [] } });
    await assertFails(world.db('techA').doc('ShopSubscription/late').set(proposal(SHOP_A, uidOf('techA'))));
    await assertFails(world.db('techA').doc('ShopSubscription/proposal-a').update({ proposedPrice: 1 }));
  });

  it('nobody else writes proposals, whatever the shop', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`ShopSubscription/x-${actor}`).set(proposal('ghost-shop', writerId(actor))));
    await expectOnly(world, ['admin'], (db, actor) => db.doc('ShopSubscription/proposal-a').update({ proposedPrice: 2, updatedBy: writerId(actor) }), {
      actors: allBut('techA'),
    });
  });
});
