/**
 * providerProxy records what the SDI received and forwards only what the app sends (functions/src/provider-proxy.ts,
 * functions/src/sdi-record.ts), in the Functions emulator against the provider stub:
 * - a send the provider accepts leaves SdiSubmission/{uuid} with the exact bytes the provider received, their
 *   SHA-256, the shop and the time; an answer lost on the way is recorded when findSent finds the invoice;
 * - the configuration routes forward only their allow-listed fields (signature and legal storage never switched on,
 *   no extra top-level field on the API configuration), next to the app's own set-up, which still goes through;
 * - a body over the limit is refused before it is parsed, and the quota is taken before the FatturaPA check, so
 *   refused sends count too.
 */
import { createHash } from 'node:crypto';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFatturapaSchemas } from '@/lib/fatturapa-xsd';
import { handleProviderProxy, MAX_BODY_BYTES, type ProxyConfig } from '../../functions/src/provider-proxy.ts';
import { DEFAULT_TOKEN } from '../../scripts/provider-stub/server.ts';
import { invoiceXml } from '../stub/helpers.ts';
import { grantInvoicing, partitaIva, startHarness, type Harness } from './proxy-harness.ts';

const run = `${Date.now()}`;
const SHOP = `rec-a-${run}`;
const QUOTA_SHOP = `rec-q-${run}`;
const VAT = partitaIva('0815243016');
const QUOTA_VAT = partitaIva('0815243024');
const TOO_LARGE = 'Richiesta al provider troppo grande.';

let h: Harness;
let db: Firestore;

