/**
 * providerProxy (functions/src/provider-proxy.ts) in the Functions emulator, called over the callable protocol with
 * real Auth-emulator ID tokens, forwarding to the provider stub (started on PROVIDER_STUB_PORT, where the launcher
 * pointed SDI_API_BASE_URL and COMPANY_API_BASE_URL; the token is the launcher's local secret, the stub's own).
 * Who may call it for a shop (owner, its technician, admin: yes; another shop's owner, signed out: no), the
 * FatturaPA pre-flight before the provider is called, the provider's answers (and failures) passed back with what the
 * app reads, and the API configuration's callbacks pointed at our webhook with its secret. The shops' fiscal ids are
 * in the FiscalId registry (the proxy trusts nothing else); secrets, the registry's refusals and the rate limit are in
 * provider-proxy-security.test.ts.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_FUNCTION_SECRETS } from '../../scripts/lib/emulators.ts';
import { DEFAULT_TOKEN, startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';
import { invoiceXml } from '../stub/helpers.ts';
import { grantInvoicing } from './proxy-harness.ts';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
const PASSWORD = 'Proxy!2026';
const run = `${Date.now()}`;
const SHOP = `px-shop-${run}`;
const OTHER = `px-other-${run}`;
const TECH = `px-tech-${run}`;
const ADMIN = `px-admin-${run}`;
const ACCOUNTANT = `px-acc-${run}`;
const SHOP_VAT = '04821730159';
const OTHER_VAT = '02684190370';

let admin: App;
let stub: ProviderStub;
const tokens = new Map<string, string>();

async function tokenOf(uid: string): Promise<string> {
  const cached = tokens.get(uid);
  if (cached) return cached;
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${uid}@example.test`, password: PASSWORD, returnSecureToken: true }),
  });
  const token = ((await res.json()) as { idToken: string }).idToken;
  tokens.set(uid, token);
  return token;
}

interface ProxyResult {
  kind: 'answer' | 'no-answer';
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  reason?: string;
}

async function proxy(uid: string | null, data: Record<string, unknown>): Promise<{ status: number; result?: ProxyResult; error?: { status: string; message: string } }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (uid) headers.Authorization = `Bearer ${await tokenOf(uid)}`;
  const res = await fetch(`${FUNCTIONS_URL ?? ''}/providerProxy`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: res.status, ...((await res.json()) as { result?: ProxyResult; error?: { status: string; message: string } }) };
}

const send = (uid: string | null, xml = invoiceXml({ supplierVat: SHOP_VAT }), shopId = SHOP) => proxy(uid, { service: 'sdi', method: 'POST', path: '/invoices', body: xml, shopId, timeoutMs: 20_000 });

/** The provider calls the stub logged for a route since the test began. */
async function stubCalls(route: string): Promise<{ status: number | null; headers: Record<string, string>; json: unknown }[]> {
  const res = await fetch(`${stub.url}/__stub/requests?route=${encodeURIComponent(route)}`);
  return ((await res.json()) as { requests: { status: number | null; headers: Record<string, string>; json: unknown }[] }).requests;
}

