/**
 * employeeDirectory and checkEmployeePin (functions/src/employees.ts) in the Functions emulator, called over the
 * callable protocol with real Auth-emulator ID tokens: who may list a shop's staff (without PINs) and check a PIN,
 * both ways, and the lock-out after repeated wrong PINs.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const PASSWORD = 'Funzioni!2026';
const run = `${Date.now()}`;
const SHOP = `fn-shop-${run}`;
const OTHER = `fn-other-${run}`;
const ACCOUNTANT = `fn-acc-${run}`;
const TECH = `fn-tech-${run}`;
const STRANGER_TECH = `fn-tech2-${run}`;
const ADMIN = `fn-admin-${run}`;

let admin: App;
let db: Firestore;
const tokens = new Map<string, string>();

async function tokenOf(uid: string): Promise<string> {
  const cached = tokens.get(uid);
  if (cached) return cached;
  const res = await fetch(`http://${AUTH_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${uid}@example.test`, password: PASSWORD, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken: string };
  tokens.set(uid, json.idToken);
  return json.idToken;
}

async function call(name: string, uid: string | null, data: unknown): Promise<{ status: number; result?: unknown; error?: { status: string } }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (uid) headers.Authorization = `Bearer ${await tokenOf(uid)}`;
  const res = await fetch(`${FUNCTIONS_URL ?? ''}/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: res.status, ...((await res.json()) as { result?: unknown; error?: { status: string } }) };
}

beforeAll(async () => {
  if (!FUNCTIONS_URL) throw new Error('FUNCTIONS_URL mancante: avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'employees-functions');
  db = getFirestore(admin);
  const users: [string, string][] = [[SHOP, 'shop'], [OTHER, 'shop'], [ACCOUNTANT, 'accountant'], [TECH, 'tech'], [STRANGER_TECH, 'tech'], [ADMIN, 'admin']];
  for (const [uid, level] of users) {
    await getAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD });
    await db.doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
  }
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Negozio PIN', accountants: [ACCOUNTANT], technicians: [TECH] });
  await db.doc(`Shop/${OTHER}`).set({ userId: OTHER, name: 'Altro' });
  await db.doc(`Employe/${SHOP}-giulia`).set({ userId: SHOP, name: 'Giulia', surname: 'Rossi', pin: '1234', roleLevel: '2', roleName: 'Cassiere', email: 'g@example.test' });
  await db.doc(`Employe/${SHOP}-marco`).set({ userId: SHOP, name: 'Marco', pin: '', roleLevel: '1', roleName: '' });
  await db.doc(`Employe/${SHOP}-num`).set({ userId: SHOP, name: 'Numero', pin: 4321, roleLevel: 3, roleName: 'POS' });
  await db.doc(`Employe/${OTHER}-x`).set({ userId: OTHER, name: 'X', pin: '9999', roleLevel: '1', roleName: '' });
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

describe('employeeDirectory', () => {
  it("gives the shop's readers its staff without any PIN", async () => {
    for (const uid of [SHOP, ACCOUNTANT, TECH, ADMIN]) {
      const answer = await call('employeeDirectory', uid, { shopId: SHOP });
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.result);
      expect(text).not.toMatch(/1234|4321|"pin"/);
      const employees = (answer.result as { employees: { id: string; hasPin: boolean; roleLevel: number; email?: string }[] }).employees.sort((a, b) => a.id.localeCompare(b.id));
      expect(employees.map((e) => [e.id, e.hasPin, e.roleLevel])).toEqual([[`${SHOP}-giulia`, true, 2], [`${SHOP}-marco`, false, 1], [`${SHOP}-num`, true, 3]]);
      expect(employees[0]?.email).toBe('g@example.test');
    }
  });

  it('refuses other shops, strangers and signed-out callers', async () => {
    expect((await call('employeeDirectory', OTHER, { shopId: SHOP })).error?.status).toBe('PERMISSION_DENIED');
    expect((await call('employeeDirectory', STRANGER_TECH, { shopId: SHOP })).error?.status).toBe('PERMISSION_DENIED');
    expect((await call('employeeDirectory', ACCOUNTANT, { shopId: OTHER })).error?.status).toBe('PERMISSION_DENIED');
    expect((await call('employeeDirectory', null, { shopId: SHOP })).error?.status).toBe('UNAUTHENTICATED');
    expect((await call('employeeDirectory', SHOP, {})).error?.status).toBe('INVALID_ARGUMENT');
  });
});

describe('checkEmployeePin', () => {
  it("checks a PIN for the shop's own session (text or number stored), without revealing it", async () => {
    expect((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId: `${SHOP}-giulia`, pin: '1234' })).result).toEqual({ ok: true });
    expect((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId: `${SHOP}-giulia`, pin: '1235' })).result).toEqual({ ok: false });
    expect((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId: `${SHOP}-num`, pin: '4321' })).result).toEqual({ ok: true });
    expect((await call('checkEmployeePin', ADMIN, { shopId: SHOP, employeeId: `${SHOP}-giulia`, pin: '1234' })).result).toEqual({ ok: true });
  });

  it("is refused to the shop's accountants and technicians, other shops and signed-out callers, and across shops", async () => {
    for (const uid of [ACCOUNTANT, TECH, OTHER]) {
      expect((await call('checkEmployeePin', uid, { shopId: SHOP, employeeId: `${SHOP}-giulia`, pin: '1234' })).error?.status).toBe('PERMISSION_DENIED');
    }
    expect((await call('checkEmployeePin', null, { shopId: SHOP, employeeId: `${SHOP}-giulia`, pin: '1234' })).error?.status).toBe('UNAUTHENTICATED');
    expect((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId: `${OTHER}-x`, pin: '9999' })).error?.status).toBe('NOT_FOUND');
  });

  it('locks the employee after 5 wrong PINs in a row, even for the right one', async () => {
    const employeeId = `${SHOP}-giulia`;
    const results: unknown[] = [];
    for (let i = 0; i < 5; i++) results.push((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId, pin: '0000' })).result);
    expect(results.at(-1)).toEqual({ ok: false, locked: true });
    expect((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId, pin: '1234' })).result).toEqual({ ok: false, locked: true });
    await db.doc(`PinAttempt/${SHOP}_${employeeId}`).delete();
    expect((await call('checkEmployeePin', SHOP, { shopId: SHOP, employeeId, pin: '1234' })).result).toEqual({ ok: true });
  });
});
