/**
 * The one client of the SDI provider (Openapi SDI, sdi.openapi.it; contract in shared/providers/OPENAPI-SDI.md §3).
 * A small interface — send an invoice, read its status, read the business-registry configurations — over a
 * transport (provider-transport.ts): straight to the provider, or through our token-keeping proxy function
 * (VITE_PROVIDER_MODE); the screens do not know which.
 * Every answer is sorted into a kind the screens turn into the Italian texts of document 2 §8:
 * - sendInvoice: 'sent' with the uuid; 'failed' with status, message and raw body for a non-OK answer (the error
 *   panel keeps all three); 'invalid-answer' for a 2xx without a usable data.uuid ('Errore: risposta server non
 *   valida durante invio fattura'); 'error' for no answer, a time-out, an abort or unreadable JSON.
 * Nothing is retried here: a time-out may still have queued the invoice at the provider (the screens decide).
 */
import { appEnv } from '@/config/env';
import { failureText, HttpFailure, isRecord, readEnvelope, type HttpAnswer } from './http';
import { directTransport, proxyTransport, type ProviderTransport } from './provider-transport';

export const SEND_INVALID_ANSWER = 'Errore: risposta server non valida durante invio fattura';

export type SdiSendResult =
  | { kind: 'sent'; uuid: string }
  | { kind: 'failed'; status: number; message: string; rawBody: string }
  | { kind: 'invalid-answer' }
  | { kind: 'error'; reason: string };

/** The provider's reading of one invoice (GET /invoices/{uuid}, Invoice-read): the fields the app uses. */
export interface SdiInvoiceStatus {
  uuid: string;
  /** 'sent', 'delivered', 'rejected', 'not-delivered', ... (OPENAPI-SDI.md §3.5); '' when absent. */
  marking: string;
  createdAt: string;
  sdiFileName: string;
  notice: string;
}

export interface SdiRegistryConfiguration {
  id: string;
  fiscalId: string;
  name: string;
  email: string;
  applySignature: boolean;
  applyLegalStorage: boolean;
  active: boolean;
}

export type SdiRead<T> = { kind: 'ok'; value: T } | { kind: 'not-found' } | { kind: 'failed'; status: number; message: string; rawBody: string } | { kind: 'error'; reason: string };

export type SdiApiOptions = ({ baseUrl: string; token: string; fetchImpl?: typeof fetch } | { transport: ProviderTransport }) & { requestTimeoutMs?: number };

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** The message of a non-OK answer: the envelope's message, else the body's text, else the status. */
function failureMessage(answer: HttpAnswer): string {
  const { message, error } = readEnvelope(answer.json);
  if (message !== '') return message;
  if (error !== undefined && error !== null && str(error) !== '') return `errore ${str(error)}`;
  return answer.text.trim() !== '' && answer.json === undefined ? answer.text.trim().slice(0, 500) : `HTTP ${answer.status}`;
}

function failed(answer: HttpAnswer) {
  return { kind: 'failed' as const, status: answer.status, message: failureMessage(answer), rawBody: answer.text };
}

function caught(error: unknown): { kind: 'error'; reason: string } {
  return { kind: 'error', reason: error instanceof HttpFailure ? error.message : failureText('network') };
}

function toStatus(data: unknown): SdiInvoiceStatus | undefined {
  if (!isRecord(data) || str(data.uuid) === '') return undefined;
  return { uuid: str(data.uuid), marking: str(data.marking), createdAt: str(data.created_at), sdiFileName: str(data.sdi_file_name), notice: str(data.notice) };
}

function toConfiguration(data: unknown): SdiRegistryConfiguration | undefined {
  if (!isRecord(data) || str(data.fiscal_id) === '') return undefined;
  return {
    id: str(data.id),
    fiscalId: str(data.fiscal_id),
    name: str(data.name),
    email: str(data.email),
    applySignature: data.apply_signature === true,
    applyLegalStorage: data.apply_legal_storage === true,
    active: data.active === true,
  };
}

