import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../scripts/provider-stub/routes.ts';
import { startProviderStub } from '../../scripts/provider-stub/server.ts';
import { call, control, envelope, invoiceXml, postJson, postXml, setupStub } from './helpers.ts';

const stub = setupStub();
const MAIN = fileURLToPath(new URL('../../scripts/provider-stub/main.ts', import.meta.url));
const concrete = (template: string) => template.replace(/\{\w+\}/g, '04821730159');

describe('bearer authorization', () => {
  const authenticated = ROUTES.filter((route) => route.auth);
  it.each(authenticated.map((route) => [`${route.method} ${route.template}`, route] as const))('%s answers 401 without a token, with a wrong one, or with another scheme', async (_label, route) => {
    for (const authorization of [undefined, 'Bearer wrong-token', 'Basic c3R1Yi10b2tlbg==', 'stub-token']) {
      const response = await call(stub().url, concrete(route.template), { method: route.method, auth: false, headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(await envelope(response)).toEqual({ data: null, success: false, message: 'Wrong Token', error: 401 });
    }
  });

  it('covers the SDI, Company and cloud-function routes', () => {
    expect(authenticated.length).toBeGreaterThanOrEqual(18);
    expect(ROUTES.filter((route) => !route.auth).map((route) => route.template)).toEqual(['/pendingShops', '/pendingShops/sheet']);
  });

  it('accepts any of the configured tokens, case-insensitive scheme', async () => {
    const other = await startProviderStub({ port: 0, tokens: ['alpha', 'beta'] });
    try {
      for (const [header, status] of [['Bearer alpha', 200], ['bearer beta', 200], ['Bearer stub-token', 401]] as const) {
        expect((await fetch(`${other.url}/IT-aml/04821730159`, { headers: { Authorization: header } })).status, header).toBe(status);
      }
    } finally {
      await other.close();
    }
  });

  it('answers 404 in the envelope for an unknown route', async () => {
    const response = await call(stub().url, '/nothing-here');
    expect([response.status, await envelope(response)]).toEqual([404, { data: null, success: false, message: 'Not Found', error: 404 }]);
  });
});

describe('CORS', () => {
  const origin = 'http://127.0.0.1:4173';

  it('answers the preflight with the allowed origin, headers and methods', async () => {
    const response = await fetch(`${stub().url}/invoices`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,x-stub-fail' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'x-stub-fail']) expect(allowed).toContain(header);
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) expect(response.headers.get('access-control-allow-methods')).toContain(method);
    expect(stub().state.requests).toEqual([]);
  });

  it('sets the allowed origin on success, error and control answers', async () => {
    for (const [path, auth] of [['/IT-aml/04821730159', true], ['/IT-aml/04821730159', false], ['/__stub/health', false]] as const) {
      const response = await call(stub().url, path, { auth, headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin'), path).toBe(origin);
    }
  });
});

describe('request log and reset', () => {
  it('records what the app sent, with the matched route, status and failure; control calls are not logged', async () => {
    await postXml(stub().url, invoiceXml(), '/invoices', { 'X-Stub-Fail': 'no-uuid' });
    await postJson(stub().url, '/business_registry_configurations', { fiscal_id: '1' });
    await call(stub().url, '/IT-aml/04821730159?x=1', { auth: false });
    const all = (await (await control(stub().url, 'GET', '/requests')).json()) as { requests: Record<string, unknown>[] };
    expect(all.requests).toHaveLength(3);
    expect(all.requests[0]).toMatchObject({
      seq: 1,
      method: 'POST',
      path: '/invoices',
      route: 'POST /invoices',
      body: invoiceXml(),
      json: null,
      status: 200,
      failure: 'no-uuid',
      headers: expect.objectContaining({ authorization: 'Bearer stub-token', 'content-type': 'application/xml' }) as unknown,
    });
    expect(all.requests[1]).toMatchObject({ json: { fiscal_id: '1' }, status: 400, failure: null });
    expect(all.requests[2]).toMatchObject({ route: 'GET /IT-aml/{vat}', query: { x: '1' }, status: 401 });
    const filtered = (await (await control(stub().url, 'GET', `/requests?route=${encodeURIComponent('GET /IT-aml/{vat}')}`)).json()) as { requests: unknown[] };
    expect(filtered.requests).toHaveLength(1);
    await control(stub().url, 'DELETE', '/requests');
    expect(stub().state.requests).toEqual([]);
  });

  it('POST /__stub/reset forgets invoices, configurations, rules, the log and the uuid counters', async () => {
    const first = await postXml(stub().url, invoiceXml());
    const uuid = ((await envelope(first)).data as { uuid: string }).uuid;
    await postJson(stub().url, '/business_registry_configurations', { fiscal_id: '04821730159', name: 'X', email: 'x@demo.it', apply_signature: false, apply_legal_storage: false });
    await control(stub().url, 'POST', '/fail', { route: '*', mode: 'http500' });
    expect((await control(stub().url, 'POST', '/reset')).status).toBe(200);
    const state = stub().state;
    expect([state.invoices.size, state.registry.size, state.failures.length, state.requests.length]).toEqual([0, 0, 0, 0]);
    expect(((await envelope(await postXml(stub().url, invoiceXml()))).data as { uuid: string }).uuid).toBe(uuid);
  });

  it('answers the health check and 404 for unknown control endpoints', async () => {
    expect(await (await control(stub().url, 'GET', '/health')).json()).toEqual({ ok: true });
    expect((await control(stub().url, 'GET', '/nope')).status).toBe(404);
  });
});

describe('lifecycle', () => {
  it('close() ends hanging and delayed requests and frees the port', async () => {
    const local = await startProviderStub({ port: 0 });
    const hanging = fetch(`${local.url}/pendingShops`, { headers: { 'X-Stub-Fail': 'timeout' } });
    const delayed = fetch(`${local.url}/pendingShops`, { headers: { 'X-Stub-Fail': 'delay=60000' } });
    const outcomes = Promise.allSettled([hanging, delayed]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await local.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    const again = await startProviderStub({ port: local.port });
    expect(again.port).toBe(local.port);
    await expect(startProviderStub({ port: local.port })).rejects.toThrow(/EADDRINUSE/);
    await again.close();
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('the CLI prints its URL, serves, and exits 0 on %s', async (signal) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, PORT: '0', PROVIDER_STUB_TOKENS: 'cli-token' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no URL printed')), 15000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /^Provider stub listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    expect((await fetch(`${url}/IT-aml/04821730159`, { headers: { Authorization: 'Bearer cli-token' } })).status).toBe(200);
    child.kill(signal);
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/__stub/health`)).rejects.toThrow();
  }, 20000);
});
