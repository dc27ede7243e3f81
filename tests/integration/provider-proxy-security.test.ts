/**
 * providerProxy (functions/src/provider-proxy.ts) in the Functions emulator, against the provider stub, for the
 * secrets, the fiscal identity (the proxy's half) and the rate limit:
 * - No answer carries a secret: every whitelisted call (and an error, and an unreadable body) comes back without the
 *   provider tokens or the webhook's secret, in status, body or headers — while the fields the app reads survive.
 * - The fiscal identity comes from the FiscalId registry, never from the Shop document's P.IVA fields.
 * - Calls per shop are limited per minute and per day (counters in ProxyQuota), before the provider is called.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleProviderProxy, type ProxyConfig } from '../../functions/src/provider-proxy.ts';
import { answerBody, answerHeaders, companyShape, foundShape, REDACTED, scrub, secretForms, UNREADABLE_BODY } from '../../functions/src/proxy-answers.ts';
import { LOCAL_FUNCTION_SECRETS } from '../../scripts/lib/emulators.ts';
import { DEFAULT_TOKEN } from '../../scripts/provider-stub/server.ts';
import { invoiceXml } from '../stub/helpers.ts';
import { grantInvoicing, partitaIva, startHarness, type CallableReply, type Harness } from './proxy-harness.ts';

const run = `${Date.now()}`;
const A = `sec-a-${run}`;
const B = `sec-b-${run}`;
const UNVERIFIED = `sec-u-${run}`;
const SHARED = `sec-s-${run}`;
const LIMITED = `sec-l-${run}`;
const NEIGHBOUR = `sec-n-${run}`;
const DAILY = `sec-d-${run}`;
const TECH = `sec-tech-${run}`;
const ADMIN = `sec-admin-${run}`;
const VAT_A = partitaIva('0715243016');
const VAT_B = partitaIva('0928374015');
const VAT_U = partitaIva('0531642019');

/** Every secret the proxy holds: the bearer tokens (the stub's own) and the webhook's Authorization, whole and bare. */
const SECRETS = [DEFAULT_TOKEN, LOCAL_FUNCTION_SECRETS.SDI_API_TOKEN, LOCAL_FUNCTION_SECRETS.COMPANY_API_TOKEN, LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH, LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH.replace(/^Bearer\s+/, '')];
const UNVERIFIED_MESSAGE = "La partita IVA del negozio non è ancora verificata: chiedi al tecnico o all'amministratore.";

let h: Harness;
let db: Firestore;

/** The XML with a CodiceFiscale for the seller (CedentePrestatore's is the first IdFiscaleIVA of the document). */
function withSellerCf(xml: string, cf: string): string {
  return xml.replace('</IdFiscaleIVA>', `</IdFiscaleIVA>\n        <CodiceFiscale>${cf}</CodiceFiscale>`);
}

function expectNoSecret(what: string, reply: CallableReply): void {
  const everything = JSON.stringify(reply);
  for (const secret of SECRETS) expect(everything.includes(secret), `${what}: ${secret} in ${everything.slice(0, 400)}`).toBe(false);
}

const send = (uid: string, shopId: string, xml: string) => h.proxy(uid, { service: 'sdi', method: 'POST', path: '/invoices', body: xml, shopId, timeoutMs: 20_000 });
const parsed = (reply: CallableReply): { data: unknown; success?: boolean; message?: string; error?: unknown } => JSON.parse(reply.result?.body ?? '') as { data: unknown };

