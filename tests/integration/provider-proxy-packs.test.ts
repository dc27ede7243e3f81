/**
 * providerProxy (functions/src/provider-proxy.ts) in the Functions emulator refuses every SDI call for a
 * shop whose subscription does not grant the Fatturazione pack now — no subscription, a plan without the pack, or
 * past the expiry and the 15-day grace — with 'permission-denied' and the decision's Italian message, before the
 * provider is called and before the shop's quota is taken; whoever calls (owner, technician, admin). The company
 * lookup stays open. The server's decision is the app's: for every fixture shop the app's own chain (Firebase client,
 * signed in as the owner, under the rules) and packAccess decide what functions/src/pack-guard.ts decides.
 */
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopPackAccess } from '../../functions/src/pack-guard.ts';
import { invoiceXml } from '../stub/helpers.ts';
import { INVOICING_FIXTURE, PASSWORD, partitaIva, startHarness, type CallableReply, type Harness } from './proxy-harness.ts';
import { loadSubscriptionBundle } from '@/data/subscription-bundle';
import { packAccess, packAccessMessage } from '@/domain/permissions/pack-access';
import { auth } from '@/lib/firebase';

const run = `${Date.now()}`;
const DAY = 86_400_000;
const shop = (label: string, first10: string) => ({ uid: `pk-${label}-${run}`, vat: partitaIva(first10) });
const EXPIRED = shop('scaduto', '0612300015');
const GRACE = shop('grazia', '0612300023');
const NO_PACK = shop('senza', '0612300031');
const NO_SUB = shop('nessuno', '0612300049');
const PROPOSED = shop('proposta', '0612300057');
const LEGACY = shop('storico', '0612300065');
const LEGACY_EXPIRED = shop('storico-scaduto', '0612300073');
const SHOPS = [EXPIRED, GRACE, NO_PACK, NO_SUB, PROPOSED, LEGACY, LEGACY_EXPIRED];
const TECH = `pk-tech-${run}`;
const ADMIN = `pk-admin-${run}`;

const EXPIRED_MESSAGE = 'Il pacchetto Fatturazione non è attivo per questo negozio: abbonamento scaduto. Rinnovalo per riattivare i pacchetti.';
const NO_PACK_MESSAGE = "Il pacchetto Fatturazione non è attivo per questo negozio: il pacchetto non è incluso nell'abbonamento.";
const NO_SUB_MESSAGE = 'Il pacchetto Fatturazione non è attivo per questo negozio: nessun abbonamento attivo.';

let h: Harness;
let db: Firestore;