async function failNext(route: string, mode: string): Promise<void> {
  const res = await fetch(`${stub.url}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route, mode, times: 1 }) });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  if (!FUNCTIONS_URL || !process.env.PROVIDER_STUB_PORT) throw new Error('Avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  stub = await startProviderStub({ port: Number(process.env.PROVIDER_STUB_PORT), host: '127.0.0.1' });
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'provider-proxy-function');
  const db = getFirestore(admin);
  const users: [string, string][] = [[SHOP, 'shop'], [OTHER, 'shop'], [TECH, 'tech'], [ADMIN, 'admin'], [ACCOUNTANT, 'accountant']];
  for (const [uid, level] of users) {
    await getAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD });
    await db.doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
  }
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Ferramenta Colombo', technicians: [TECH], accountants: [ACCOUNTANT], settings: { pIva: SHOP_VAT } });
  await db.doc(`Shop/${OTHER}`).set({ userId: OTHER, name: 'Profumeria', settings: { pIva: OTHER_VAT } });
  await db.doc(`FiscalId/${SHOP_VAT}`).set({ shopId: SHOP, createdBy: ADMIN, createdAt: new Date() });
  await db.doc(`FiscalId/${OTHER_VAT}`).set({ shopId: OTHER, createdBy: ADMIN, createdAt: new Date() });
  // Both pay for invoicing (the proxy's pack check: provider-proxy-packs.test.ts).
  await grantInvoicing(db, [SHOP, OTHER]);
});

beforeEach(async () => {
  await fetch(`${stub.url}/__stub/requests`, { method: 'DELETE' });
  await fetch(`${stub.url}/__stub/fail`, { method: 'DELETE' });
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
  await stub?.close();
});

describe('providerProxy: who may send for a shop', () => {
  it("sends the shop owner's invoice to the provider with the secret token and returns the provider's answer", async () => {
    const answer = await send(SHOP);
    expect(answer.status).toBe(200);
    expect(answer.result).toMatchObject({ kind: 'answer', status: 200 });
    const body = JSON.parse(answer.result?.body ?? '') as { data: { uuid: string }; success: boolean };
    expect(body.success).toBe(true);
    expect(body.data.uuid).toMatch(/\S/);
    const calls = await stubCalls('POST /invoices');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${DEFAULT_TOKEN}`);
    expect(calls[0]?.headers['content-type']).toBe('application/xml');
  });

  it("accepts the shop's technician and an admin", async () => {
    for (const uid of [TECH, ADMIN]) {
      const answer = await send(uid);
      expect([uid, answer.status, answer.result?.status]).toEqual([uid, 200, 200]);
    }
    expect(await stubCalls('POST /invoices')).toHaveLength(2);
  });

  it("refuses another shop's owner, the shop's accountant and a signed-out caller, without calling the provider", async () => {
    const other = await send(OTHER);
    expect([other.status, other.error?.status, other.error?.message]).toEqual([403, 'PERMISSION_DENIED', 'Non hai accesso a questo negozio.']);
    const accountant = await send(ACCOUNTANT);
    expect(accountant.error?.status).toBe('PERMISSION_DENIED');
    const signedOut = await send(null);
    expect([signedOut.status, signedOut.error?.status, signedOut.error?.message]).toEqual([401, 'UNAUTHENTICATED', 'Accesso richiesto.']);
    expect(await stubCalls('POST /invoices')).toHaveLength(0);
  });

  it('refuses an invoice that fails the FatturaPA pre-flight, or whose seller is not the shop, without calling the provider', async () => {
    const noNumber = invoiceXml({ supplierVat: SHOP_VAT, numero: '' });
    const invalid = await send(SHOP, noNumber);
    expect([invalid.status, invalid.error?.status]).toEqual([400, 'FAILED_PRECONDITION']);
    expect(invalid.error?.message).toMatch(/^La fattura non supera i controlli FatturaPA: .*Numero/);
    const broken = await send(SHOP, '<p:FatturaElettronica><rotto>');
    expect(broken.error?.status).toBe('FAILED_PRECONDITION');
    expect(broken.error?.message).toContain('non è ben formato');
    const foreign = await send(SHOP, invoiceXml({ supplierVat: OTHER_VAT, buyerVat: SHOP_VAT }));
    expect([foreign.error?.status, foreign.error?.message]).toEqual(['PERMISSION_DENIED', 'Il cedente della fattura non è il negozio.']);
    expect(await stubCalls('POST /invoices')).toHaveLength(0);
  });

  it("looks up the shop's own sent invoice by number (findSent), and no one else's", async () => {
    const sent = await send(SHOP);
    const uuid = (JSON.parse(sent.result?.body ?? '') as { data: { uuid: string } }).data.uuid;
    const found = await proxy(SHOP, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=12&sender=${SHOP_VAT}`, shopId: SHOP });
    expect(found.result?.status).toBe(200);
    expect((JSON.parse(found.result?.body ?? '') as { data: { uuid: string }[] }).data.map((i) => i.uuid)).toContain(uuid);
    const foreign = await proxy(SHOP, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=12&sender=${OTHER_VAT}`, shopId: SHOP });
    expect(foreign.error?.status).toBe('PERMISSION_DENIED');
  });

  it('refuses calls the app does not make', async () => {
    const list = await proxy(SHOP, { service: 'sdi', method: 'GET', path: '/invoices?type=1', shopId: SHOP });
    expect([list.error?.status, list.error?.message]).toEqual(['INVALID_ARGUMENT', 'Operazione del provider non consentita.']);
    const everything = await proxy(SHOP, { service: 'sdi', method: 'GET', path: `/invoices?type=0&sender=${SHOP_VAT}`, shopId: SHOP });
    expect(everything.error?.status).toBe('INVALID_ARGUMENT');
    const escape = await proxy(SHOP, { service: 'company', method: 'GET', path: '/IT-aml/../../invoices', shopId: SHOP });
    expect(escape.error?.status).toBe('INVALID_ARGUMENT');
    expect(await stubCalls('*')).toHaveLength(0);
  });
});