beforeAll(async () => {
  h = await startHarness('provider-proxy-security');
  db = h.db;
  for (const uid of [A, B, UNVERIFIED, SHARED, LIMITED, NEIGHBOUR, DAILY]) await h.createUser(uid, 'shop');
  await h.createUser(TECH, 'tech');
  await h.createUser(ADMIN, 'admin');
  await db.doc(`Shop/${A}`).set({ userId: A, name: 'Colombo', technicians: [TECH], settings: { pIva: VAT_A } });
  // B typed A's P.IVA into its own fields: the registry says B holds VAT_B.
  await db.doc(`Shop/${B}`).set({ userId: B, name: 'Impostore', settings: { pIva: VAT_A }, pIva: VAT_A, vatNumber: VAT_A, partitaIva: VAT_A, codiceFiscale: VAT_A });
  await db.doc(`Shop/${UNVERIFIED}`).set({ userId: UNVERIFIED, name: 'Nuovo', settings: { pIva: VAT_U } });
  await db.doc(`Shop/${SHARED}`).set({ userId: SHARED, name: 'Colombo, seconda sede', settings: {} });
  for (const shop of [LIMITED, NEIGHBOUR, DAILY]) await db.doc(`Shop/${shop}`).set({ userId: shop, name: 'Limitato', technicians: [TECH], settings: {} });
  const at = new Date();
  await db.doc(`FiscalId/${VAT_A}`).set({ shopId: A, sharedWith: [SHARED], createdBy: ADMIN, createdAt: at });
  await db.doc(`FiscalId/${VAT_B}`).set({ shopId: B, createdBy: ADMIN, createdAt: at });
  // Every fixture shop pays for invoicing (the proxy's pack check: provider-proxy-packs.test.ts).
  await grantInvoicing(db, [A, B, UNVERIFIED, SHARED, LIMITED, NEIGHBOUR, DAILY]);
});

beforeEach(async () => {
  await h.resetStubLog();
});

afterAll(async () => {
  await h?.close();
});

