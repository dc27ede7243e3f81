/**
 * Values the spec validates are validated by the rules too, for the technician's writes.
 * - A renewal proposal (document 3 §5): a plan that exists (Plan or the legacy `plan`), both proposed dates with the
 *   expiry after the start, a price that is a number >= 0 or null, packs that exist (beyond the plan's, at most 6).
 * - The shop settings of /shop-details: invoice counter digits (text) >= 0, codeDdt a number >= 0, the printer,
 *   second printer and Cashmatic IPs four groups of 1-3 digits or empty; a stored legacy value never blocks a save.
 * - The ping's target is never one of the shop's iPads, whatever spaces its stored IP carries.
 * Both ways: the shop's technician succeeds with good values; every other caller and bad values fail.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { describe, it } from 'vitest';
import { SHOP_A, expectOnly, setupWorld, worldDocs, writerId, type Db } from './fixtures.ts';

const world = setupWorld();
const DAY = 86_400_000;

function proposal(by: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const start = new Date(Date.now() + 5 * DAY);
  return {
    shopId: SHOP_A, plan: 'plan-premium', packs: ['pack-fatturazione', 'pack-catena'], proposedStartingDate: start,
    proposedExpiringDate: new Date(start.getTime() + 365 * DAY), proposedPrice: 64.9, status: 'proposed',
    createdBy: by, createdAt: new Date(), updatedBy: by, updatedAt: new Date(), ...over,
  };
}
const create = (over: Record<string, unknown> = {}) => (db: Db, actor: string) => db.doc(`ShopSubscription/p-${actor}`).set(proposal(writerId(actor as never), over));
let attempt = 0;
/** Each attempt under a new id: a second set() on the same id would be an update, held to other rules. */
const techCreate = (over: Record<string, unknown>) => {
  attempt += 1;
  return world.db('techA').doc(`ShopSubscription/p-techA-${String(attempt)}`).set(proposal('tech-a', over));
};
const techUpdate = (over: Record<string, unknown>) => world.db('techA').doc('ShopSubscription/proposal-a').update({ ...over, updatedBy: 'tech-a' });

describe('the renewal proposal', () => {
  it("the shop's technician proposes good values (admins too); nobody else", async () => {
    await expectOnly(world, ['techA', 'admin'], create(), { before: () => world.reset() });
  });

  it('price null (empty field) or 0 passes; a legacy plan from `plan` passes; no packs beyond the plan passes', async () => {
    await assertSucceeds(techCreate({ proposedPrice: null }));
    await assertSucceeds(techCreate({ proposedPrice: 0 }));
    await world.reset({ 'plan/legacy-pro': { name: 'Pro', price: 35, packs: ['pack-fatturazione'] } });
    await assertSucceeds(techCreate({ plan: 'legacy-pro', packs: ['pack-fatturazione'] }));
    await assertSucceeds(techCreate({ packs: [] }));
  });

  it('refuses a missing or unknown plan, a missing date, an expiry not after the start, a bad price, an unknown pack, 4 extra packs', async () => {
    const start = new Date(Date.now() + 5 * DAY);
    const extras = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`Pack/extra-${String(i)}`, { name: `Extra ${String(i)}`, price: 1 }]));
    await world.reset(extras);
    for (const over of [
      { plan: '' },
      { plan: 'plan-gone' },
      { proposedStartingDate: null },
      { proposedExpiringDate: null },
      { proposedStartingDate: '2026-12-01' },
      { proposedStartingDate: start, proposedExpiringDate: start },
      { proposedStartingDate: start, proposedExpiringDate: new Date(start.getTime() - DAY) },
      { proposedPrice: -1 },
      { proposedPrice: '45' },
      { packs: ['pack-fatturazione', 'pack-inventato'] },
      { packs: 'pack-fatturazione' },
      { packs: Object.keys(extras).map((p) => p.replace('Pack/', '')) },
    ]) {
      await assertFails(techCreate(over));
    }
    // Three extras are the bound (the single-document limit of 10 accesses with a legacy plan), measured both ways.
    const three = Object.keys(extras).slice(0, 3).map((p) => p.replace('Pack/', ''));
    await assertSucceeds(techCreate({ packs: three }));
    await world.reset({ ...extras, 'plan/legacy-pro': { name: 'Pro', price: 35, packs: ['pack-fatturazione'] } });
    await assertSucceeds(techCreate({ plan: 'legacy-pro', packs: three }));
  });

  it('an update is held to the same values', async () => {
    await assertSucceeds(techUpdate({ proposedPrice: 50 }));
    await world.reset();
    await assertFails(techUpdate({ proposedPrice: -5 }));
    await assertFails(techUpdate({ plan: 'plan-gone' }));
    await assertFails(techUpdate({ proposedExpiringDate: new Date(Date.now() - 365 * DAY) }));
    await assertFails(techUpdate({ packs: ['pack-inventato'] }));
  });
});

describe("the technician's shop settings", () => {
  const shopA = () => worldDocs()[`Shop/${SHOP_A}`] ?? {};
  const settings = (over: Record<string, unknown>) => ({ ...(shopA().settings as Record<string, unknown>), ...over });
  const save = (over: Record<string, unknown>) => (db: Db) => db.doc(`Shop/${SHOP_A}`).update({ settings: settings(over), updatedAt: new Date() });

  it('good values are saved by the technician (owner and admins too); nobody else', async () => {
    const good = save({ invoiceNumber: '40', codeDdt: 11, printerIp: '192.168.1.60', secondPrinterIp: '', cashmaticServerIP: '10.0.0.5' });
    await expectOnly(world, ['ownerA', 'techA', 'admin'], good, { before: () => world.reset() });
  });

  it('refuses a counter that is not digits, a negative or text codeDdt, a malformed IP', async () => {
    for (const over of [
      { invoiceNumber: '-1' }, { invoiceNumber: 'abc' }, { invoiceNumber: 40 },
      { codeDdt: -1 }, { codeDdt: 'DDT2' },
      { printerIp: '192.168.1' }, { printerIp: 'stampante' }, { secondPrinterIp: '1.2.3.4.5' }, { cashmaticServerIP: '10.0.0.x' },
    ]) {
      await world.reset();
      await assertFails(save(over)(world.db('techA')));
    }
  });

  it("a legacy value stored before (codeDdt 'DDT', a malformed IP) does not block a save that leaves it as it is", async () => {
    await world.reset({ [`Shop/${SHOP_A}`]: { ...shopA(), settings: settings({ printerIp: '192.168.1.999.1' }) } });
    await assertSucceeds(world.db('techA').doc(`Shop/${SHOP_A}`).update({ phone: '051000111', settings: settings({ printerIp: '192.168.1.999.1', imageScraping: true }) }));
  });
});

describe('the ping target is never one of the shop’s iPads', () => {
  it('an iPad IP stored with spaces is still recognised', async () => {
    const shop = { ...worldDocs()[`Shop/${SHOP_A}`], devices: { 'IPAD-A': { deviceName: 'iPad Cassa' }, 'IPAD-B': { deviceName: 'iPad Sala', ip: ' 192.168.1.20 ' } } };
    await world.reset({ [`Shop/${SHOP_A}`]: shop });
    const ping = (ip: string) => world.db('techA').doc(`DeviceTask/t-${ip}`).set({ userId: SHOP_A, techId: 'tech-a', deviceId: 'IPAD-A', action: 'ping', ip, port: 80, fulfilled: false, createdAt: firebase.firestore.FieldValue.serverTimestamp() });
    await assertFails(ping('192.168.1.20'));
    await assertSucceeds(ping('192.168.1.21'));
  });
});