export function createSdiApi(options: SdiApiOptions) {
  const transport = 'transport' in options ? options.transport : directTransport(options);
  const timeoutMs = options.requestTimeoutMs ?? 30_000;

  async function read<T>(path: string, pick: (data: unknown) => T | undefined, signal?: AbortSignal): Promise<SdiRead<T>> {
    try {
      const answer = await transport({ path, headers: { Accept: 'application/json' }, timeoutMs, signal });
      if (answer.status === 404) return { kind: 'not-found' };
      if (!answer.ok) return failed(answer);
      const value = pick(readEnvelope(answer.json).data);
      return value === undefined ? { kind: 'error', reason: failureText('malformed') } : { kind: 'ok', value };
    } catch (error) {
      return caught(error);
    }
  }

  /** POST /invoices with the FatturaPA XML (application/xml). */
  async function sendInvoice(xml: string, signal?: AbortSignal): Promise<SdiSendResult> {
    try {
      const answer = await transport({ method: 'POST', path: '/invoices', headers: { 'Content-Type': 'application/xml', Accept: 'application/json' }, body: xml, timeoutMs, signal });
      if (!answer.ok) return failed(answer);
      const { data } = readEnvelope(answer.json);
      const uuid = isRecord(data) ? str(data.uuid) : '';
      return uuid === '' ? { kind: 'invalid-answer' } : { kind: 'sent', uuid };
    } catch (error) {
      return caught(error);
    }
  }

  /** GET /invoices/{uuid}: the provider's marking of a sent invoice. */
  function invoiceStatus(uuid: string, signal?: AbortSignal): Promise<SdiRead<SdiInvoiceStatus>> {
    return read(`/invoices/${encodeURIComponent(uuid)}`, toStatus, signal);
  }

  /**
   * GET /invoices?type=0&invoiceNumber=&sender=: the sent invoices with that number from that supplier (OPENAPI-SDI.md
   * §3.4). A send whose answer was lost (time-out, unreadable body) may have been queued all the same: this tells.
   */
  function findSent(invoiceNumber: string, senderVat: string, signal?: AbortSignal): Promise<SdiRead<SdiInvoiceStatus[]>> {
    const query = new URLSearchParams({ type: '0', invoiceNumber, sender: senderVat });
    return read(`/invoices?${query.toString()}`, (data) => (Array.isArray(data) ? data.map(toStatus).filter((s): s is SdiInvoiceStatus => s !== undefined) : undefined), signal);
  }

  /** GET /business_registry_configurations: the companies configured on this account. */
  function listConfigurations(signal?: AbortSignal): Promise<SdiRead<SdiRegistryConfiguration[]>> {
    return read('/business_registry_configurations', (data) => (Array.isArray(data) ? data.map(toConfiguration).filter((c): c is SdiRegistryConfiguration => c !== undefined) : undefined), signal);
  }

  /** GET /business_registry_configurations/{fiscal_id} (the fiscal id without the IT prefix). */
  function getConfiguration(fiscalId: string, signal?: AbortSignal): Promise<SdiRead<SdiRegistryConfiguration>> {
    const id = fiscalId.trim().replace(/^IT/i, '');
    return read(`/business_registry_configurations/${encodeURIComponent(id)}`, toConfiguration, signal);
  }

  /** A POST of JSON; the answer sorted as reads are (no retry: the caller checks what exists first). */
  async function postJson(path: string, body: unknown, signal?: AbortSignal): Promise<SdiWrite> {
    try {
      const answer = await transport({ method: 'POST', path, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body), timeoutMs, signal });
      return answer.ok ? { kind: 'ok' } : { kind: 'failed', status: answer.status, statusText: statusText(answer), message: failureMessage(answer) };
    } catch (error) {
      return caught(error);
    }
  }

  /**
   * The shop's OpenAPI set-up at registration or from the shop page (document 1 §7 HTTP): the business registry
   * configuration (skipped when the fiscal id is already configured, so a half-done set-up can be completed), then
   * the API configuration with the supplier-invoice and customer-notification callbacks (the provider overwrites
   * it, so it may be repeated).
   */
  async function configureShop(input: OpenApiSetupInput, signal?: AbortSignal): Promise<OpenApiSetupResult> {
    const fiscalId = input.fiscalId.trim().replace(/^IT/i, '');
    const fields = { fiscal_id: fiscalId, name: input.name, email: input.email, apply_signature: false, apply_legal_storage: false };
    const existing = await getConfiguration(fiscalId, signal);
    // Only a 404 means "not configured yet". A check that failed (5xx, no answer, unreadable) said nothing: creating
    // then would answer 409 for a shop configured earlier, with a message about the wrong problem.
    if (existing.kind === 'failed' || existing.kind === 'error') {
      return { kind: 'failed', step: 'registry', detail: `Business registry error: ${existing.kind === 'failed' ? `${STATUS_TEXT[existing.status] ?? `HTTP ${String(existing.status)}`} (${existing.message})` : existing.reason}` };
    }
    if (existing.kind === 'not-found') {
      const registry = await postJson('/business_registry_configurations', fields, signal);
      if (registry.kind !== 'ok') return { kind: 'failed', step: 'registry', detail: `Business registry error: ${writeDetail(registry)}` };
    }
    const callbacks = [
      { event: 'supplier-invoice', url: input.callbackUrl },
      { event: 'customer-notification', url: input.callbackUrl },
    ];
    const api = await postJson('/api_configurations', { ...fields, callbacks }, signal);
    if (api.kind !== 'ok') return { kind: 'failed', step: 'api', detail: `OpenAPI configuration error: ${writeDetail(api)}` };
    return { kind: 'configured' };
  }

  return { sendInvoice, invoiceStatus, findSent, listConfigurations, getConfiguration, configureShop };
}

