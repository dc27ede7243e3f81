// The stub's own control API under /__stub/ (no auth, no envelope): failures on demand, reset, request log.
import { MODE_NAMES, describeMode, parseMode, routeMatches, type FailureRule } from './failures.ts';
import { isRecord, parseJson, type StubRequest, type StubResponse } from './http.ts';
import type { StubState } from './state.ts';

export const CONTROL_PREFIX = '/__stub/';

const json = (status: number, body: unknown): StubResponse => ({ status, kind: 'json', body });
const ROUTE_SHAPE = /^(\*|(GET|POST|PATCH|DELETE|PUT) \/\S*)$/;

function describeRule(rule: FailureRule): Record<string, unknown> {
  return { route: rule.route, mode: describeMode(rule.mode), remaining: rule.remaining };
}

/** POST /__stub/fail {route, mode, times?, delayMs?}: replaces any rule for the same route. */
function addFailure(state: StubState, req: StubRequest): StubResponse {
  const parsed = parseJson(req.body);
  const body = parsed.ok && isRecord(parsed.value) ? parsed.value : null;
  if (!body) return json(400, { error: 'Body must be a JSON object {route, mode, times?, delayMs?}' });
  const route = typeof body.route === 'string' ? body.route.trim().replace(/\s+/g, ' ') : '';
  if (!ROUTE_SHAPE.test(route)) return json(400, { error: "route must be '*' or 'METHOD /path', e.g. 'POST /invoices'" });
  const delayMs = typeof body.delayMs === 'number' && body.delayMs >= 0 ? body.delayMs : undefined;
  const mode = typeof body.mode === 'string' ? parseMode(body.mode, delayMs) : null;
  if (!mode) return json(400, { error: `mode must be one of ${MODE_NAMES.join(', ')}` });
  const times = body.times;
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) {
    return json(400, { error: 'times must be a positive integer' });
  }
  const rule: FailureRule = { route, mode, remaining: times ?? null };
  state.failures = [...state.failures.filter((item) => item.route !== route), rule];
  return json(200, { ok: true, rule: describeRule(rule) });
}

/** GET /__stub/requests?route=METHOD%20/path: the log, oldest first, optionally filtered like a failure rule. */
function listRequests(state: StubState, req: StubRequest): StubResponse {
  const route = req.query.get('route');
  const requests = state.requests.filter(
    (entry) => route === null || routeMatches(route, entry.method, entry.route?.split(' ')[1] ?? entry.path, entry.path),
  );
  return json(200, { requests });
}

export function handleControl(state: StubState, req: StubRequest): StubResponse {
  const key = `${req.method} ${req.path.slice(CONTROL_PREFIX.length - 1)}`;
  switch (key) {
    case 'GET /health':
      return json(200, { ok: true });
    case 'POST /fail':
      return addFailure(state, req);
    case 'GET /fail':
      return json(200, { rules: state.failures.map(describeRule) });
    case 'DELETE /fail':
      state.failures = [];
      return json(200, { ok: true });
    case 'POST /reset':
      state.reset();
      return json(200, { ok: true });
    case 'GET /requests':
      return listRequests(state, req);
    case 'DELETE /requests':
      state.requests = [];
      return json(200, { ok: true });
    default:
      return json(404, { error: `Unknown control endpoint ${req.method} ${req.path}` });
  }
}
