/**
 * DeviceTask (document 3 §3, §4, §7): a technician of the shop asks one of the shop's registered iPads to
 * ping ip:port; the shop (its iPads, i.e. the POS app signed in as the shop) reads its tasks and fulfils them once.
 * Nobody else reads, creates, answers or deletes a task.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { beforeEach, describe, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, setupWorld, uidOf, worldDocs, writerId, type ActorName } from './fixtures.ts';

const world = setupWorld();
/** The test clients are compat Firestore instances: their sentinel is the compat one (the app uses the modular one). */
const serverTimestamp = () => firebase.firestore.FieldValue.serverTimestamp();
const IPAD_A = 'IPAD-A-1';
const IPAD_B = 'IPAD-B-1';
const now = Date.now();

function shopWithDevice(shop: string, deviceId: string): Record<string, unknown> {
  return { ...worldDocs()[`Shop/${shop}`], devices: { [deviceId]: { deviceName: 'iPad Cassa', lastVersionUpdate: new Date(now - 60_000) } } };
}

const worldChanges = () => ({
  [`Shop/${SHOP_A}`]: shopWithDevice(SHOP_A, IPAD_A),
  [`Shop/${SHOP_B}`]: shopWithDevice(SHOP_B, IPAD_B),
  'DeviceTask/task-a': { userId: SHOP_A, techId: 'tech-a', deviceId: IPAD_A, action: 'ping', ip: '192.168.1.50', port: 80, fulfilled: false, createdAt: new Date(now - 5_000) },
  'DeviceTask/task-b': { userId: SHOP_B, techId: 'tech-b', deviceId: IPAD_B, action: 'ping', ip: '10.0.0.9', port: 9100, fulfilled: false, createdAt: new Date(now - 5_000) },
});

beforeEach(async () => {
  await world.reset(worldChanges());
});

/** The create the ping tool writes (document 3 §7: userId, techId, deviceId, action ping, ip, port, fulfilled false, createdAt). */
function ping(shopId: string, techId: string, deviceId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { userId: shopId, techId, deviceId, action: 'ping', ip: '192.168.1.50', port: 80, fulfilled: false, createdAt: serverTimestamp(), ...extra };
}

const answer = () => ({ fulfilled: true, result: { success: true, latencyMs: 12 }, respondedAt: serverTimestamp() });

describe('reading DeviceTask', () => {
  it("shop A's task: its shop (the iPads) and the technician who asked", async () => {
    await expectOnly(world, ['ownerA', 'techA'], getDoc('DeviceTask/task-a'));
    await expectOnly(world, ['ownerB', 'techB'], getDoc('DeviceTask/task-b'));
  });

  it('the iPads listen to their shop\'s tasks (userId ==); nobody lists another shop\'s', async () => {
    await expectOnly(world, ['ownerA'], (db) => db.collection('DeviceTask').where('userId', '==', SHOP_A).get());
    await expectOnly(world, ['ownerA', 'techA'], (db, actor) =>
      db.collection('DeviceTask').where('userId', '==', SHOP_A).where('techId', '==', writerId(actor)).get(),
      { actors: ['ownerA', 'ownerB', 'techA', 'techB', 'accountantA', 'admin'] },
    );
  });

  it('a technician removed from the shop no longer reads the task they asked', async () => {
    await world.reset({ ...worldChanges(), [`Shop/${SHOP_A}`]: { ...shopWithDevice(SHOP_A, IPAD_A), technicians: [] } });
    await assertFails(world.db('techA').doc('DeviceTask/task-a').get());
  });
});

describe('creating DeviceTask (the ping tool)', () => {
  it("a ping on shop A: only shop A's technician, signed as themselves", async () => {
    await expectOnly(world, ['techA'], (db, actor) => db.doc(`DeviceTask/new-${actor}`).set(ping(SHOP_A, writerId(actor), IPAD_A)));
    await expectOnly(world, ['techB'], (db, actor) => db.collection('DeviceTask').add(ping(SHOP_B, writerId(actor), IPAD_B)));
  });

  it('the legacy object entry of tech-b in shop A does not let tech-b ping shop A', async () => {
    await assertFails(world.db('techB').collection('DeviceTask').add(ping(SHOP_A, uidOf('techB'), IPAD_A)));
  });

  it('refuses a forged technician, another shop\'s or an unknown iPad, and a task that is not a fresh ping', async () => {
    const tech = world.db('techA');
    const me = uidOf('techA');
    await assertSucceeds(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { port: 9100, ip: '10.0.0.5' })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, uidOf('techB'), IPAD_A)));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_B)));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, 'IPAD-SCONOSCIUTO')));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { fulfilled: true })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { result: { success: true, latencyMs: 1 } })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { action: 'reboot' })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { port: 0 })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { port: 70000 })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { port: '80' })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { ip: '' })));
    await assertFails(tech.collection('DeviceTask').add(ping(SHOP_A, me, IPAD_A, { createdAt: new Date(now - 3_600_000) })));
  });
});

