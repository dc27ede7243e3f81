/**
 * The technician's shop registration (/register-shop; document 1 §4, §7 Writes): the account being
 * registered names its technician (`registeredBy`, written as itself), and that technician writes the Shop, its
 * ShopSubscription, the Employe records and the User's level shopRegister -> shop in one batch. Nothing else may:
 * not another technician, not without the account's consent, not piecemeal, never for an existing shop.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SHOP_A, allBut, expectOnly, readRaw, setupWorld, worldDocs, writerId, type Db } from './fixtures.ts';

const world = setupWorld();
const NEW = 'new-shop';
const day = 24 * 60 * 60 * 1000;

function registrant(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { userId: NEW, email: 'nuovo@example.test', level: 'shopRegister', shops: [], registeredBy: 'tech-a', createdAt: new Date(), ...extra };
}

interface Overrides {
  shopId?: string;
  shop?: Record<string, unknown>;
  sub?: Record<string, unknown>;
  skip?: ('shop' | 'sub' | 'employees' | 'level')[];
  /** A P.IVA written on the shop and claimed in the registry in the same batch. */
  claim?: string;
}

/** The batch the wizard writes, as technician `tech`. */
function registration(db: Db, tech: string, o: Overrides = {}): Promise<void> {
  const id = o.shopId ?? NEW;
  const now = new Date();
  const batch = db.batch();
  const skip = o.skip ?? [];
  if (!skip.includes('shop')) {
    batch.set(db.doc(`Shop/${id}`), {
      userId: id, name: 'Nuovo Negozio', address: 'Via Roma 1', city: 'Roma', province: 'RM', zipCode: '00100', phone: '06 1234',
      openApi: false, subscriptionId: `reg-${id}`, accountants: [], technicians: [tech], assignedTech: '', isChainMaster: false,
      shopGroup: null, devices: {}, settings: { codeDdt: 11, invoiceNumber: '39', cashmaticProtocol: 'https' }, createdAt: now, ...o.shop,
    });
  }
  if (o.claim) batch.set(db.doc(`FiscalId/${o.claim}`), { shopId: id, createdBy: tech, createdAt: now });
  if (!skip.includes('sub')) {
    batch.set(db.doc(`ShopSubscription/reg-${id}`), {
      shopId: id, userId: id, plan: 'plan-premium', packs: ['pack-fatturazione'], startingDate: now, expiringDate: new Date(now.getTime() + 92 * day),
      price: 45, status: 'active', createdBy: tech, createdAt: now, ...o.sub,
    });
  }
  if (!skip.includes('employees')) {
    batch.set(db.doc(`Employe/reg-${id}-tecnico`), { userId: id, name: 'Tecnico', pin: '0000', roleLevel: '0', roleName: 'Tecnico' });
    batch.set(db.doc(`Employe/reg-${id}-dip-1`), { userId: id, name: 'Mario', surname: 'Rossi', pin: '1234', roleLevel: '10', roleName: 'Titolare' });
    // the wizard's maximum: the technician's record and EMPLOYEE_CAP (2) employees
    batch.set(db.doc(`Employe/reg-${id}-dip-2`), { userId: id, name: 'Anna', surname: 'Neri', pin: '5678', roleLevel: '2', roleName: 'Cassiere' });
  }
  if (!skip.includes('level')) batch.update(db.doc(`User/${id}`), { level: 'shop' });
  return batch.commit();
}

const reset = (user: Record<string, unknown> | null = registrant()) => () => world.reset({ [`User/${NEW}`]: user });

describe('the account being registered names its technician', () => {
  it('writes its own User document as shopRegister with registeredBy, and may set registeredBy later', async () => {
    await world.reset();
    const account = world.client(NEW, { email: 'nuovo@example.test' });
    await assertSucceeds(account.doc(`User/${NEW}`).set(registrant()));
    await assertSucceeds(account.doc(`User/${NEW}`).update({ registeredBy: 'tech-b' }));
    // but never its own level
    await assertFails(account.doc(`User/${NEW}`).update({ level: 'shop' }));
  });
});

