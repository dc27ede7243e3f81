import { describe, expect, it } from 'vitest';
import { DEMO_TECH_EMAIL, PENDING_SHOPS, stubIdToken } from '../../scripts/provider-stub/pending-shops.ts';
import { pendingShopsForCaller, readPendingShops } from '../../src/domain/tech/pending-shops.ts';
import { call, control, envelope, invoiceXml, postXml, setupStub } from './helpers.ts';

const stub = setupStub();

type Case = {
  mode: string;
  route: string;
  send: (headers: Record<string, string>) => Promise<Response>;
  check: (response: Promise<Response>) => Promise<void>;
};

const sendInvoice = (headers: Record<string, string>) => postXml(stub().url, invoiceXml(), '/invoices', headers);
const lookup = (headers: Record<string, string>) => call(stub().url, '/IT-aml/04821730159', { headers });
const pending = (headers: Record<string, string>) => call(stub().url, '/pendingShops', { auth: false, headers: { Authorization: `Bearer ${stubIdToken(DEMO_TECH_EMAIL)}`, ...headers } });
const listInvoices = (headers: Record<string, string>) => call(stub().url, '/invoices', { headers });

const CASES: Case[] = [
  {
    mode: 'http500',
    route: 'POST /invoices',
    send: sendInvoice,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(500);
      expect(await envelope(response)).toEqual({ data: null, success: false, message: 'Internal Server Error', error: 500 });
      expect(stub().state.invoices.size).toBe(0);
    },
  },
  {
    mode: 'http402',
    route: 'POST /invoices',
    send: sendInvoice,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(402);
      const body = await envelope(response);
      expect(body).toMatchObject({ data: null, success: false, error: 611 });
      expect(body.message).toMatch(/^Billing error message: Insufficient Credit in Wallet/);
    },
  },
  {
    mode: 'http503',
    route: 'GET /IT-aml/{vat}',
    send: lookup,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(503);
      expect(await envelope(response)).toEqual({ data: null, success: false, message: 'Service Unavailable', error: 503 });
    },
  },
  {
    mode: 'http500',
    route: 'GET /pendingShops',
    send: pending,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Internal Server Error' });
    },
  },
  {
    mode: 'malformed',
    route: 'POST /invoices',
    send: sendInvoice,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(text) as unknown).toThrow();
      expect(stub().state.invoices.size).toBe(1);
    },
  },
  {
    mode: 'malformed',
    route: 'GET /pendingShops',
    send: pending,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(200);
      await expect(response.json()).rejects.toThrow(SyntaxError);
    },
  },
  {
    mode: 'timeout',
    route: 'POST /invoices',
    // The client gives up after 300 ms, as the app's fetch with an AbortSignal would.
    send: (headers) =>
      call(stub().url, '/invoices', { method: 'POST', headers: { 'Content-Type': 'application/xml', ...headers }, body: invoiceXml(), signal: AbortSignal.timeout(300) }),
    check: async (pendingResponse) => {
      await expect(pendingResponse).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(stub().state.requests.at(-1)).toMatchObject({ route: 'POST /invoices', status: null, failure: 'timeout' });
    },
  },
  {
    mode: 'delay=300',
    route: 'GET /IT-aml/{vat}',
    send: lookup,
    check: async (pendingResponse) => {
      const started = Date.now();
      const response = await pendingResponse;
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(response.status).toBe(200);
      expect((await envelope(response)).success).toBe(true);
    },
  },
  {
    mode: 'network',
    route: 'POST /invoices',
    send: sendInvoice,
    check: async (pendingResponse) => {
      await expect(pendingResponse).rejects.toThrow(TypeError);
      expect(stub().state.invoices.size).toBe(0);
    },
  },
  {
    mode: 'no-uuid',
    route: 'POST /invoices',
    send: sendInvoice,
    check: async (pendingResponse) => {
      const response = await pendingResponse;
      expect(response.status).toBe(200);
      expect(await envelope(response)).toEqual({ data: {}, success: true, message: '', error: null });
    },
  },
  {
    mode: 'non-array',
    route: 'GET /pendingShops',
    send: pending,
    check: async (pendingResponse) => {
      const body = (await (await pendingResponse).json()) as unknown;
      expect(Array.isArray(body)).toBe(false);
      expect(body).toEqual({ data: pendingShopsForCaller(readPendingShops(PENDING_SHOPS) ?? [], { email: DEMO_TECH_EMAIL, admin: false }) });
    },
  },
  {
    mode: 'non-array',
    route: 'GET /invoices',
    send: listInvoices,
    check: async (pendingResponse) => {
      expect(await envelope(await pendingResponse)).toEqual({ data: { items: [] }, success: true, message: '', error: null });
    },
  },
];

