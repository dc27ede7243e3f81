/**
 * Chains (document 1 §6, document 3 §4, §6): shop B's owner is a chain master. It reads the Sale and Scrap
 * of a member only while the member's shopGroup names it and the member shares its data (allowMemberDataAccess,
 * the member's own setting, else the master's, default true); it removes a member from the group. Nobody else gains
 * anything.
 */
import { describe, it } from 'vitest';
import { expectOnly, SHOP_A, SHOP_B, setupWorld, worldDocs } from './fixtures.ts';

const world = setupWorld();
const now = Date.now();

function member(id: string, extra: Record<string, unknown> = {}) {
  return { userId: id, name: `Filiale ${id}`, isChainMaster: false, shopGroup: SHOP_B, accountants: [], technicians: [], settings: {}, ...extra };
}

const chain = (over: Record<string, Record<string, unknown> | null> = {}) => ({
  'Shop/member-1': member('member-1'),
  'Shop/member-2': member('member-2', { chainSettings: { allowMemberDataAccess: false, shareInventory: false } }),
  'User/member-1': { userId: 'member-1', email: 'member-1@example.test', level: 'shop' },
  'Sale/m1-sale': { userId: 'member-1', price: 10, method: 'Contanti', isVoid: false, date: new Date(now - 1000) },
  'Sale/m2-sale': { userId: 'member-2', price: 20, method: 'Bancomat', isVoid: false, date: new Date(now - 1000) },
  'Scrap/m1-prod': { userId: 'member-1', name: 'Caffè', barcode: '800', stock: { qty: 1, minQty: 3, track: true } },
  'Scrap/m2-prod': { userId: 'member-2', name: 'Tè', barcode: '800', stock: { qty: 9, minQty: 3, track: true } },
  ...over,
});

const salesOf = (id: string) => (db: Parameters<Parameters<typeof expectOnly>[2]>[0]) => db.collection('Sale').where('userId', '==', id).get();
const scrapsOf = (id: string) => (db: Parameters<Parameters<typeof expectOnly>[2]>[0]) => db.collection('Scrap').where('userId', '==', id).get();

describe('chain master reads of members', () => {
  it("the master (shop B's owner) reads a sharing member's sales and products (queries and documents), admins too; nobody else", async () => {
    await world.reset(chain());
    await expectOnly(world, ['ownerB', 'admin'], salesOf('member-1'));
    await expectOnly(world, ['ownerB', 'admin'], scrapsOf('member-1'));
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Sale/m1-sale').get());
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.collection('Sale').where('userId', '==', 'member-1').where('date', '>=', new Date(now - 86_400_000)).orderBy('date', 'desc').limit(5).get());
  });

  it('a member that does not share (allowMemberDataAccess false) is out of reach', async () => {
    await world.reset(chain());
    await expectOnly(world, ['admin'], salesOf('member-2'));
    await expectOnly(world, ['admin'], scrapsOf('member-2'));
  });

  it("the master's own setting applies to members without one", async () => {
    const master = { ...worldDocs()[`Shop/${SHOP_B}`], chainSettings: { allowMemberDataAccess: false, shareInventory: false } };
    await world.reset(chain({ [`Shop/${SHOP_B}`]: master }));
    await expectOnly(world, ['admin'], salesOf('member-1'));
  });

  it('a member that left (or was removed) is out of reach at once; a shop that is not master reads nothing', async () => {
    await world.reset(chain({ 'Shop/member-1': member('member-1', { shopGroup: null }) }));
    await expectOnly(world, ['admin'], salesOf('member-1'));
    const notMaster = { ...worldDocs()[`Shop/${SHOP_B}`], isChainMaster: false };
    await world.reset(chain({ [`Shop/${SHOP_B}`]: notMaster }));
    await expectOnly(world, ['admin'], salesOf('member-1'));
    await expectOnly(world, ['admin'], scrapsOf('member-1'));
  });

  it('a member pointing at a shop that is not a master gives that shop nothing (shop A is no master)', async () => {
    await world.reset(chain({ 'Shop/member-1': member('member-1', { shopGroup: SHOP_A }) }));
    await expectOnly(world, ['admin'], salesOf('member-1'));
  });
});

describe('member management', () => {
  const before = () => world.reset(chain());

  it('the master removes a member (shopGroup to null, updatedAt); admins too; nobody else', async () => {
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Shop/member-1').update({ shopGroup: null, updatedAt: new Date() }), { before });
  });

  it('the master changes nothing else on a member, and removes no shop of another group', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc('Shop/member-1').update({ shopGroup: null, name: 'Mia' }), { before });
    await expectOnly(world, ['admin'], (db) => db.doc('Shop/member-1').update({ shopGroup: 'owner-b-2' }), { before });
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`Shop/${SHOP_A}`).update({ shopGroup: null, updatedAt: new Date() }), { before, actors: ['ownerA', 'ownerB', 'admin'] });
  });
});

describe("a member's own sharing settings", () => {
  it('the owner turns sharing off on their own shop (chainSettings); nobody else but admins', async () => {
    const member = { ...worldDocs()[`Shop/${SHOP_A}`], shopGroup: SHOP_B };
    const before = () => world.reset(chain({ [`Shop/${SHOP_A}`]: member }));
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc(`Shop/${SHOP_A}`).update({ 'chainSettings.allowMemberDataAccess': false, updatedAt: new Date() }), { before });
  });
});
