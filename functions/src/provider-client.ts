/**
 * The functions' one HTTP client of the providers (Openapi SDI and Company): the bearer token, Accept and
 * Content-Type, a time limit, and the answer as bytes with the few headers the callers read. The proxy
 * (provider-proxy.ts) forwards the app's calls through it; the webhook downloads a received invoice's XML with it
 * (received-xml.ts). No answer (provider down, network gone, time-out) is { kind: 'no-answer', reason }.
 */

export type ProviderAnswer =
  | { kind: 'answer'; status: number; bytes: Uint8Array; headers: Record<string, string> }
  | { kind: 'no-answer'; reason: 'network' | 'timeout' };

export interface ProviderCall {
  method: 'GET' | 'POST';
  token: string;
  /** What the answer should be (default application/json: the envelope). */
  accept?: string;
  contentType?: string;
  body?: string;
  /** The whole call, answer body included. */
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** The headers of the provider's answer the callers read. */
const PASSED_HEADERS = ['content-type', 'retry-after', 'location'];

export async function callProvider(url: string, call: ProviderCall): Promise<ProviderAnswer> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const response = await (call.fetchImpl ?? fetch)(url, {
      method: call.method,
      headers: { Authorization: `Bearer ${call.token}`, Accept: call.accept ?? 'application/json', ...(call.contentType ? { 'Content-Type': call.contentType } : {}) },
      ...(call.body !== undefined ? { body: call.body } : {}),
      signal,
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    return { kind: 'answer', status: response.status, bytes, headers };
  } catch {
    return { kind: 'no-answer', reason: signal.aborted ? 'timeout' : 'network' };
  }
}