describe.each(['control API', 'X-Stub-Fail header'])('failure modes via the %s', (via) => {
  it.each(CASES.map((c) => [`${c.mode} on ${c.route}`, c] as const))('%s', async (_label, c) => {
    if (via === 'control API') {
      expect((await control(stub().url, 'POST', '/fail', { route: c.route, mode: c.mode })).status).toBe(200);
      await c.check(c.send({}));
    } else {
      await c.check(c.send({ 'X-Stub-Fail': c.mode }));
    }
  });
});

describe('failure rules', () => {
  it('applies a rule `times` times, then answers normally; GET /__stub/fail shows what is left', async () => {
    await control(stub().url, 'POST', '/fail', { route: 'GET /IT-aml/{vat}', mode: 'http500', times: 2 });
    expect((await lookup({})).status).toBe(500);
    expect(await (await control(stub().url, 'GET', '/fail')).json()).toEqual({ rules: [{ route: 'GET /IT-aml/{vat}', mode: 'http500', remaining: 1 }] });
    expect((await lookup({})).status).toBe(500);
    expect((await lookup({})).status).toBe(200);
  });

  it('matches a concrete path, or every route with *; timeout with delayMs answers late', async () => {
    await control(stub().url, 'POST', '/fail', { route: 'GET /IT-aml/04821730159', mode: 'http500' });
    expect((await call(stub().url, '/IT-aml/09173640583')).status).toBe(200);
    expect((await lookup({})).status).toBe(500);
    await control(stub().url, 'POST', '/fail', { route: '*', mode: 'timeout', delayMs: 50 });
    expect((await pending({})).status).toBe(200);
    expect(stub().state.requests.at(-1)?.failure).toBe('delay=50');
  });

  it('lets the header win without consuming the rule; clears rules with DELETE; rejects bad input', async () => {
    await control(stub().url, 'POST', '/fail', { route: 'GET /pendingShops', mode: 'http500', times: 1 });
    expect((await pending({ 'X-Stub-Fail': 'http402' })).status).toBe(402);
    expect((await pending({})).status).toBe(500);
    expect((await pending({})).status).toBe(200);
    await control(stub().url, 'POST', '/fail', { route: 'GET /pendingShops', mode: 'http500' });
    await control(stub().url, 'DELETE', '/fail');
    expect((await pending({})).status).toBe(200);
    const badHeader = await pending({ 'X-Stub-Fail': 'explode' });
    expect([badHeader.status, await badHeader.json()]).toEqual([400, { error: "Unknown X-Stub-Fail mode 'explode'" }]);
    for (const body of [{ route: 'invoices', mode: 'http500' }, { route: '*', mode: 'http200' }, { route: '*', mode: 'timeout', times: 0 }, { route: '*', mode: 'delay' }]) {
      expect((await control(stub().url, 'POST', '/fail', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('checks the bearer token before any failure mode', async () => {
    const response = await postXml(stub().url, invoiceXml(), '/invoices', { 'X-Stub-Fail': 'http500', Authorization: 'Bearer wrong' });
    expect(response.status).toBe(401);
  });
});
