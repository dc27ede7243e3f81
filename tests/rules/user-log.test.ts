/**
 * UserLog: the append-only activity log, keyed by the shop it is about (issue 3: employee_login,
 * cookie consent; document 1 §6).
 */
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, uidOf, type ActorName, type Db } from './fixtures.ts';
import { setupWorld } from './fixtures.ts';

const world = setupWorld();

function entry(actor: ActorName, shopId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    userId: shopId,
    actorId: actor === 'anon' ? 'anon' : uidOf(actor),
    action: 'employee_login',
    module: 'auth',
    timestamp: Timestamp.now(),
    details: { employeeName: 'Giulia Rossi' },
    metadata: { userAgent: 'test', sessionId: 's1', url: '/select-employee', deviceType: 'desktop', os: 'Linux' },
    employee: { employeeId: 'emp-a1', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' },
    ...extra,
  };
}

const writeFor = (shopId: string, extra: Record<string, unknown> = {}) => (db: Db, actor: ActorName) =>
  db.collection('UserLog').add(entry(actor, shopId, extra));

describe('writing UserLog', () => {
  it("an entry about shop A is written by the people who work on shop A, signing as themselves", async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], writeFor(SHOP_A), { actors: allBut('anon') });
    await expectOnly(world, ['ownerB', 'techB', 'admin'], writeFor(SHOP_B), { actors: allBut('anon') });
  });

  it('anyone signed in may log about themselves (e.g. cookie consent before choosing a shop)', async () => {
    await expectOnly(world, allBut('anon'), (db, actor) => db.collection('UserLog').add(entry(actor, uidOf(actor), { action: 'cookie_consent_reject', module: 'privacy' })), { actors: allBut('anon') });
    await expectOnly(world, [], (db) => db.collection('UserLog').add({ ...entry('ownerA', SHOP_A), actorId: 'nobody' }), { actors: ['anon'] });
  });

  it('nobody may sign an entry as someone else or leave out its required fields', async () => {
    await expectOnly(world, [], writeFor(SHOP_A, { actorId: uidOf('ownerA') }), { actors: allBut('ownerA') });
    await expectOnly(world, [], writeFor(SHOP_A, { timestamp: '2026-01-01' }));
    await expectOnly(world, [], writeFor(SHOP_A, { action: '' }));
    await expectOnly(world, [], writeFor(SHOP_A, { details: 'testo' }));
    await expectOnly(world, [], writeFor(SHOP_A, { employee: 'Giulia' }));
  });

  it('entries are never updated nor deleted, admins included', async () => {
    await world.reset({ 'UserLog/log-a': { ...entry('ownerA', SHOP_A), timestamp: new Date() } });
    await expectOnly(world, [], (db) => db.doc('UserLog/log-a').update({ action: 'altro' }));
    await expectOnly(world, [], (db) => db.doc('UserLog/log-a').delete());
    expect((await readRaw(world.env, 'UserLog/log-a'))?.action).toBe('employee_login');
  });

  it('a retried batch may rewrite an entry identically, only its own writer, and nothing may change', async () => {
    const stored = { ...entry('ownerA', SHOP_A), timestamp: Timestamp.fromDate(new Date('2026-11-23T09:00:00Z')) };
    await world.reset({ 'UserLog/log-a': stored });
    await expectOnly(world, ['ownerA'], (db) => db.doc('UserLog/log-a').set(stored));
    await expectOnly(world, [], (db) => db.doc('UserLog/log-a').set({ ...stored, action: 'altro' }));
    await expectOnly(world, [], (db) => db.doc('UserLog/log-a').set({ ...stored, details: {} }));
  });
});

describe('reading UserLog', () => {
  it("a shop's log is read by the readers of that shop only", async () => {
    await world.reset({
      'UserLog/log-a': { ...entry('ownerA', SHOP_A), timestamp: new Date() },
      'UserLog/log-b': { ...entry('ownerB', SHOP_B), timestamp: new Date() },
    });
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], getDoc('UserLog/log-a'));
    await expectOnly(world, ['ownerB', 'techB', 'admin'], getDoc('UserLog/log-b'));
    const byShop = (shopId: string) => (db: Db) => db.collection('UserLog').where('userId', '==', shopId).get();
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], byShop(SHOP_A));
    await expectOnly(world, [], (db) => db.collection('UserLog').get(), { actors: allBut('admin') });
  });
});