describe('a ping reaches only the shop\'s LAN devices on their ports', () => {
  /** Shop A with its POS terminal and Cashmatic ports set (text and number, as stored), and a second iPad with its IP. */
  const lanShop = () => world.reset({
    ...worldChanges(),
    [`Shop/${SHOP_A}`]: {
      ...shopWithDevice(SHOP_A, IPAD_A),
      devices: {
        [IPAD_A]: { deviceName: 'iPad Cassa', lastVersionUpdate: new Date(now - 60_000) },
        'IPAD-A-2': { deviceName: 'iPad Magazzino', ip: '192.168.1.20', lastVersionUpdate: new Date(now - 60_000) },
        'IPAD-A-3': { deviceName: 'iPad Sala', ip: '10.1.2.3', lastVersionUpdate: new Date(now - 60_000) },
      },
      settings: { ...(worldDocs()[`Shop/${SHOP_A}`]?.settings as Record<string, unknown>), posPort: '10000', cashmaticPort: 50301 },
    },
  });
  const tryPing = (ip: string, port: number) => world.db('techA').collection('DeviceTask').add(ping(SHOP_A, uidOf('techA'), IPAD_A, { ip, port }));

  it.each([
    ['192.168.1.50', 80], ['192.168.0.1', 443], ['10.0.0.5', 9100], ['10.255.255.254', 515], ['172.16.0.10', 631], ['172.31.255.1', 8080],
    ['192.168.1.60', 8443], ['192.168.1.60', 10000], ['192.168.1.70', 50301],
  ] as const)('allowed: %s:%i', async (ip, port) => {
    await lanShop();
    await assertSucceeds(tryPing(ip, port));
  });

  it.each([
    ['8.8.8.8', 80], ['127.0.0.1', 80], ['0.0.0.0', 80], ['169.254.10.1', 80], ['172.15.0.1', 80], ['172.32.0.1', 80], ['192.169.1.1', 80],
    ['11.0.0.1', 80], ['192.168.1.256', 80], ['192.168.1', 80], ['192.168.1.50.1', 80], ['192.168.01.50', 80], ['printer.local', 80],
    ['192.168.1.50 ', 80], ['::1', 80], ['fe80::1', 80],
  ] as const)('refused target (not a private LAN IPv4 address): %s', async (ip, port) => {
    await lanShop();
    await assertFails(tryPing(ip, port));
  });

  it.each([22, 23, 25, 3389, 5900, 10001, 50300, 65535, 1] as const)('refused port %i (not a port of a shop device)', async (port) => {
    await lanShop();
    await assertFails(tryPing('192.168.1.50', port));
  });

  it("refuses one of the shop's own iPads as a target", async () => {
    await lanShop();
    await assertFails(tryPing('192.168.1.20', 80));
    await assertFails(tryPing('10.1.2.3', 9100));
    await assertSucceeds(tryPing('192.168.1.21', 80));
  });

  it('the checks hold for every other actor too (nobody else pings at all)', async () => {
    await lanShop();
    await expectOnly(world, ['techA'], (db, actor) => db.collection('DeviceTask').add(ping(SHOP_A, writerId(actor), IPAD_A, { ip: '192.168.1.50', port: 9100 })));
    await expectOnly(world, [], (db, actor) => db.collection('DeviceTask').add(ping(SHOP_A, writerId(actor), IPAD_A, { ip: '8.8.8.8', port: 22 })));
  });
});

describe('answering DeviceTask', () => {
  const reset = () => world.reset(worldChanges());

  it("the shop's iPads (signed in as the shop) answer their own shop's task, once", async () => {
    await expectOnly(world, ['ownerA'], (db) => db.doc('DeviceTask/task-a').update(answer()), { before: reset });
    await expectOnly(world, ['ownerB'], (db) => db.doc('DeviceTask/task-b').update(answer()), { before: reset });
    await reset();
    const owner = world.db('ownerA');
    await assertSucceeds(owner.doc('DeviceTask/task-a').update(answer()));
    await assertFails(owner.doc('DeviceTask/task-a').update({ ...answer(), result: { success: false, error: 'di nuovo' } }));
  });

  it('an answer changes nothing but fulfilled (to true), result and respondedAt', async () => {
    const owner = world.db('ownerA');
    await assertFails(owner.doc('DeviceTask/task-a').update({ ...answer(), ip: '8.8.8.8' }));
    await assertFails(owner.doc('DeviceTask/task-a').update({ ...answer(), techId: SHOP_A }));
    await assertFails(owner.doc('DeviceTask/task-a').update({ ...answer(), fulfilled: false }));
    await assertFails(owner.doc('DeviceTask/task-a').update({ fulfilled: true, result: 'ok', respondedAt: serverTimestamp() }));
    await assertFails(owner.doc('DeviceTask/task-a').update({ fulfilled: true, result: { success: true } }));
  });

  it('the technician cannot answer their own ping (a forged Online), nor anyone delete a task', async () => {
    const techs: ActorName[] = ['techA'];
    await assertFails(world.db(techs[0]!).doc('DeviceTask/task-a').update(answer()));
    await expectOnly(world, [], (db) => db.doc('DeviceTask/task-a').delete());
  });
});