interface LoggedRequest { route: string | null; body: string; json: unknown }
async function stubRequests(route: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${h.stub.url}/__stub/requests?route=${encodeURIComponent(route)}`);
  return ((await res.json()) as { requests: LoggedRequest[] }).requests;
}

const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
const send = (xml: string, shopId = SHOP) => h.proxy(shopId, { service: 'sdi', method: 'POST', path: '/invoices', body: xml, shopId, timeoutMs: 20_000 });
const uuidOf = (body: string | undefined) => ((JSON.parse(body ?? '{}') as { data?: { uuid?: string } }).data?.uuid ?? '');
const submission = async (uuid: string) => (await db.doc(`SdiSubmission/${uuid}`).get()).data();

beforeAll(async () => {
  h = await startHarness('provider-proxy-records');
  db = h.db;
  for (const uid of [SHOP, QUOTA_SHOP]) await h.createUser(uid, 'shop');
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Colombo', settings: { pIva: VAT } });
  await db.doc(`Shop/${QUOTA_SHOP}`).set({ userId: QUOTA_SHOP, name: 'Limitato', settings: { pIva: QUOTA_VAT } });
  await db.doc(`FiscalId/${VAT}`).set({ shopId: SHOP, createdBy: 'admin', createdAt: new Date() });
  await db.doc(`FiscalId/${QUOTA_VAT}`).set({ shopId: QUOTA_SHOP, createdBy: 'admin', createdAt: new Date() });
  await grantInvoicing(db, [SHOP, QUOTA_SHOP]);
});

beforeEach(async () => {
  await h.resetStubLog();
});

afterAll(async () => {
  await h?.close();
});

describe('the server records what the SDI received', () => {
  it('a send the provider accepts: SdiSubmission holds the bytes the provider received, their SHA-256, the uuid, the shop and the time', async () => {
    const before = Date.now();
    const xml = invoiceXml({ supplierVat: VAT, numero: `R-${run}-1` });
    const reply = await send(xml);
    expect(reply.result?.status).toBe(200);
    const uuid = uuidOf(reply.result?.body);
    expect(uuid).not.toBe('');
    const [received] = await stubRequests('POST /invoices');
    const record = await submission(uuid);
    expect(record).toMatchObject({ uuid, shopId: SHOP, xml: received?.body, sha256: sha256(received?.body ?? ''), number: `R-${run}-1`, via: 'send' });
    expect(record?.bytes).toBe(Buffer.byteLength(received?.body ?? '', 'utf8'));
    expect((record?.sentAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5000);
    // And the provider's own copy of the invoice is those bytes.
    expect(h.stub.state.invoices.get(uuid)).toBeDefined();
  });

  it('a refused send leaves no record; an unreadable answer is recorded once findSent finds the invoice by number', async () => {
    await h.failNext('POST /invoices', 'http500');
    const refused = await send(invoiceXml({ supplierVat: VAT, numero: `R-${run}-2` }));
    expect(refused.result?.status).toBe(500);
    expect((await db.collection('SdiSubmission').where('number', '==', `R-${run}-2`).get()).size).toBe(0);

    const number = `R-${run}-3`;
    const xml = invoiceXml({ supplierVat: VAT, numero: number });
    await h.failNext('POST /invoices', 'malformed');
    const lost = await send(xml);
    // The client cannot read the answer (no uuid for it); the invoice is queued at the provider all the same.
    expect(lost.result?.body?.startsWith('{')).toBe(false);
    expect((await db.collection('SdiSubmission').where('number', '==', number).get()).size).toBe(0);
    const found = await h.proxy(SHOP, { service: 'sdi', method: 'GET', path: `/invoices?type=0&invoiceNumber=${number}&sender=${VAT}`, shopId: SHOP });
    const [item] = (JSON.parse(found.result?.body ?? '{}') as { data: { uuid: string }[] }).data;
    expect(item?.uuid).toBeTruthy();
    const received = (await stubRequests('POST /invoices')).at(-1);
    expect(received?.body).toBe(xml);
    expect(await submission(item?.uuid ?? '')).toMatchObject({ shopId: SHOP, xml, sha256: sha256(xml), number, via: 'found' });
  });
});

describe('the configuration calls forward only what the app sends', () => {
  const fields = { fiscal_id: VAT, name: 'Colombo', email: `colombo-${run}@example.test`, apply_signature: false, apply_legal_storage: false };
  const registry = (body: Record<string, unknown>) => h.proxy(SHOP, { service: 'sdi', method: 'POST', path: '/business_registry_configurations', body: JSON.stringify(body), shopId: SHOP });
  const apiConfiguration = (body: Record<string, unknown>) => h.proxy(SHOP, { service: 'sdi', method: 'POST', path: '/api_configurations', body: JSON.stringify(body), shopId: SHOP });
  const callbacks = [{ event: 'supplier-invoice', url: 'https://example.test/cb' }, { event: 'customer-notification', url: 'https://example.test/cb' }];

  it('business registry: signature or legal storage switched on, or a field the app does not send, is refused before the provider', async () => {
    for (const body of [{ ...fields, apply_signature: true }, { ...fields, apply_legal_storage: true }, { ...fields, apply_legal_storage: 'true' }]) {
      const reply = await registry(body);
      expect([reply.error?.status, reply.error?.message]).toEqual(['PERMISSION_DENIED', 'Firma digitale e conservazione a norma non si attivano dal gestionale.']);
    }
    const extra = await registry({ ...fields, active: true });
    expect([extra.error?.status, extra.error?.message]).toEqual(['INVALID_ARGUMENT', 'Richiesta al provider non valida: campo non ammesso (active).']);
    expect(await stubRequests('POST /business_registry_configurations')).toHaveLength(0);
  });

  it("business registry: the app's own body goes through as the five fields, both options off", async () => {
    const reply = await registry(fields);
    expect(reply.error).toBeUndefined();
    const [received] = await stubRequests('POST /business_registry_configurations');
    expect(received?.json).toEqual(fields);
  });

  it('API configuration: an extra top-level field (another callback) is refused; the app\'s body goes through as fiscal_id and callbacks only', async () => {
    const extra = await apiConfiguration({ ...fields, callbacks, callback: { url: 'https://attacker.example/cb' } });
    expect([extra.error?.status, extra.error?.message]).toEqual(['INVALID_ARGUMENT', 'Richiesta al provider non valida: campo non ammesso (callback).']);
    const on = await apiConfiguration({ ...fields, apply_signature: true, callbacks });
    expect(on.error?.status).toBe('PERMISSION_DENIED');
    expect(await stubRequests('POST /api_configurations')).toHaveLength(0);
    const reply = await apiConfiguration({ ...fields, callbacks });
    expect(reply.error).toBeUndefined();
    const [received] = await stubRequests('POST /api_configurations');
    expect(Object.keys(received?.json as Record<string, unknown>).sort()).toEqual(['callbacks', 'fiscal_id']);
    expect((received?.json as { fiscal_id: string }).fiscal_id).toBe(VAT);
  });
});

describe('size limit and quota', () => {
  it('an XML over the limit (4.3 MB, or one byte over 1,000,000) is refused before it is parsed; a JSON body over 4 KB and a GET with a body too', async () => {
    const valid = invoiceXml({ supplierVat: VAT, numero: `R-${run}-4` });
    const pad = (size: number) => valid.replace('</p:FatturaElettronica>', `<!--${'x'.repeat(size - Buffer.byteLength(valid, 'utf8') - 7)}--></p:FatturaElettronica>`);
    expect(Buffer.byteLength(pad(MAX_BODY_BYTES.xml + 1), 'utf8')).toBe(MAX_BODY_BYTES.xml + 1);
    for (const xml of [pad(4_300_000), pad(MAX_BODY_BYTES.xml + 1)]) {
      const reply = await send(xml);
      expect([reply.error?.status, reply.error?.message]).toEqual(['INVALID_ARGUMENT', TOO_LARGE]);
    }
    // Multi-byte text: the limit is on UTF-8 bytes, not characters.
    const accented = valid.replace('</p:FatturaElettronica>', `<!--${'è'.repeat(MAX_BODY_BYTES.xml / 2)}--></p:FatturaElettronica>`);
    expect(accented.length).toBeLessThan(MAX_BODY_BYTES.xml);
    expect((await send(accented)).error?.message).toBe(TOO_LARGE);
    const json = await h.proxy(SHOP, { service: 'sdi', method: 'POST', path: '/business_registry_configurations', body: JSON.stringify({ fiscal_id: VAT, name: 'x'.repeat(5000) }), shopId: SHOP });
    expect(json.error?.message).toBe(TOO_LARGE);
    const get = await h.proxy(SHOP, { service: 'company', method: 'GET', path: '/IT-aml/09173640583', body: 'x', shopId: SHOP });
    expect(get.error?.status).toBe('INVALID_ARGUMENT');
    expect(await stubRequests('*')).toHaveLength(0);
    // The limit itself still goes through the checks (and is then refused by them, not by its size).
    expect((await send(pad(MAX_BODY_BYTES.xml))).error?.message).not.toBe(TOO_LARGE);
  });

  it('the quota is taken before the FatturaPA check: refused sends count, and once spent the next call is refused without being validated', async () => {
    const config: ProxyConfig = {
      sdi: { baseUrl: h.stub.url, token: DEFAULT_TOKEN },
      company: { baseUrl: h.stub.url, token: DEFAULT_TOKEN },
      webhook: { url: 'http://127.0.0.1:1/sdiCallback', authHeader: 'Bearer in-process' },
      loadSchemas: loadFatturapaSchemas,
      // A day window: the test cannot straddle its end the way it could a minute's.
      limits: { perMinute: 100, perDay: 2 },
    };
    const invalid = invoiceXml({ supplierVat: QUOTA_VAT }).replace('<RegimeFiscale>RF01</RegimeFiscale>', '');
    const attempt = () => handleProviderProxy(db, QUOTA_SHOP, { service: 'sdi', method: 'POST', path: '/invoices', body: invalid, shopId: QUOTA_SHOP }, config).then(
      () => 'accepted',
      (error: unknown) => String((error as { code?: string }).code),
    );
    expect([await attempt(), await attempt(), await attempt()]).toEqual(['failed-precondition', 'failed-precondition', 'resource-exhausted']);
    expect(await stubRequests('*')).toHaveLength(0);
  });
});
