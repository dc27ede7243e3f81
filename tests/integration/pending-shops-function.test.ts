/**
 * The pendingShops HTTPS function (functions/src/pending-shops.ts) in the Functions emulator, reading the sheet from
 * the provider stub (started on PROVIDER_STUB_PORT, where with-emulators pointed PENDING_SHOPS_SOURCE_URL): the
 * array for technicians and admins, 401 without or with a forged token, 403 for every other level.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_SHOPS } from '../../scripts/provider-stub/pending-shops.ts';
import { startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
const PASSWORD = 'Pendenti!2026';
const run = `${Date.now()}`;
const LEVELS = ['tech', 'admin', 'shop', 'accountant', 'assist', 'shopRegister'] as const;
const uidOf = (level: string) => `pend-${level}-${run}`;

let admin: App;
let stub: ProviderStub;

async function idToken(uid: string): Promise<string> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${uid}@example.test`, password: PASSWORD, returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

const get = (authorization?: string) => fetch(`${FUNCTIONS_URL ?? ''}/pendingShops`, { headers: authorization ? { Authorization: authorization } : {} });

beforeAll(async () => {
  if (!FUNCTIONS_URL || !process.env.PROVIDER_STUB_PORT) throw new Error('Avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  stub = await startProviderStub({ port: Number(process.env.PROVIDER_STUB_PORT), host: '127.0.0.1' });
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'pending-shops-function');
  for (const level of LEVELS) {
    const uid = uidOf(level);
    await getAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD });
    await getFirestore(admin).doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
  }
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
  await stub?.close();
});

describe('pendingShops', () => {
  it('returns the sheet as a JSON array to technicians and admins', async () => {
    for (const level of ['tech', 'admin']) {
      const res = await get(`Bearer ${await idToken(uidOf(level))}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(PENDING_SHOPS);
    }
  });

  it('refuses every other level (403) and callers without a valid token (401)', async () => {
    for (const level of ['shop', 'accountant', 'assist', 'shopRegister']) expect((await get(`Bearer ${await idToken(uidOf(level))}`)).status).toBe(403);
    expect((await get()).status).toBe(401);
    expect((await get('Bearer not-a-token')).status).toBe(401);
  });
});
