import { describe, expect, it } from 'vitest';
import { call, envelope, postJson, setupStub } from './helpers.ts';

const stub = setupStub();
const REGISTRY = { fiscal_id: '04821730159', name: 'FERRAMENTA COLOMBO S.R.L.', email: 'fatture+04821730159@demo.it', apply_signature: false, apply_legal_storage: false };
const CALLBACKS = [
  { event: 'supplier-invoice', url: 'https://example.test/hooks/supplier?secret=abc', auth_header: 'Bearer 123456789' },
  { event: 'customer-notification', url: 'https://example.test/hooks/notification?secret=abc', auth_header: 'Bearer 123456789' },
];

describe('business_registry_configurations', () => {
  it('creates a configuration and reads it back, alone and in the list', async () => {
    const response = await postJson(stub().url, '/business_registry_configurations', REGISTRY);
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body).toMatchObject({ success: true, message: '', error: null, data: { ...REGISTRY, active: true } });
    expect((body.data as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await envelope(await call(stub().url, '/business_registry_configurations/04821730159'))).data).toEqual(body.data);
    expect((await envelope(await call(stub().url, '/business_registry_configurations'))).data).toEqual([body.data]);
  });

  it.each(['fiscal_id', 'name', 'email', 'apply_signature', 'apply_legal_storage'])('answers 400 / 610 "%s is required" when it is missing', async (field) => {
    const body: Record<string, unknown> = { ...REGISTRY };
    delete body[field];
    const response = await postJson(stub().url, '/business_registry_configurations', body);
    expect(response.status).toBe(400);
    expect(await envelope(response)).toEqual({ data: null, success: false, message: `${field} is required`, error: 610 });
  });

  it('treats a blank string and a non-JSON body as missing', async () => {
    expect((await envelope(await postJson(stub().url, '/business_registry_configurations', { ...REGISTRY, email: '  ' }))).message).toBe('email is required');
    const raw = await call(stub().url, '/business_registry_configurations', { method: 'POST', body: 'fiscal_id=1' });
    expect(raw.status).toBe(400);
    expect((await envelope(raw)).message).toBe('fiscal_id is required');
  });

  it('answers 409 / 612 for an email already used, and for a fiscal_id already configured', async () => {
    await postJson(stub().url, '/business_registry_configurations', REGISTRY);
    const sameEmail = await postJson(stub().url, '/business_registry_configurations', { ...REGISTRY, fiscal_id: '09173640583', email: REGISTRY.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(await envelope(sameEmail)).toEqual({ data: null, success: false, message: 'This email already exists', error: 612 });
    const sameId = await postJson(stub().url, '/business_registry_configurations', { ...REGISTRY, email: 'altro@demo.it' });
    expect(sameId.status).toBe(409);
    expect((await envelope(sameId)).error).toBe(612);
  });

  it('deletes a configuration; unknown fiscal ids get 404 / 404', async () => {
    await postJson(stub().url, '/business_registry_configurations', REGISTRY);
    expect((await call(stub().url, '/business_registry_configurations/04821730159', { method: 'DELETE' })).status).toBe(200);
    for (const method of ['GET', 'DELETE']) {
      const response = await call(stub().url, '/business_registry_configurations/04821730159', { method });
      expect(response.status).toBe(404);
      expect(await envelope(response)).toEqual({ data: null, success: false, message: 'Fiscal ID not found or not registered', error: 404 });
    }
  });

  it('re-activates a configuration with PATCH /activate', async () => {
    await postJson(stub().url, '/business_registry_configurations', REGISTRY);
    const patch = await call(stub().url, '/business_registry_configurations/04821730159/activate', { method: 'PATCH', body: JSON.stringify({ active: false }) });
    expect(((await envelope(patch)).data as { active: boolean }).active).toBe(false);
  });
});

describe('api_configurations', () => {
  it('creates a configuration: data is an array of {id, callbacks}; extra fields the app sends are ignored', async () => {
    const response = await postJson(stub().url, '/api_configurations', { ...REGISTRY, callbacks: CALLBACKS });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.success).toBe(true);
    expect(body.data).toEqual([{ id: expect.any(String) as unknown, callbacks: CALLBACKS.map((c) => ({ ...c, field: null })) }]);
  });

  it('overwrites the previous configuration of the same fiscal_id, and lists one item per callback', async () => {
    await postJson(stub().url, '/api_configurations', { fiscal_id: '04821730159', callbacks: CALLBACKS });
    await postJson(stub().url, '/api_configurations', { fiscal_id: '04821730159', callbacks: [CALLBACKS[1]] });
    await postJson(stub().url, '/api_configurations', { fiscal_id: '09173640583', callbacks: CALLBACKS });
    const list = (await envelope(await call(stub().url, '/api_configurations?fiscal_id=04821730159'))).data as { fiscal_id: string; callback: { event: string; provider_uuid: string } }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ fiscal_id: '04821730159', callback: { event: 'customer-notification', url: CALLBACKS[1]?.url } });
    expect(list[0]?.callback.provider_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await envelope(await call(stub().url, '/api_configurations'))).data).toHaveLength(3);
  });

  it('validates fiscal_id, callbacks and event names', async () => {
    const noId = await postJson(stub().url, '/api_configurations', { callbacks: CALLBACKS });
    expect([noId.status, (await envelope(noId)).message]).toEqual([400, 'fiscal_id is required']);
    const noCallbacks = await postJson(stub().url, '/api_configurations', { fiscal_id: '04821730159' });
    expect([noCallbacks.status, (await envelope(noCallbacks)).message]).toEqual([400, 'callbacks is required']);
    const badEvent = await postJson(stub().url, '/api_configurations', { fiscal_id: '04821730159', callbacks: [{ event: 'invoice-paid', url: 'https://x.test' }] });
    expect(await envelope(badEvent)).toMatchObject({ error: 230, message: 'An error occurred: callbacks[0].event: The value you selected is not a valid choice.' });
    expect(stub().state.apiConfigs.size).toBe(0);
  });

  it('deletes a configuration by id', async () => {
    const created = (await envelope(await postJson(stub().url, '/api_configurations', { fiscal_id: '04821730159', callbacks: CALLBACKS }))).data as { id: string }[];
    expect((await call(stub().url, `/api_configurations/${created[0]?.id ?? ''}`, { method: 'DELETE' })).status).toBe(200);
    expect((await envelope(await call(stub().url, '/api_configurations'))).data).toEqual([]);
    expect((await call(stub().url, '/api_configurations/unknown', { method: 'DELETE' })).status).toBe(404);
  });
});
