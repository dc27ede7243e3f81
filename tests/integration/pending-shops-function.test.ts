/**
 * The pendingShops HTTPS function (functions/src/pending-shops.ts) in the Functions emulator, reading the sheet from
 * the provider stub's sheet (started on PROVIDER_STUB_PORT, where with-emulators pointed PENDING_SHOPS_SOURCE_URL).
 * A technician gets only the entries naming no technician or naming the email of their ID token
 * (case-insensitive), an admin all of them, nobody a PIN in the list; one entry with its PIN (?entry=<key>) only to
 * a technician who may register it. 401 without or with a forged token, 403 for every other level.
 * The e-mail counts only when verified (email_verified in the token): the accounts here are verified as an admin's or
 * the demo seed's are; an unverified address naming a technician opens none of that technician's entries.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TECH_EMAIL, OTHER_TECH_EMAIL, PENDING_SHOPS } from '../../scripts/provider-stub/pending-shops.ts';
import { pendingShopKey, readPendingShops } from '../../src/domain/tech/pending-shops.ts';
import { startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
const PASSWORD = 'Pendenti!2026';
const run = `${Date.now()}`;
const LEVELS = ['tech', 'admin', 'shop', 'accountant', 'assist', 'shopRegister'] as const;
const uidOf = (level: string) => `pend-${level}-${run}`;
/** Technicians the sheet names (their Auth email is what the function reads), the first typed in another case. */
const NAMED = [
  { uid: `pend-demo-tech-${run}`, email: DEMO_TECH_EMAIL.toUpperCase() },
  { uid: `pend-other-tech-${run}`, email: OTHER_TECH_EMAIL },
] as const;
const emailOf = (uid: string) => NAMED.find((n) => n.uid === uid)?.email ?? `${uid}@example.test`;
const SHEET = readPendingShops(PENDING_SHOPS) ?? [];
const keyOf = (nome: string) => pendingShopKey(SHEET.find((e) => e.datiLocale.nome === nome)!);

let admin: App;
let stub: ProviderStub;

async function idToken(uid: string): Promise<string> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: emailOf(uid), password: PASSWORD, returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

const get = (authorization?: string, entry?: string) =>
  fetch(`${FUNCTIONS_URL ?? ''}/pendingShops${entry === undefined ? '' : `?entry=${encodeURIComponent(entry)}`}`, { headers: authorization ? { Authorization: authorization } : {} });
const as = async (uid: string, entry?: string) => get(`Bearer ${await idToken(uid)}`, entry);
const names = async (res: Response) => ((await res.json()) as { datiLocale: { nome: string } }[]).map((e) => e.datiLocale.nome);

beforeAll(async () => {
  if (!FUNCTIONS_URL || !process.env.PROVIDER_STUB_PORT) throw new Error('Avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  stub = await startProviderStub({ port: Number(process.env.PROVIDER_STUB_PORT), host: '127.0.0.1' });
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'pending-shops-function');
  for (const level of LEVELS) {
    const uid = uidOf(level);
    await getAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD, emailVerified: true });
    await getFirestore(admin).doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
  }
  for (const { uid, email } of NAMED) {
    await getAuth(admin).getUserByEmail(email).then((u) => getAuth(admin).deleteUser(u.uid), () => undefined);
    await getAuth(admin).createUser({ uid, email, password: PASSWORD, emailVerified: true });
    await getFirestore(admin).doc(`User/${uid}`).set({ userId: uid, level: 'tech', email });
  }
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
  await stub?.close();
});

describe('pendingShops', () => {
  it('gives a technician only the entries naming no technician or naming them, an admin all; never a PIN', async () => {
    const [demo, other] = NAMED.map((n) => n.uid) as [string, string];
    expect(await names(await as(uidOf('tech')))).toEqual(['Ferramenta Colombo', 'Tabaccheria Marino']);
    expect(await names(await as(demo))).toEqual(['Ferramenta Colombo', 'Esposito Elettronica', 'Panificio Romano', 'Tabaccheria Marino']);
    expect(await names(await as(other))).toEqual(['Ferramenta Colombo', 'Profumeria Ferrari', 'Tabaccheria Marino']);
    const all = await as(uidOf('admin'));
    expect(all.status).toBe(200);
    const entries = (await all.json()) as { datiLocale: { nome: string }; titolare: Record<string, unknown> }[];
    expect(entries.map((e) => e.datiLocale.nome)).toEqual(PENDING_SHOPS.map((e) => e.datiLocale.nome));
    for (const uid of [uidOf('tech'), demo, other]) for (const e of (await (await as(uid)).json()) as typeof entries) expect(e.titolare).not.toHaveProperty('pin');
    for (const e of entries) expect(e.titolare).not.toHaveProperty('pin');
    // What the leak was: the whole sheet, PINs included, to every technician.
    expect(JSON.stringify(entries)).not.toContain('"pin"');
  });

  it('gives one entry with its PIN only to a technician who may register it', async () => {
    const [demo, other] = NAMED.map((n) => n.uid) as [string, string];
    const pinOf = async (res: Response) => [res.status, ((await res.json()) as { titolare?: { pin?: string } }).titolare?.pin];
    expect(await pinOf(await as(demo, keyOf('Esposito Elettronica')))).toEqual([200, '0420']);
    expect((await as(other, keyOf('Esposito Elettronica'))).status).toBe(404);
    expect((await as(uidOf('tech'), keyOf('Esposito Elettronica'))).status).toBe(404);
    // An entry naming nobody: the technician who opens it to register it.
    expect(await pinOf(await as(uidOf('tech'), keyOf('Ferramenta Colombo')))).toEqual([200, '4821']);
    expect((await as(demo, 'no-such-entry')).status).toBe(404);
    // Admins see the list, but do not register shops: no PIN.
    expect((await as(uidOf('admin'), keyOf('Ferramenta Colombo'))).status).toBe(403);
    expect((await as(uidOf('shop'), keyOf('Ferramenta Colombo'))).status).toBe(403);
    expect((await get(undefined, keyOf('Ferramenta Colombo'))).status).toBe(401);
  });

  it('refuses every other level (403) and callers without a valid token (401)', async () => {
    for (const level of ['shop', 'accountant', 'assist', 'shopRegister']) expect((await get(`Bearer ${await idToken(uidOf(level))}`)).status).toBe(403);
    expect((await get()).status).toBe(401);
    expect((await get('Bearer not-a-token')).status).toBe(401);
  });

  it('an unverified e-mail naming a technician opens none of their entries nor PINs; verified again, it does', async () => {
    const other = NAMED[1].uid;
    const profumeria = keyOf('Profumeria Ferrari');
    // Firebase Auth lets an account carry an address it never proved (a sign-up, an address changed by the client).
    await getAuth(admin).updateUser(other, { emailVerified: false });
    try {
      expect(await names(await as(other))).toEqual(['Ferramenta Colombo', 'Tabaccheria Marino']);
      expect((await as(other, profumeria)).status).toBe(404);
      // Entries naming nobody stay open to every technician: the level is the User document's, not the address's.
      expect((await as(other, keyOf('Ferramenta Colombo'))).status).toBe(200);
    } finally {
      await getAuth(admin).updateUser(other, { emailVerified: true });
    }
    expect(await names(await as(other))).toEqual(['Ferramenta Colombo', 'Profumeria Ferrari', 'Tabaccheria Marino']);
    expect((await as(other, profumeria)).status).toBe(200);
  });
});