export type SdiWrite = { kind: 'ok' } | { kind: 'failed'; status: number; statusText: string; message: string } | { kind: 'error'; reason: string };

export interface OpenApiSetupInput {
  fiscalId: string;
  name: string;
  email: string;
  callbackUrl: string;
}

export type OpenApiSetupResult = { kind: 'configured' } | { kind: 'failed'; step: 'registry' | 'api'; detail: string };

/** 'Business registry error' / 'OpenAPI configuration error' are followed by the status text (document 1 §8). */
function writeDetail(result: Exclude<SdiWrite, { kind: 'ok' }>): string {
  return result.kind === 'failed' ? `${result.statusText} (${result.message})` : result.reason;
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' };

/** fetch drops the reason phrase over HTTP/2; the standard phrase of the status stands in. */
function statusText(answer: HttpAnswer): string {
  return STATUS_TEXT[answer.status] ?? `HTTP ${String(answer.status)}`;
}

export type SdiApi = ReturnType<typeof createSdiApi>;

/** The Italian text of a failed send for the toast and the error panel (document 2 §8). */
export function sendFailureMessage(result: Exclude<SdiSendResult, { kind: 'sent' }>): string {
  switch (result.kind) {
    case 'failed':
      return `Invio fallito: ${result.message}`;
    case 'invalid-answer':
      return SEND_INVALID_ANSWER;
    case 'error':
      return `Invio fallito: ${result.reason}`;
  }
}

/**
 * The app's client for the calls made for `shopId`: through the proxy function (VITE_PROVIDER_MODE=proxy, which
 * checks the caller's rights on that shop), or straight to VITE_SDI_API_BASE_URL with VITE_SDI_API_TOKEN (direct).
 */
export function sdiApi(shopId: string): SdiApi {
  const env = appEnv();
  return createSdiApi(env.providerMode === 'proxy' ? { transport: proxyTransport('sdi', shopId) } : { baseUrl: env.sdiApiBaseUrl, token: env.sdiApiToken });
}