const send = (uid: string, s: { uid: string; vat: string }) => h.proxy(uid, { service: 'sdi', method: 'POST', path: '/invoices', body: invoiceXml({ supplierVat: s.vat }), shopId: s.uid, timeoutMs: 20_000 });
const findSent = (uid: string, s: { uid: string; vat: string }) => h.proxy(uid, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=12&sender=${s.vat}`, shopId: s.uid });
const registryFields = (s: { uid: string; vat: string }) => ({ fiscal_id: s.vat, name: 'Negozio', email: `${s.uid}@example.test`, apply_signature: false, apply_legal_storage: false });
const sdiCalls = (s: { uid: string; vat: string }) => [
  ['send', () => send(s.uid, s)],
  ['findSent', () => findSent(s.uid, s)],
  ['GET registry', () => h.proxy(s.uid, { service: 'sdi', method: 'GET', path: `/business_registry_configurations/${s.vat}`, shopId: s.uid })],
  ['POST registry', () => h.proxy(s.uid, { service: 'sdi', method: 'POST', path: '/business_registry_configurations', body: JSON.stringify(registryFields(s)), shopId: s.uid })],
  ['POST api configuration', () => h.proxy(s.uid, { service: 'sdi', method: 'POST', path: '/api_configurations', body: JSON.stringify({ ...registryFields(s), callbacks: [{ event: 'supplier-invoice' }] }), shopId: s.uid })],
] as const;

function expectRefused(reply: CallableReply, message: string, what = ''): void {
  expect({ what, status: reply.status, error: reply.error }).toEqual({ what, status: 403, error: { status: 'PERMISSION_DENIED', message } });
}

/** Not one request reached the provider stub since the test began. */
async function nothingAtTheProvider(): Promise<void> {
  expect((await h.stubCalls('*')).map((c) => JSON.stringify(c).slice(0, 200))).toEqual([]);
}

async function quotaTaken(shopId: string): Promise<number> {
  return (await db.collection('ProxyQuota').where('shopId', '==', shopId).count().get()).data().count;
}

beforeAll(async () => {
  h = await startHarness('provider-proxy-packs');
  db = h.db;
  for (const s of SHOPS) await h.createUser(s.uid, 'shop');
  await h.createUser(TECH, 'tech');
  await h.createUser(ADMIN, 'admin');
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  await db.doc(`Pack/${INVOICING_FIXTURE.packId}`).set({ name: 'fatturazione', price: 12 });
  await db.doc('Pack/pk-magazzino').set({ name: 'magazzino', price: 6 });
  await db.doc(`Plan/pk-plus`).set({ name: 'Plus', price: 39, tier: 'plus', includedPacks: [INVOICING_FIXTURE.packId, 'pk-magazzino'] });
  await db.doc(`Plan/pk-standard`).set({ name: 'Standard', price: 29, tier: 'standard', includedPacks: ['pk-magazzino'] });
  // Older deployments: the plan only in the lower-case collection, its packs under `packs`, the price as text.
  await db.doc(`plan/pk-pro-${run}`).set({ name: 'Pro', price: '35,00', packs: ['pk-magazzino'] });
  const subscription = (s: { uid: string }, data: Record<string, unknown>) => db.doc(`ShopSubscription/sub-${s.uid}`).set({ shopId: s.uid, userId: s.uid, ...data });
  await subscription(EXPIRED, { plan: 'pk-plus', packs: [], status: 'active', startingDate: at(-120), expiringDate: at(-20) });
  await subscription(GRACE, { plan: 'pk-plus', packs: [], status: 'active', startingDate: at(-95), expiringDate: at(-5) });
  await subscription(NO_PACK, { plan: 'pk-standard', packs: [], status: 'active', startingDate: at(-10), expiringDate: at(80) });
  await subscription(PROPOSED, { plan: 'pk-plus', packs: [INVOICING_FIXTURE.packId], status: 'proposed', proposedStartingDate: at(1), proposedExpiringDate: at(90), proposedPrice: 39 });
  // Legacy record: startDate, no status, the extra pack by name in capitals.
  await db.doc(`ShopSubscription/sub-${LEGACY.uid}`).set({ userId: LEGACY.uid, plan: `pk-pro-${run}`, packs: ['FATTURAZIONE'], startDate: at(-200), expiringDate: at(40), price: '35' });
  await db.doc(`ShopSubscription/sub-${LEGACY_EXPIRED.uid}`).set({ userId: LEGACY_EXPIRED.uid, plan: `pk-pro-${run}`, packs: ['Fatturazione'], startDate: at(-300).toISOString(), expiringDate: at(-16).toISOString() });
  for (const s of SHOPS) {
    await db.doc(`Shop/${s.uid}`).set({ userId: s.uid, name: `Negozio ${s.uid}`, technicians: [TECH], settings: { pIva: s.vat }, ...(s === NO_SUB ? {} : { subscriptionId: `sub-${s.uid}` }) });
    await db.doc(`FiscalId/${s.vat}`).set({ shopId: s.uid, createdBy: ADMIN, createdAt: new Date() });
  }
});

beforeEach(async () => {
  await h.resetStubLog();
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await h?.close();
});

describe('providerProxy refuses the SDI for a shop that does not pay for invoicing', () => {
  it('expired past the grace: every SDI call refused with the message, the provider not called, no quota taken', async () => {
    for (const [what, call] of sdiCalls(EXPIRED)) {
      expectRefused(await call(), EXPIRED_MESSAGE, what);
    }
    await nothingAtTheProvider();
    expect(await quotaTaken(EXPIRED.uid)).toBe(0);
  });

  it("refuses the shop's technician and an admin the same way (the provider bills per shop)", async () => {
    for (const uid of [TECH, ADMIN]) expectRefused(await send(uid, EXPIRED), EXPIRED_MESSAGE);
    await nothingAtTheProvider();
  });

  it('keeps the company lookup open to the expired shop', async () => {
    const reply = await h.proxy(EXPIRED.uid, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId: EXPIRED.uid, timeoutMs: 20_000 });
    expect([reply.status, reply.result?.kind, reply.result?.status]).toEqual([200, 'answer', 200]);
    expect(await h.stubCalls('GET /IT-aml/{vat}')).toHaveLength(1);
  });

  it('in the 15-day grace the shop still sends', async () => {
    const reply = await send(GRACE.uid, GRACE);
    expect([reply.status, reply.result?.status, reply.error]).toEqual([200, 200, undefined]);
    expect(await h.stubCalls('POST /invoices')).toHaveLength(1);
  });

  it('a plan without the pack, no subscription, or only a renewal proposal: refused with their message', async () => {
    expectRefused(await send(NO_PACK.uid, NO_PACK), NO_PACK_MESSAGE);
    expectRefused(await findSent(NO_PACK.uid, NO_PACK), NO_PACK_MESSAGE);
    expectRefused(await send(NO_SUB.uid, NO_SUB), NO_SUB_MESSAGE);
    expectRefused(await send(PROPOSED.uid, PROPOSED), NO_SUB_MESSAGE);
    await nothingAtTheProvider();
  });

  it('reads the legacy shapes as the app does: startDate, the lower-case plan, a pack by name; dates as text', async () => {
    const reply = await send(LEGACY.uid, LEGACY);
    expect([reply.status, reply.result?.status, reply.error]).toEqual([200, 200, undefined]);
    expectRefused(await send(LEGACY_EXPIRED.uid, LEGACY_EXPIRED), EXPIRED_MESSAGE);
  });
});

describe('the server decides as the app decides', () => {
  it.each(SHOPS.map((s) => [s.uid, s] as const))('%s', async (_label, s) => {
    const server = await shopPackAccess(db, s.uid, 'Fatturazione');
    await signInWithEmailAndPassword(auth(), `${s.uid}@example.test`, PASSWORD);
    const chain = await loadSubscriptionBundle(s.uid);
    const client = packAccess(chain.ok ? chain.bundle : undefined, 'Fatturazione', new Date());
    expect(server).toEqual(client);
    const expected = s === GRACE || s === LEGACY ? { allowed: true } : { allowed: false };
    expect(server).toMatchObject(expected);
    if (!server.allowed) expect(server.message).toBe(packAccessMessage('Fatturazione', server.reason));
  });
});