describe("providerProxy: the provider's answers", () => {
  it("passes a failing provider's answer through (status, and the envelope as the provider sent it)", async () => {
    for (const mode of ['http500', 'http402']) {
      await failNext('POST /invoices', mode);
      const direct = await fetch(`${stub.url}/invoices`, { method: 'POST', headers: { Authorization: `Bearer ${DEFAULT_TOKEN}`, 'Content-Type': 'application/xml' }, body: invoiceXml({ supplierVat: SHOP_VAT }) });
      const directBody = await direct.text();
      await failNext('POST /invoices', mode);
      const answer = await send(SHOP);
      expect(answer.status).toBe(200);
      expect(answer.result).toMatchObject({ kind: 'answer', status: direct.status });
      expect(JSON.parse(answer.result?.body ?? '')).toEqual(JSON.parse(directBody));
    }
    // A 2xx without a uuid and an unreadable body are the client's to judge, as in direct mode.
    await failNext('POST /invoices', 'malformed');
    const malformed = await send(SHOP);
    expect(malformed.result?.status).toBe(200);
    expect(() => JSON.parse(malformed.result?.body ?? '') as unknown).toThrow();
  });

  it("reports a provider that does not answer as 'no-answer' (the client shows direct mode's message)", async () => {
    await failNext('POST /invoices', 'network');
    const dead = await send(SHOP);
    expect(dead.result).toEqual({ kind: 'no-answer', reason: 'network' });
  });

  it('looks a company up for the shop, slow path included (Retry-After passed on)', async () => {
    const found = await proxy(SHOP, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId: SHOP, timeoutMs: 20_000 });
    expect(found.result?.status).toBe(200);
    expect((JSON.parse(found.result?.body ?? '') as { data: { companyDetails: { companyName: string } } }).data.companyDetails.companyName).toMatch(/\S/);
    const calls = await stubCalls('GET /IT-aml/{vat}');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${DEFAULT_TOKEN}`);
    const slow = await proxy(TECH, { service: 'company', method: 'GET', path: '/IT-aml/02841750967', shopId: SHOP, timeoutMs: 20_000 });
    expect(slow.result?.headers?.['retry-after']).toBe('1');
    expect((JSON.parse(slow.result?.body ?? '') as { data: { state: string } }).data.state).toBe('PENDING');
    const refused = await proxy(OTHER, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId: SHOP });
    expect(refused.error?.status).toBe('PERMISSION_DENIED');
  });
});

describe('providerProxy: the OpenAPI set-up of a shop', () => {
  it("configures the shop's own fiscal id, with the callbacks on our webhook and its secret auth header", async () => {
    const fields = { fiscal_id: SHOP_VAT, name: 'Ferramenta Colombo', email: `cfg-${run}@example.test`, apply_signature: false, apply_legal_storage: false };
    const missing = await proxy(TECH, { service: 'sdi', method: 'GET', path: `/business_registry_configurations/${SHOP_VAT}`, shopId: SHOP });
    expect(missing.result?.status).toBe(404);
    const registry = await proxy(TECH, { service: 'sdi', method: 'POST', path: '/business_registry_configurations', body: JSON.stringify(fields), shopId: SHOP });
    expect(registry.result?.status).toBe(200);
    const callbacks = [{ event: 'supplier-invoice', url: 'https://elsewhere.example/steal' }, { event: 'customer-notification', url: 'https://elsewhere.example/steal' }];
    const api = await proxy(TECH, { service: 'sdi', method: 'POST', path: '/api_configurations', body: JSON.stringify({ ...fields, callbacks }), shopId: SHOP });
    expect(api.result?.status).toBe(200);
    const sent = (await stubCalls('POST /api_configurations'))[0]?.json as { callbacks: { event: string; url: string; auth_header: string }[] };
    expect(sent.callbacks).toEqual([
      { event: 'supplier-invoice', url: `${FUNCTIONS_URL ?? ''}/sdiCallback`, auth_header: LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH },
      { event: 'customer-notification', url: `${FUNCTIONS_URL ?? ''}/sdiCallback`, auth_header: LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH },
    ]);
  });

  it("refuses another company's fiscal id", async () => {
    const body = JSON.stringify({ fiscal_id: OTHER_VAT, name: 'X', email: 'x@example.test', apply_signature: false, apply_legal_storage: false });
    const registry = await proxy(TECH, { service: 'sdi', method: 'POST', path: '/business_registry_configurations', body, shopId: SHOP });
    expect([registry.error?.status, registry.error?.message]).toEqual(['PERMISSION_DENIED', 'La partita IVA indicata non è quella del negozio.']);
    const read = await proxy(TECH, { service: 'sdi', method: 'GET', path: `/business_registry_configurations/${OTHER_VAT}`, shopId: SHOP });
    expect(read.error?.status).toBe('PERMISSION_DENIED');
    expect(await stubCalls('*')).toHaveLength(0);
  });
});