describe('the registration batch', () => {
  it('succeeds for the named technician (and admins), fails for everyone else', async () => {
    await expectOnly(world, ['techA', 'admin'], (db, actor) => registration(db, writerId(actor)), { before: reset() });
  });

  it('writes every record, the User ends at level shop', async () => {
    await reset()();
    await assertSucceeds(registration(world.db('techA'), 'tech-a'));
    expect((await readRaw(world.env, `User/${NEW}`))?.level).toBe('shop');
    expect((await readRaw(world.env, `Shop/${NEW}`))?.technicians).toEqual(['tech-a']);
    expect((await readRaw(world.env, `ShopSubscription/reg-${NEW}`))?.status).toBe('active');
    // and once done, it cannot be written again (the shop exists, the level is no longer shopRegister)
    await assertFails(registration(world.db('techA'), 'tech-a', { skip: ['shop', 'level'] }));
    await assertFails(world.db('techA').doc(`ShopSubscription/reg2-${NEW}`).set({ shopId: NEW, userId: NEW, status: 'active', createdBy: 'tech-a', startingDate: new Date(), expiringDate: new Date(Date.now() + 30 * day) }));
  });

  it('needs the account to have named this technician', async () => {
    await reset(registrant({ registeredBy: null }))();
    await assertFails(registration(world.db('techA'), 'tech-a'));
    await reset(registrant({ registeredBy: 'tech-b' }))();
    await assertFails(registration(world.db('techA'), 'tech-a'));
    await assertSucceeds(registration(world.db('techB'), 'tech-b'));
  });

  it('is all or nothing: no record may be written on its own', async () => {
    for (const missing of [['shop'], ['sub'], ['level'], ['shop', 'sub'], ['shop', 'level'], ['sub', 'level'], ['shop', 'sub', 'employees']] as const) {
      await reset()();
      await assertFails(registration(world.db('techA'), 'tech-a', { skip: [...missing] }));
    }
  });

  it('never touches an existing shop', async () => {
    // shop A's owner is level shop: even with registeredBy set, nothing of the registration is accepted
    await world.reset({ [`User/${SHOP_A}`]: { ...worldDocs()[`User/${SHOP_A}`], registeredBy: 'tech-a' } });
    await assertFails(registration(world.db('techA'), 'tech-a', { shopId: SHOP_A }));
    await assertFails(registration(world.db('techA'), 'tech-a', { shopId: SHOP_A, skip: ['shop'] }));
    await assertFails(world.db('techA').doc(`ShopSubscription/reg-${SHOP_A}`).set({ shopId: SHOP_A, userId: SHOP_A, status: 'active', createdBy: 'tech-a', startingDate: new Date(), expiringDate: new Date(Date.now() + 30 * day) }));
  });

  it('refuses a shop that grants what only admins or owners grant', async () => {
    const forged: Record<string, unknown>[] = [
      { accountants: ['accountant-a'] },
      { openApi: true },
      { technicians: ['tech-a', 'tech-b'] },
      { assignedTech: 'tech-b' },
      { shopGroup: SHOP_A },
      { isChainMaster: true },
      { trustedTech: 'tech-a' },
      { userId: SHOP_A },
      { subscriptionId: 'sub-a' },
    ];
    for (const shop of forged) {
      await reset()();
      await assertFails(registration(world.db('techA'), 'tech-a', { shop }));
    }
  });

  it('refuses a subscription that is not the 3-month active record of this shop', async () => {
    const forged: Record<string, unknown>[] = [
      { status: 'proposed' },
      { createdBy: 'tech-b' },
      { expiringDate: new Date(Date.now() + 365 * day) },
      { startingDate: new Date(Date.now() + 200 * day), expiringDate: new Date(Date.now() + 290 * day) },
      { shopId: SHOP_A },
    ];
    for (const sub of forged) {
      await reset()();
      await assertFails(registration(world.db('techA'), 'tech-a', { sub }));
    }
  });

  it('other roles cannot move a registrant to level shop', async () => {
    await expectOnly(world, ['admin'], (db) => db.doc(`User/${NEW}`).update({ level: 'shop' }), { before: reset(), actors: allBut('anon') });
  });
});

