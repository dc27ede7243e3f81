// Provider stub server: Openapi SDI + Company (IT-aml) + the pending-shops cloud function, on localhost,
// deterministic, with failures on demand. Node's built-in http only. See README.md in this folder.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliverCallbacks, retryCallbacks, type WebhookTarget } from './callbacks.ts';
import { CONTROL_PREFIX, handleControl } from './control.ts';
import { applyMode, describeMode, parseMode, takeRule, type FailureMode } from './failures.ts';
import { fail, parseJson, type StubRequest, type StubResponse } from './http.ts';
import { matchRoute } from './routes.ts';
import { StubState, type LoggedRequest } from './state.ts';

export const DEFAULT_TOKEN = 'stub-token';
export const FAIL_HEADER = 'x-stub-fail';
const MAX_BODY_BYTES = 25 * 1024 * 1024;
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Stub-Fail, X-PrintTheme';

export type ProviderStubOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Accepted bearer tokens; default ['stub-token']. */
  tokens?: string[];
  /** Clock for created_at and similar fields (tests may pin it). */
  now?: () => Date;
  /** Where the simulators' callbacks go (else the url registered with POST /api_configurations): callbacks.ts. */
  webhook?: WebhookTarget;
};

export type ProviderStub = { url: string; port: number; state: StubState; close: () => Promise<void> };

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, response: StubResponse): void {
  if (res.destroyed || res.writableEnded) return;
  if (response.kind === 'empty') {
    res.writeHead(response.status).end();
    return;
  }
  if (response.kind === 'bytes') {
    res.writeHead(response.status, { 'Content-Type': response.contentType, 'Content-Length': response.body.byteLength }).end(Buffer.from(response.body));
    return;
  }
  const body = response.kind === 'json' ? JSON.stringify(response.body) : response.body;
  const contentType = response.kind === 'json' ? 'application/json; charset=utf-8' : response.contentType;
  const extra = response.kind === 'json' ? (response.headers ?? {}) : {};
  res.writeHead(response.status, { ...extra, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) }).end(body);
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After, Location');
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export async function startProviderStub(options: ProviderStubOptions = {}): Promise<ProviderStub> {
  const host = options.host ?? '127.0.0.1';
  const tokens = new Set(options.tokens ?? [DEFAULT_TOKEN]);
  const state = new StubState(options.now ?? (() => new Date()));
  const timers = new Set<NodeJS.Timeout>();

  const authorized = (header: string | undefined): boolean => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    return match?.[1] !== undefined && tokens.has(match[1]);
  };

  function logRequest(req: StubRequest): LoggedRequest {
    const parsed = parseJson(req.body);
    const entry: LoggedRequest = {
      seq: state.nextSeq(),
      at: new Date().toISOString(),
      method: req.method,
      path: req.path,
      route: null,
      query: Object.fromEntries(req.query.entries()),
      headers: {},
      body: req.body,
      json: parsed.ok ? parsed.value : null,
      status: null,
      failure: null,
    };
    state.requests.push(entry);
    return entry;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stub.local');
    const method = req.method ?? 'GET';
    let body: string;
    try {
      body = await readBody(req);
    } catch (error) {
      send(res, error instanceof BodyTooLarge ? fail(413, 413, 'Payload Too Large') : fail(400, 400, 'Bad Request'));
      return;
    }
    const stubReq: StubRequest = { method, path: url.pathname, query: url.searchParams, headers: req.headers, body, params: {} };
    if (method === 'POST' && url.pathname === `${CONTROL_PREFIX}retry-callbacks`) {
      send(res, { status: 200, kind: 'json', body: { delivered: await retryCallbacks(state, options.webhook) } });
      return;
    }
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      send(res, handleControl(state, stubReq));
      return;
    }
    const entry = logRequest(stubReq);
    entry.headers = flatHeaders(req);
    const finish = (response: StubResponse): void => {
      entry.status = response.status;
      send(res, response);
    };
    const match = matchRoute(method, url.pathname);
    if (!match) return finish(fail(404, 404, 'Not Found'));
    const { route, params } = match;
    entry.route = `${route.method} ${route.template}`;
    if (route.auth && !authorized(req.headers.authorization)) return finish(fail(401, 401, 'Wrong Token'));

    let mode: FailureMode | undefined;
    const header = req.headers[FAIL_HEADER];
    if (typeof header === 'string' && header.trim() !== '') {
      const parsed = parseMode(header);
      if (!parsed) return finish({ status: 400, kind: 'json', body: { error: `Unknown X-Stub-Fail mode '${header}'` } });
      mode = parsed;
    } else {
      mode = takeRule(state.failures, method, route.template, url.pathname)?.mode;
    }
    entry.failure = mode ? describeMode(mode) : null;
    if (!mode && route.validate) {
      const refusal = await route.validate({ ...stubReq, params });
      if (refusal) return finish(refusal);
    }

    const outcome = applyMode(mode, () => route.handle(state, { ...stubReq, params }), route.envelope);
    await deliverCallbacks(state, options.webhook);
    switch (outcome.kind) {
      case 'respond':
        return finish(outcome.response);
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          finish(outcome.response);
        }, outcome.ms);
        timers.add(timer);
        return;
      }
      case 'hang':
        return; // Never answered: the socket stays open until the client gives up or the stub closes.
      case 'destroy':
        req.socket.destroy();
        return;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[provider-stub] handler error', error);
      send(res, fail(500, 500, error instanceof Error ? error.message : 'Internal Server Error'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
    return closing;
  };

  return { url: `http://${hostInUrl}:${port}`, port, state, close };
}