describe('providerProxy: no answer carries a secret', () => {
  it('every whitelisted call, an error and an unreadable body come back without tokens or the webhook secret', async () => {
    const replies: [string, CallableReply][] = [];
    const sent = await send(A, A, invoiceXml({ supplierVat: VAT_A, numero: '71' }));
    replies.push(['send', sent]);
    const uuid = (parsed(sent).data as { uuid: string }).uuid;
    expect(uuid).toMatch(/\S/);
    const found = await h.proxy(A, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=71&sender=${VAT_A}`, shopId: A });
    replies.push(['findSent', found]);
    expect(parsed(found).data).toEqual([expect.objectContaining({ uuid, marking: 'sent', sdi_file_name: expect.stringMatching(/\.xml$/) as unknown })]);

    const fields = { fiscal_id: VAT_A, name: 'Colombo', email: `sec-${run}@example.test`, apply_signature: false, apply_legal_storage: false };
    const missing = await h.proxy(TECH, { service: 'sdi', method: 'GET', path: `/business_registry_configurations/${VAT_A}`, shopId: A });
    replies.push(['GET registry (404)', missing]);
    expect([missing.result?.status, parsed(missing).message]).toEqual([404, 'Fiscal ID not found or not registered']);
    const created = await h.proxy(TECH, { service: 'sdi', method: 'POST', path: '/business_registry_configurations', body: JSON.stringify(fields), shopId: A });
    replies.push(['POST registry', created]);
    const read = await h.proxy(TECH, { service: 'sdi', method: 'GET', path: `/business_registry_configurations/${VAT_A}`, shopId: A });
    replies.push(['GET registry', read]);
    expect(parsed(read).data).toMatchObject({ fiscal_id: VAT_A, name: 'Colombo', email: fields.email, apply_signature: false, apply_legal_storage: false, active: true });
    const callbacks = [{ event: 'supplier-invoice', url: 'https://x.example' }, { event: 'customer-notification', url: 'https://x.example' }];
    const api = await h.proxy(TECH, { service: 'sdi', method: 'POST', path: '/api_configurations', body: JSON.stringify({ ...fields, callbacks }), shopId: A });
    replies.push(['POST api_configurations', api]);
    expect([api.result?.status, parsed(api).success]).toEqual([200, true]);
    // The provider itself still receives the secret it must send back to the webhook.
    const stored = (await h.stubCalls('POST /api_configurations'))[0]?.json as { callbacks: { auth_header: string }[] };
    expect(stored.callbacks.map((c) => c.auth_header)).toEqual([LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH, LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH]);
    // The same answer cut in half (not JSON): the secret must not come back in the text either.
    await h.failNext('POST /api_configurations', 'malformed');
    const cut = await h.proxy(TECH, { service: 'sdi', method: 'POST', path: '/api_configurations', body: JSON.stringify({ ...fields, callbacks }), shopId: A });
    replies.push(['POST api_configurations (unreadable)', cut]);
    expect(() => JSON.parse(cut.result?.body ?? '') as unknown).toThrow();

    const company = await h.proxy(A, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId: A, timeoutMs: 20_000 });
    replies.push(['IT-aml', company]);
    expect((parsed(company).data as { companyDetails: { companyName: string } }).companyDetails.companyName).toMatch(/\S/);
    const slow = await h.proxy(A, { service: 'company', method: 'GET', path: '/IT-aml/02841750967', shopId: A, timeoutMs: 20_000 });
    replies.push(['IT-aml (slow)', slow]);
    const checkId = (parsed(slow).data as { id: string }).id;
    expect(slow.result?.headers?.['retry-after']).toBe('1');
    const check = await h.proxy(A, { service: 'company', method: 'GET', path: `/IT-check_id/${checkId}`, shopId: A, timeoutMs: 20_000 });
    replies.push(['IT-check_id', check]);
    expect((parsed(check).data as { state: string }).state).toBe('PENDING');

    await h.failNext('POST /invoices', 'http402');
    const refused = await send(A, A, invoiceXml({ supplierVat: VAT_A, numero: '72' }));
    replies.push(['send (402)', refused]);
    expect([refused.result?.status, parsed(refused).message, parsed(refused).error]).toEqual([402, 'Billing error message: Insufficient Credit in Wallet: code 810', 611]);

    for (const [what, reply] of replies) expectNoSecret(what, reply);
  });
});

describe('the answer shaping (functions/src/proxy-answers.ts, pure)', () => {
  const secrets = secretForms(['tok-123456', 'Bearer hook-secret-9']);

  it("findSent keeps only the shop's own invoices (the provider's sender), with the fields the app reads", () => {
    const body = JSON.stringify({
      data: [
        { uuid: 'u1', marking: 'sent', created_at: 't', sdi_file_name: 'f.xml', notice: null, payload: '<xml/>', sender: { business_vat_number_code: VAT_A, business_fiscal_code: '' } },
        { uuid: 'u2', marking: 'sent', sender: { business_vat_number_code: VAT_B } },
        { uuid: 'u3', marking: 'sent', sender: { business_vat_number_code: '', business_fiscal_code: 'IT' + VAT_A } },
        { uuid: 'u4', marking: 'sent' },
      ],
      success: true,
      message: '',
      error: null,
    });
    expect(JSON.parse(answerBody(body, foundShape, new Set([VAT_A]), secrets))).toEqual({
      data: [{ uuid: 'u1', marking: 'sent', created_at: 't', sdi_file_name: 'f.xml', notice: null }, { uuid: 'u3', marking: 'sent' }],
      success: true,
      message: '',
      error: null,
    });
  });

  it('keeps what the company form reads, an empty answer empty and the slow path readable', () => {
    const company = { companyDetails: { vatCode: VAT_A, taxCode: VAT_A, companyName: 'X', reaCode: 'MI-1' }, address: { streetName: 'Via', zipCode: '20100', town: 'Milano', province: { code: 'MI', description: 'Milano' }, country: { code: 'IT' } }, managers: [{ companyName: 'Holding', taxCode: '1' }, { name: 'Anna', surname: 'Colombo', birthDate: '1970-01-01T00:00:00', isLegalRepresentative: true, taxCode: 'CLMNNA' }], ecofin: { turnover: 1 } };
    expect(companyShape(company, new Set())).toEqual({ companyDetails: { vatCode: VAT_A, taxCode: VAT_A, companyName: 'X' }, address: { streetName: 'Via', zipCode: '20100', town: 'Milano', province: { code: 'MI' }, country: { code: 'IT' } }, managers: [{ name: 'Anna', surname: 'Colombo', birthDate: '1970-01-01T00:00:00', isLegalRepresentative: true }] });
    expect(companyShape({}, new Set())).toEqual({});
    expect(companyShape({ state: 'PENDING', id: 'chk-1' }, new Set())).toEqual({ state: 'PENDING', id: 'chk-1' });
  });

  it('the last guard: credential-like keys dropped at any depth, secrets redacted in messages, headers and unreadable bodies', () => {
    expect(scrub({ a: [{ auth_header: 'x', Authorization: 'y', authHeader: 'z', access_token: 't', keep: 'Bearer hook-secret-9' }] }, secrets)).toEqual({ a: [{ keep: REDACTED }] });
    const refused = answerBody(JSON.stringify({ data: null, success: false, message: 'token tok-123456 not valid (hook-secret-9)', error: 401 }), foundShape, new Set(), secrets);
    expect(JSON.parse(refused)).toEqual({ data: null, success: false, message: `token ${REDACTED} not valid (${REDACTED})`, error: 401 });
    expect(answerHeaders({ location: '/IT-check_id/1?auth=tok-123456', 'retry-after': '1' }, secrets)).toEqual({ location: `/IT-check_id/1?auth=${REDACTED}`, 'retry-after': '1' });
    expect(answerBody('{"data":[{"auth_header":"Bearer hook-se', foundShape, new Set(), secrets)).toBe(UNREADABLE_BODY);
    expect(answerBody('', foundShape, new Set(), secrets)).toBe('');
  });
});

describe('providerProxy: the fiscal identity comes from the FiscalId registry', () => {
  it("refuses a shop whose own fields carry another company's P.IVA: the registry names another holder", async () => {
    const sent = await send(B, B, invoiceXml({ supplierVat: VAT_A }));
    expect([sent.error?.status, sent.error?.message]).toEqual(['PERMISSION_DENIED', 'Il cedente della fattura non è il negozio.']);
    const config = await h.proxy(B, { service: 'sdi', method: 'GET', path: `/business_registry_configurations/${VAT_A}`, shopId: B });
    expect(config.error?.status).toBe('PERMISSION_DENIED');
    const found = await h.proxy(B, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=71&sender=${VAT_A}`, shopId: B });
    expect(found.error?.status).toBe('PERMISSION_DENIED');
    // Its registered P.IVA works.
    const own = await send(B, B, invoiceXml({ supplierVat: VAT_B }));
    expect(own.result?.status).toBe(200);
    expect(await h.stubCalls('POST /invoices')).toHaveLength(1);
  });

  it("refuses an invoice whose IdCodice is another company's even when its CodiceFiscale is the shop's", async () => {
    const mixed = await send(A, A, withSellerCf(invoiceXml({ supplierVat: VAT_B, buyerVat: VAT_U }), VAT_A));
    expect([mixed.error?.status, mixed.error?.message]).toEqual(['PERMISSION_DENIED', 'Il cedente della fattura non è il negozio.']);
    const reversed = await send(A, A, withSellerCf(invoiceXml({ supplierVat: VAT_A, buyerVat: VAT_U }), VAT_B));
    expect(reversed.error?.status).toBe('PERMISSION_DENIED');
    expect(await h.stubCalls('POST /invoices')).toHaveLength(0);
    const both = await send(A, A, withSellerCf(invoiceXml({ supplierVat: VAT_A, buyerVat: VAT_U, numero: '73' }), VAT_A));
    expect(both.result?.status).toBe(200);
  });

  it('refuses a shop with no registry entry (send, configuration, findSent) with the Italian message; its company lookup still works', async () => {
    const sent = await send(UNVERIFIED, UNVERIFIED, invoiceXml({ supplierVat: VAT_U }));
    expect([sent.error?.status, sent.error?.message]).toEqual(['FAILED_PRECONDITION', UNVERIFIED_MESSAGE]);
    const body = JSON.stringify({ fiscal_id: VAT_U, name: 'Nuovo', email: `u-${run}@example.test`, apply_signature: false, apply_legal_storage: false });
    for (const call of [
      { method: 'POST', path: '/business_registry_configurations', body },
      { method: 'GET', path: `/business_registry_configurations/${VAT_U}` },
      { method: 'POST', path: '/api_configurations', body: JSON.stringify({ fiscal_id: VAT_U, callbacks: [{ event: 'supplier-invoice', url: 'https://x.example' }] }) },
      { method: 'GET', path: `/invoices?type=0&invoiceNumber=1&sender=${VAT_U}` },
    ]) {
      const refused = await h.proxy(UNVERIFIED, { service: 'sdi', ...call, shopId: UNVERIFIED });
      expect([call.path, refused.error?.status, refused.error?.message]).toEqual([call.path, 'FAILED_PRECONDITION', UNVERIFIED_MESSAGE]);
    }
    expect(await h.stubCalls('*')).toHaveLength(0);
    const lookup = await h.proxy(UNVERIFIED, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId: UNVERIFIED, timeoutMs: 20_000 });
    expect(lookup.result?.status).toBe(200);
  });

  it('lets a shop send under a P.IVA an admin shared with it (sharedWith)', async () => {
    const sent = await send(SHARED, SHARED, invoiceXml({ supplierVat: VAT_A, numero: '74' }));
    expect(sent.result?.status).toBe(200);
    const found = await h.proxy(SHARED, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=74&sender=${VAT_A}`, shopId: SHARED });
    expect((parsed(found).data as unknown[]).length).toBe(1);
    const foreign = await send(SHARED, SHARED, invoiceXml({ supplierVat: VAT_B }));
    expect(foreign.error?.status).toBe('PERMISSION_DENIED');
  });
});

/** The quota documents of a shop for a minute and its day, Italian time (ProxyQuota/{shopId}_{yyyyMMddHHmm}, _{yyyyMMdd}). */
function quotaIds(shopId: string, at: Date): { minute: string; day: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
  const day = `${parts.year ?? ''}${parts.month ?? ''}${parts.day ?? ''}`;
  return { minute: `${shopId}_${day}${parts.hour ?? ''}${parts.minute ?? ''}`, day: `${shopId}_${day}` };
}

/** Waits for a fresh minute when the current one is about to end, so a short burst stays within one minute. */
async function freshMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe('providerProxy: calls per shop are limited', () => {
  const MINUTE = 'Troppe richieste al provider per questo negozio: riprova tra un minuto.';
  const DAY = 'Troppe richieste al provider per questo negozio: riprova domani.';

  /** handleProviderProxy in-process (on the same emulators and stub) with small limits. */
  function config(limits: { perMinute: number; perDay: number }): ProxyConfig {
    return {
      sdi: { baseUrl: h.stub.url, token: DEFAULT_TOKEN },
      company: { baseUrl: h.stub.url, token: DEFAULT_TOKEN },
      webhook: { url: 'http://127.0.0.1:1/sdiCallback', authHeader: 'Bearer in-process' },
      loadSchemas: () => Promise.reject(new Error('not used')),
      limits,
    };
  }
  const lookup = (uid: string, shopId: string, limits: { perMinute: number; perDay: number }) => handleProviderProxy(db, uid, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId }, config(limits));
  const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: unknown) => `${String((error as { code?: string }).code)}: ${(error as Error).message}`);

  it('refuses the (limit+1)-th call of a shop in a minute without calling the provider (admins count on the shop); other shops are not affected', async () => {
    await freshMinute();
    const limits = { perMinute: 3, perDay: 100 };
    for (let i = 0; i < 3; i += 1) expect((await lookup(LIMITED, LIMITED, limits)).kind).toBe('answer');
    expect(await refusal(lookup(LIMITED, LIMITED, limits))).toBe(`resource-exhausted: ${MINUTE}`);
    expect(await refusal(lookup(ADMIN, LIMITED, limits))).toBe(`resource-exhausted: ${MINUTE}`);
    expect(await h.stubCalls('GET /IT-aml/{vat}')).toHaveLength(3);
    expect((await lookup(NEIGHBOUR, NEIGHBOUR, limits)).kind).toBe('answer');
    expect((await lookup(ADMIN, NEIGHBOUR, limits)).kind).toBe('answer');
    expect(await h.stubCalls('GET /IT-aml/{vat}')).toHaveLength(5);
  });

  it('refuses past the daily limit with its own message', async () => {
    await freshMinute();
    const limits = { perMinute: 100, perDay: 2 };
    expect((await lookup(TECH, DAILY, limits)).kind).toBe('answer');
    expect((await lookup(DAILY, DAILY, limits)).kind).toBe('answer');
    expect(await refusal(lookup(DAILY, DAILY, limits))).toBe(`resource-exhausted: ${DAY}`);
    expect(await h.stubCalls('GET /IT-aml/{vat}')).toHaveLength(2);
  });

  it('the deployed function refuses with RESOURCE_EXHAUSTED once the minute counter is at the limit, counters kept where clients cannot reach them', async () => {
    const now = new Date();
    for (const at of [now, new Date(now.getTime() + 60_000)]) await db.doc(`ProxyQuota/${quotaIds(UNVERIFIED, at).minute}`).set({ shopId: UNVERIFIED, count: 30 });
    const refused = await h.proxy(UNVERIFIED, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', shopId: UNVERIFIED });
    expect([refused.error?.status, refused.error?.message]).toEqual(['RESOURCE_EXHAUSTED', MINUTE]);
    expect(await h.stubCalls('*')).toHaveLength(0);
    // The day counter moved with the accepted calls of this file (the lookup above in the §2 test).
    expect((await db.doc(`ProxyQuota/${quotaIds(UNVERIFIED, now).day}`).get()).get('count')).toBeGreaterThanOrEqual(1);
  });
});
