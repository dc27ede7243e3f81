/**
 * How the provider clients (sdi-api.ts, company-api.ts) reach their provider: the transport switch of
 * VITE_PROVIDER_MODE. Both transports answer with the same HttpAnswer (or throw the same HttpFailure), so the clients
 * sort answers — and the screens show messages — identically in both modes.
 * - direct: fetch to the provider with the VITE_* bearer token (the token is in the browser).
 * - proxy (default): the callable `providerProxy` of our Cloud Functions (functions/src/provider-proxy.ts), which
 *   checks the caller's rights on the shop, adds the token it keeps as a secret, and returns the provider's status,
 *   the envelope with the fields the app reads (no secret) and Retry-After / Location / Content-Type. A body that was
 *   not JSON comes back as a short non-JSON text, so it is 'malformed' as in direct mode. The provider not answering comes back as
 *   'network' / 'timeout', our function not answering is 'network' too, so a dead provider or a lost connection give
 *   the same Italian messages as in direct mode. A refusal of the proxy itself (signed out, not the shop's, a document
 *   that fails the FatturaPA pre-flight, an unverified P.IVA, the per-shop limit: RESOURCE_EXHAUSTED → 429) comes back
 *   as an answer with the proxy's Italian message.
 */
import type { CallableAnswer } from './firebase-callable';
import { failureText, HttpFailure, requestJson, type HttpAnswer } from './http';

export type ProviderService = 'sdi' | 'company';

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  /** The provider's path: '/invoices', '/IT-aml/123…'. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export type ProviderTransport = (request: ProviderRequest) => Promise<HttpAnswer>;

/** Straight to the provider with the bearer token (VITE_PROVIDER_MODE=direct). */
export function directTransport(options: { baseUrl: string; token: string; fetchImpl?: typeof fetch }): ProviderTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  return (request) =>
    requestJson(`${base}${request.path}`, {
      method: request.method ?? 'GET',
      headers: { ...request.headers, Authorization: `Bearer ${options.token}` },
      body: request.body,
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      fetchImpl: options.fetchImpl,
    });
}

/** What providerProxy returns (functions/src/provider-proxy.ts, ProxyAnswer). */
export type ProxyAnswer = { kind: 'answer'; status: number; body: string; headers: Record<string, string> } | { kind: 'no-answer'; reason: 'network' | 'timeout' };

export type CallProxy = (data: unknown, options: { signal?: AbortSignal; timeoutMs: number }) => Promise<CallableAnswer<ProxyAnswer>>;

/** The callable's refusals as HTTP statuses (the clients' wording for a refused call follows the status). */
const REFUSAL_STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 422,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  DEADLINE_EXCEEDED: 504,
  UNAVAILABLE: 503,
};

/** Time the callable may take beyond the provider request (a cold start of the function, the pre-flight). */
const PROXY_MARGIN_MS = 30_000;

function answerOf(status: number, text: string, headers: Record<string, string>): HttpAnswer {
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new HttpFailure('malformed', failureText('malformed'));
    }
  }
  return { status, ok: status >= 200 && status < 300, headers: new Headers(headers), json, text };
}

async function defaultCall(data: unknown, options: { signal?: AbortSignal; timeoutMs: number }): Promise<CallableAnswer<ProxyAnswer>> {
  // Loaded on the first provider call: the screens that never call the provider do not pay for it.
  const { callFunction } = await import('./firebase-callable');
  return callFunction<ProxyAnswer>('providerProxy', data, options);
}

/** Through our Cloud Function (VITE_PROVIDER_MODE=proxy): `shopId` is the shop the call is for. */
export function proxyTransport(service: ProviderService, shopId: string, call: CallProxy = defaultCall): ProviderTransport {
  return async (request) => {
    if (request.signal?.aborted) throw new HttpFailure('aborted', failureText('aborted'));
    const data = { service, method: request.method ?? 'GET', path: request.path, ...(request.body !== undefined ? { body: request.body } : {}), shopId, timeoutMs: request.timeoutMs };
    const result = await call(data, { signal: request.signal, timeoutMs: request.timeoutMs + PROXY_MARGIN_MS });
    if (result.kind === 'error') {
      const kind = request.signal?.aborted ? 'aborted' : result.reason === 'timeout' ? 'timeout' : 'network';
      throw new HttpFailure(kind, failureText(kind));
    }
    if (result.kind === 'failed') {
      const status = REFUSAL_STATUS[result.status] ?? 500;
      return answerOf(status, JSON.stringify({ data: null, success: false, message: result.message, error: result.status }), { 'content-type': 'application/json' });
    }
    const answer = result.value;
    if (answer.kind === 'no-answer') throw new HttpFailure(answer.reason, failureText(answer.reason));
    return answerOf(answer.status, answer.body, answer.headers);
  };
}