describe('the subscription a registration gives is the plan chosen, its packs, three months', () => {
  const TEN_PACKS = Array.from({ length: 10 }, (_, i) => `pack-x${String(i)}`);
  const catalogue = (extra: Record<string, Record<string, unknown> | null> = {}) => world.reset({
    [`User/${NEW}`]: registrant(),
    'plan/plan-legacy': { name: 'Pro', price: 35, packs: ['pack-catena'] },
    ...Object.fromEntries(TEN_PACKS.map((id) => [`Pack/${id}`, { name: id, price: 1 }])),
    ...extra,
  });
  const at = (startOffset: number, days: number) => {
    const start = new Date(Date.now() + startOffset);
    return { startingDate: start, expiringDate: new Date(start.getTime() + days * day) };
  };

  it.each<[string, Record<string, unknown>]>([
    ['plan with its included pack', {}],
    ['plan with an extra pack that exists', { packs: ['pack-fatturazione', 'pack-catena'] }],
    ['extras first, included last', { packs: ['pack-catena', 'pack-fatturazione'] }],
    ['a plan without packs', { plan: 'plan-base', packs: [] }],
    ['a legacy lower-case plan (packs field)', { plan: 'plan-legacy', packs: ['pack-catena'] }],
    ['six extra packs (the bound)', { plan: 'plan-base', packs: TEN_PACKS.slice(0, 6) }],
    ['six extra packs on a legacy plan (the most reads: 19 of 20)', { plan: 'plan-legacy', packs: ['pack-catena', ...TEN_PACKS.slice(0, 6)] }],
    ['89 days (31 Jan -> 30 Apr)', at(0, 89)],
    ['92 days (1 Jul -> 1 Oct)', at(0, 92)],
    ['start a few minutes off the server clock', at(-10 * 60_000, 91)],
  ])('accepted: %s', async (_, sub) => {
    await catalogue();
    await assertSucceeds(registration(world.db('techA'), 'tech-a', { sub }));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a plan that does not exist', { plan: 'plan-ghost' }],
    ['no plan', { plan: null }],
    ['a plan missing its included pack', { packs: [] }],
    ['a pack that does not exist', { packs: ['pack-fatturazione', 'pack-ghost'] }],
    ['a pack twice', { packs: ['pack-fatturazione', 'pack-catena', 'pack-catena'] }],
    ['packs that are not a list', { packs: 'pack-fatturazione' }],
    ['seven extra packs', { plan: 'plan-base', packs: TEN_PACKS.slice(0, 7) }],
    ['seven extra packs on a plan with one included', { packs: ['pack-fatturazione', ...TEN_PACKS.slice(0, 7)] }],
    ['a sixth extra pack that does not exist', { plan: 'plan-base', packs: [...TEN_PACKS.slice(0, 5), 'pack-ghost'] }],
    ['one month', at(0, 30)],
    ['six weeks short of three months', at(0, 50)],
    ['88 days', at(0, 88)],
    ['93 days', at(0, 93)],
    ['a year', at(0, 365)],
    ['a start two days ago', at(-2 * day, 91)],
    ['a start two days ahead', at(2 * day, 91)],
    ['dates as text', { startingDate: '2026-11-27', expiringDate: '2027-02-27' }],
    ['status proposed', { status: 'proposed' }],
    ['fields of an approval', { approvedBy: 'admin-1', approvedAt: new Date() }],
    ['a negative price', { price: -10 }],
  ])('refused: %s', async (_, sub) => {
    await catalogue();
    await assertFails(registration(world.db('techA'), 'tech-a', { sub }));
  });

  it('the subscription id is reg-{uid} (the one the registration ids give), nothing else', async () => {
    await catalogue();
    const batch = (subId: string) => {
      const db = world.db('techA');
      const b = db.batch();
      const now = new Date();
      b.set(db.doc(`Shop/${NEW}`), { userId: NEW, name: 'N', subscriptionId: subId, accountants: [], technicians: ['tech-a'], assignedTech: '', isChainMaster: false, shopGroup: null, openApi: false, devices: {}, settings: {} });
      b.set(db.doc(`ShopSubscription/${subId}`), { shopId: NEW, userId: NEW, plan: 'plan-base', packs: [], startingDate: now, expiringDate: new Date(now.getTime() + 91 * day), price: 0, status: 'active', createdBy: 'tech-a', createdAt: now });
      b.update(db.doc(`User/${NEW}`), { level: 'shop' });
      return b.commit();
    };
    await assertFails(batch('my-own-id'));
    await assertFails(batch(`reg-${SHOP_A}`));
    await assertSucceeds(batch(`reg-${NEW}`));
  });

  it('the most reads a registration makes fit the batch limit of 20: a P.IVA claimed, a legacy plan, six extra packs', async () => {
    const pIva = '11223344556';
    const shop = { pIva, vatNumber: pIva, partitaIva: pIva, settings: { pIva, codeDdt: 11, invoiceNumber: '39', cashmaticProtocol: 'https' } };
    const sub = { plan: 'plan-legacy', packs: ['pack-catena', ...TEN_PACKS.slice(0, 6)] };
    await catalogue();
    await assertSucceeds(registration(world.db('techA'), 'tech-a', { shop, claim: pIva, sub }));
    expect(await readRaw(world.env, `FiscalId/${pIva}`)).toMatchObject({ shopId: NEW });
    await catalogue();
    await assertSucceeds(registration(world.db('techA'), 'tech-a', { shop, claim: pIva, sub: { plan: 'plan-base', packs: TEN_PACKS.slice(0, 6) } }));
  });

  it('still only the named technician (and admins) may write it', async () => {
    await expectOnly(world, ['techA', 'admin'], (db, actor) => registration(db, writerId(actor), { sub: { plan: 'plan-legacy', packs: ['pack-catena', ...TEN_PACKS.slice(0, 6)] } }), { before: () => catalogue() });
  });
});
