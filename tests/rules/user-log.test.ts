/**
 * UserLog: the append-only activity log, keyed by the shop it is about (employee_login,
 * cookie consent; document 1 §6).
 */
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, allBut, expectOnly, getDoc, readRaw, uidOf, type ActorName, type Db } from './fixtures.ts';
import { setupWorld } from './fixtures.ts';

const world = setupWorld();

/** The employee an entry about a shop names (one of that shop's Employe documents); entries about oneself name none. */
const EMPLOYEE_OF: Record<string, Record<string, unknown>> = {
  [SHOP_A]: { employeeId: 'emp-a1', employeeName: 'Giulia Bianchi', employeeRole: 'Cassiere' },
  [SHOP_B]: { employeeId: 'emp-b1', employeeName: 'Marco Verdi', employeeRole: 'Titolare' },
};
const withoutUndefined = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
const minute = 60_000;
const day = 24 * 60 * minute;

function entry(actor: ActorName, shopId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return withoutUndefined({
    userId: shopId,
    actorId: actor === 'anon' ? 'anon' : uidOf(actor),
    action: 'employee_login',
    module: 'auth',
    timestamp: Timestamp.now(),
    details: { employeeName: 'Giulia Rossi' },
    metadata: { userAgent: 'test', sessionId: 's1', url: '/select-employee', deviceType: 'desktop', os: 'Linux' },
    ...(EMPLOYEE_OF[shopId] ? { employee: EMPLOYEE_OF[shopId] } : {}),
    ...extra,
  });
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

describe('the employee and the time of an entry cannot be forged', () => {
  it("the employee named is one of the log's shop, or none", async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], writeFor(SHOP_A), { actors: allBut('anon') });
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], writeFor(SHOP_A, { employee: undefined }), { actors: allBut('anon') });
    // shop B's employee in shop A's log, an employee that does not exist, an employee without id
    await expectOnly(world, [], writeFor(SHOP_A, { employee: EMPLOYEE_OF[SHOP_B] }), { actors: allBut('anon') });
    await expectOnly(world, [], writeFor(SHOP_A, { employee: { employeeId: 'emp-ghost', employeeName: 'Titolare' } }), { actors: allBut('anon') });
    await expectOnly(world, [], writeFor(SHOP_A, { employee: { employeeName: 'Titolare' } }), { actors: allBut('anon') });
    // an entry about oneself names no employee of shop A — except shop A's owner, whose uid is the shop
    await expectOnly(world, ['ownerA'], (db, actor) => db.collection('UserLog').add(entry(actor, uidOf(actor), { employee: EMPLOYEE_OF[SHOP_A] })), { actors: allBut('anon') });
  });

  it('the employee map holds the id, a name and a role, no more', async () => {
    const employee = { ...EMPLOYEE_OF[SHOP_A], employeeName: 'x'.repeat(201) };
    await expectOnly(world, [], writeFor(SHOP_A, { employee }), { actors: ['ownerA'] });
    await expectOnly(world, [], writeFor(SHOP_A, { employee: { ...EMPLOYEE_OF[SHOP_A], shopId: SHOP_B } }), { actors: ['ownerA'] });
  });

  it('the timestamp is within [now - 7 days, now + 5 minutes]', async () => {
    const stamp = (ms: number) => ({ timestamp: Timestamp.fromMillis(Date.now() + ms) });
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], writeFor(SHOP_A, stamp(-6 * day)), { actors: allBut('anon') });
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'admin'], writeFor(SHOP_A, stamp(3 * minute)), { actors: allBut('anon') });
    await expectOnly(world, [], writeFor(SHOP_A, stamp(10 * minute)), { actors: allBut('anon') });
    await expectOnly(world, [], writeFor(SHOP_A, stamp(-8 * day)), { actors: allBut('anon') });
    await expectOnly(world, [], writeFor(SHOP_A, { timestamp: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) }), { actors: ['ownerA'] });
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
