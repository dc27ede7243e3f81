/**
 * The one HTTP helper under every provider client (company lookup, SDI): fetch with a time limit and an
 * optional caller's abort, the body read once as JSON, and failures sorted into kinds the clients turn into
 * Italian messages. It never retries: whether a call may be repeated is the client's decision.
 */
export type HttpFailureKind = 'network' | 'timeout' | 'aborted' | 'malformed';

export class HttpFailure extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The parsed JSON body; undefined for an empty body. */
  json: unknown;
  text: string;
}

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

const FAILURE_TEXT: Record<HttpFailureKind, string> = {
  network: 'il servizio non è raggiungibile (rete assente o server spento)',
  timeout: 'il servizio non ha risposto in tempo',
  aborted: 'richiesta annullata',
  malformed: 'il servizio ha dato una risposta non leggibile',
};

export function failureText(kind: HttpFailureKind): string {
  return FAILURE_TEXT[kind];
}

/** Sends the request and reads the answer; throws HttpFailure for no answer, a time-out, an abort or bad JSON. */
export async function requestJson(url: string, request: HttpRequest): Promise<HttpAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  if (request.signal?.aborted) controller.abort();
  try {
    let response: Response;
    let text: string;
    try {
      response = await (request.fetchImpl ?? fetch)(url, { method: request.method ?? 'GET', headers: request.headers, body: request.body, signal: controller.signal });
      text = await response.text();
    } catch {
      const kind: HttpFailureKind = timedOut ? 'timeout' : request.signal?.aborted ? 'aborted' : 'network';
      throw new HttpFailure(kind, FAILURE_TEXT[kind]);
    }
    let json: unknown;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        throw new HttpFailure('malformed', FAILURE_TEXT.malformed);
      }
    }
    return { status: response.status, ok: response.ok, headers: response.headers, json, text };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The provider's envelope {data, success, message, error}; fields absent when the body is something else. */
export function readEnvelope(json: unknown): { data: unknown; success: boolean | undefined; message: string; error: unknown } {
  if (!isRecord(json)) return { data: undefined, success: undefined, message: '', error: undefined };
  return { data: json.data, success: typeof json.success === 'boolean' ? json.success : undefined, message: typeof json.message === 'string' ? json.message : '', error: json.error };
}

/** Waits ms, or rejects with an 'aborted' HttpFailure when the signal fires first. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new HttpFailure('aborted', FAILURE_TEXT.aborted));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new HttpFailure('aborted', FAILURE_TEXT.aborted));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
