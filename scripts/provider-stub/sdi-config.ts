// SDI set-up: business registry configurations and API (callback) configurations.
import { blank, fail, hashId, isRecord, ok, parseJson, text, type StubRequest, type StubResponse } from './http.ts';
import type { ApiConfig, RegistryConfig, StubState } from './state.ts';

const REGISTRY_FIELDS = ['fiscal_id', 'name', 'email', 'apply_signature', 'apply_legal_storage'] as const;
export const CALLBACK_EVENTS = [
  'supplier-invoice',
  'customer-invoice',
  'customer-notification',
  'invoice-status-quarantena',
  'invoice-status-invoice-error',
  'legal-storage-missing-vat',
  'legal-storage-receipt',
];

/** A JSON object body; anything unparsable counts as an empty object (so the first field is "required"). */
function jsonBody(req: StubRequest): Record<string, unknown> {
  const parsed = parseJson(req.body);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : {};
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const notRegistered = (): StubResponse => fail(404, 404, 'Fiscal ID not found or not registered');

/** POST /business_registry_configurations: five required fields; email and fiscal_id are unique. */
export function postRegistry(state: StubState, req: StubRequest): StubResponse {
  const body = jsonBody(req);
  const missing = REGISTRY_FIELDS.find((field) => isMissing(body[field]));
  if (missing !== undefined) return fail(400, 610, `${missing} is required`);
  if (typeof body.apply_signature !== 'boolean' || typeof body.apply_legal_storage !== 'boolean') {
    return fail(400, 610, 'apply_signature and apply_legal_storage must be booleans');
  }
  const fiscalId = text(body.fiscal_id);
  const email = text(body.email);
  const existing = [...state.registry.values()];
  if (existing.some((config) => config.email.toLowerCase() === email.toLowerCase())) return fail(409, 612, 'This email already exists');
  if (state.registry.has(fiscalId)) return fail(409, 612, 'This fiscal_id already exists');
  const config: RegistryConfig = {
    id: hashId('business-registry', fiscalId),
    fiscal_id: fiscalId,
    name: text(body.name),
    email,
    apply_signature: body.apply_signature,
    apply_legal_storage: body.apply_legal_storage,
    active: true,
  };
  state.registry.set(fiscalId, config);
  return ok(config);
}

export function listRegistry(state: StubState): StubResponse {
  return ok([...state.registry.values()]);
}

export function getRegistry(state: StubState, req: StubRequest): StubResponse {
  const config = state.registry.get(req.params.fiscal_id ?? '');
  return config ? ok(config) : notRegistered();
}

export function deleteRegistry(state: StubState, req: StubRequest): StubResponse {
  const fiscalId = req.params.fiscal_id ?? '';
  if (!state.registry.delete(fiscalId)) return notRegistered();
  return ok(null);
}

/** PATCH /business_registry_configurations/{fiscal_id}/activate {active: true}. */
export function activateRegistry(state: StubState, req: StubRequest): StubResponse {
  const config = state.registry.get(req.params.fiscal_id ?? '');
  if (!config) return notRegistered();
  const body = jsonBody(req);
  if (typeof body.active !== 'boolean') return fail(400, 610, 'active is required');
  config.active = body.active;
  return ok(config);
}

/** POST /api_configurations: fiscal_id + callbacks[]; overwrites the previous configuration of that fiscal_id. */
export function postApiConfig(state: StubState, req: StubRequest): StubResponse {
  const body = jsonBody(req);
  if (isMissing(body.fiscal_id)) return fail(400, 610, 'fiscal_id is required');
  if (!Array.isArray(body.callbacks) || body.callbacks.length === 0) return fail(400, 610, 'callbacks is required');
  const fiscalId = text(body.fiscal_id);
  const posts = (state.apiConfigPosts.get(fiscalId) ?? 0) + 1;
  state.apiConfigPosts.set(fiscalId, posts);
  const id = hashId('api-configuration', fiscalId, String(posts));
  const callbacks: ApiConfig['callbacks'] = [];
  for (const [index, raw] of (body.callbacks as unknown[]).entries()) {
    const item = isRecord(raw) ? raw : {};
    const event = text(item.event);
    if (!CALLBACK_EVENTS.includes(event)) {
      return fail(400, 230, `An error occurred: callbacks[${index}].event: The value you selected is not a valid choice.`);
    }
    if (isMissing(item.url)) return blank(`callbacks[${index}].url`);
    callbacks.push({
      event,
      url: text(item.url),
      auth_header: isMissing(item.auth_header) ? null : text(item.auth_header),
      field: isMissing(item.field) ? null : text(item.field),
      provider_uuid: hashId(id, event, String(index)),
    });
  }
  const config: ApiConfig = { id, fiscal_id: fiscalId, callbacks };
  state.apiConfigs.set(fiscalId, config);
  return ok([{ id, callbacks: callbacks.map(({ provider_uuid: _uuid, ...callback }) => callback) }]);
}

/** GET /api_configurations?fiscal_id=: one item per callback. */
export function listApiConfigs(state: StubState, req: StubRequest): StubResponse {
  const fiscalId = req.query.get('fiscal_id');
  const configs = [...state.apiConfigs.values()].filter((config) => fiscalId === null || config.fiscal_id === fiscalId);
  return ok(configs.flatMap((config) => config.callbacks.map((callback) => ({ id: config.id, fiscal_id: config.fiscal_id, callback }))));
}

export function deleteApiConfig(state: StubState, req: StubRequest): StubResponse {
  const entry = [...state.apiConfigs.values()].find((config) => config.id === req.params.id);
  if (!entry) return fail(404, 230, 'Invalid identifier value or configuration.');
  state.apiConfigs.delete(entry.fiscal_id);
  return ok(null);
}
