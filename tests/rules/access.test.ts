/**
 * Cross-cutting guarantees of firestore.rules: deny by default, nothing for signed-out
 * clients, nothing of another shop, nothing outside the explicit rules (admins included).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { ACTOR_NAMES, COLLECTIONS, SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, worldDocs, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();

/** The documents of one shop in the seeded world, and the queries a client of that shop would run. */
function shopReads(shopId: string): { docs: string[]; queries: ((db: Db) => Promise<unknown>)[] } {
  const docs = Object.entries(worldDocs())
    .filter(([docPath, data]) => {
      if (docPath.startsWith('Shop/')) return docPath === `Shop/${shopId}`;
      if (docPath.startsWith('ShopSubscription/')) return (data.shopId ?? data.userId) === shopId;
      if (docPath.startsWith('Packages/')) return data.shopId === shopId;
      if (docPath.startsWith('Employe/')) return data.userId === shopId;
      return false;
    })
    .map(([docPath]) => docPath);
  const queries = [
    (db: Db) => db.collection('ShopSubscription').where('shopId', '==', shopId).get(),
    (db: Db) => db.collection('Packages').where('shopId', '==', shopId).get(),
    (db: Db) => db.collection('Employe').where('userId', '==', shopId).get(),
  ];
  return { docs, queries };
}

describe('signed-out clients', () => {
  it('read no document of any collection', async () => {
    const anon = world.db('anon');
    const paths = Object.keys(worldDocs());
    expect(paths.length).toBeGreaterThan(15);
    for (const docPath of paths) await assertFails(anon.doc(docPath).get());
  });

  it('list no collection, not even the catalogue', async () => {
    const anon = world.db('anon');
    for (const name of COLLECTIONS) await assertFails(anon.collection(name).get());
    await assertFails(anon.collection('Shop').where('userId', '==', SHOP_A).get());
  });

  it('write nothing, not even a self-registration', async () => {
    const anon = world.db('anon');
    await assertFails(anon.doc('User/someone').set({ userId: 'someone', level: 'shopRegister' }));
    await assertFails(anon.doc('Shop/someone').set({ userId: 'someone', name: 'X' }));
    await assertFails(anon.doc(`Shop/${SHOP_A}`).update({ name: 'X' }));
    await assertFails(anon.collection('Employe').add({ userId: SHOP_A, name: 'X' }));
  });
});

describe('a client of the wrong shop', () => {
  const cases: [ActorName, string][] = [
    ['ownerB', SHOP_A],
    ['ownerA', SHOP_B],
    ['accountantA', SHOP_B],
    ['techA', SHOP_B],
    ['techB', SHOP_A], // listed on A only as a legacy object entry
  ];

  it.each(cases)('%s reads nothing of shop %s', async (actor, shopId) => {
    const db = world.db(actor);
    const { docs, queries } = shopReads(shopId);
    expect(docs.length).toBeGreaterThanOrEqual(5);
    for (const docPath of docs) await assertFails(db.doc(docPath).get());
    for (const query of queries) await assertFails(query(db));
    await assertFails(db.collection('Shop').where('userId', '==', shopId).get());
  });

  it('is allowed the same reads on its own shop (the denials above are about the shop, not the query)', async () => {
    for (const [actor, shopId] of [['ownerA', SHOP_A], ['ownerB', SHOP_B], ['accountantA', SHOP_A], ['techA', SHOP_A], ['techB', SHOP_B]] as const) {
      const db = world.db(actor);
      const { docs, queries } = shopReads(shopId);
      // Employe documents carry PINs: only the owner session reads them (employe.test.ts).
      const pinSafe = actor.startsWith('owner');
      for (const docPath of docs) await (pinSafe || !docPath.startsWith('Employe/') ? assertSucceeds : assertFails)(db.doc(docPath).get());
      for (const [i, query] of queries.entries()) await (pinSafe || i !== 2 ? assertSucceeds : assertFails)(query(db));
    }
  });
});

describe('only explicit rules open anything', () => {
  it('an unknown collection is denied to everyone, admins included', async () => {
    await world.env.withSecurityRulesDisabled(async (context) => {
      await context.firestore().doc('Unknown/x').set({ userId: SHOP_A });
    });
    await expectOnly(world, [], getDoc('Unknown/x'));
    await expectOnly(world, [], (db) => db.collection('Unknown').get());
    await expectOnly(world, [], (db, actor) => db.doc(`Unknown/new-${actor}`).set({ userId: SHOP_A }));
  });

  it('lower-case look-alikes of real collections are denied (the legacy `plan` fallback is in catalog.test.ts)', async () => {
    for (const name of ['user', 'shop']) {
      await expectOnly(world, [], (db) => db.collection(name).get());
    }
  });

  it('subcollections of open documents are denied, admins included', async () => {
    await world.env.withSecurityRulesDisabled(async (context) => {
      await context.firestore().doc(`Shop/${SHOP_A}/private/x`).set({ note: 'x' });
    });
    await expectOnly(world, [], getDoc(`Shop/${SHOP_A}/private/x`));
    await expectOnly(world, [], (db, actor) => db.doc(`User/${actor}/private/x`).set({ note: 'x' }));
  });

  const closed = COLLECTIONS.filter((name) => ![
    'User', 'Shop', 'ShopSubscription', 'Plan', 'Pack', 'Packages', 'Employe', 'UserLog',
    'Sale', 'Invoice', 'ZReport', 'Announcement', 'Ticket', 'Customer', 'Scrap', 'Ddt', 'ApiLog', 'Log',
    // Daily statistics summaries; tested in sale-day-summary.test.ts.
    'SaleDaySummary',
    // DeviceTask opened to the shop's technician (ping) and the shop's iPads; tested in device-task.test.ts.
    'DeviceTask',
    // The fiscal-identity registry; tested in fiscal-id.test.ts.
    'FiscalId',
    // The pack index the rules read (admins only); tested in packs.test.ts.
    'PackGrant',
  ].includes(name));

  it.each(closed)('%s stays closed until its issue opens it', async (name) => {
    await world.env.withSecurityRulesDisabled(async (context) => {
      await context.firestore().doc(`${name}/seeded`).set({ userId: SHOP_A, shopId: SHOP_A });
    });
    await expectOnly(world, [], getDoc(`${name}/seeded`));
    await expectOnly(world, [], (db) => db.collection(name).where('userId', '==', SHOP_A).get());
    await expectOnly(world, [], (db, actor) => db.doc(`${name}/new-${actor}`).set({ userId: SHOP_A }));
  });

  it('every actor of the world is exercised', () => {
    expect(ACTOR_NAMES).toEqual(['anon', 'noProfile', 'registrant', 'ownerA', 'ownerB', 'accountantA', 'techA', 'techB', 'assist', 'admin']);
  });
});
