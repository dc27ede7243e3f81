/**
 * The token-keeping proxy of the e-invoicing provider (Openapi SDI) and of the company lookup (Openapi Company):
 * the app's one client per provider (src/lib/sdi-api.ts, src/lib/company-api.ts) sends its requests here in proxy
 * mode (VITE_PROVIDER_MODE=proxy), so the bearer tokens stay in Secret Manager and never reach the browser.
 *
 * - Only the calls the app makes are forwarded (ROUTES): send an invoice, look a sent one up by its number (the
 *   shop's own, as seller), read / create the business-registry configuration, write the API configuration, the
 *   company lookup and its slow-path polling. Anything else is refused ('invalid-argument').
 * - The caller must be signed in and the shop's owner, one of its technicians, or an admin (access.ts).
 * - Every SDI call (send, findSent, the configuration reads and writes) needs the shop's subscription to grant the
 *   Fatturazione pack now (pack-guard.ts: the app's own decision, expiry + the 15-day grace): refused otherwise
 *   ('permission-denied', Italian message), whoever calls — an admin or a technician acting for the shop too, since
 *   the provider bills per shop. The company lookup stays open (the customers' screen uses it).
 * - The shop's fiscal identity is the FiscalId registry's (fiscal-registry.ts: the P.IVA it holds or an admin shared
 *   with it, and its registered fiscal code), never the P.IVA fields of the Shop document, which the owner types.
 *   A shop without a registry entry may not send, configure or look its invoices up ('failed-precondition'); the
 *   company lookup stays open to it.
 * - An invoice is pre-flighted again here (the FatturaPA XSD and the SdI content checks of src/domain/fatturapa,
 *   the same code the browser runs) and every seller id in it (IdFiscaleIVA, CodiceFiscale) must be the shop's: a
 *   document with problems is refused and the provider is not called.
 * - Configuration calls and findSent must be for one of the shop's ids; the API configuration's callbacks are
 *   rewritten to our webhook (sdiCallback) with the webhook's auth header, which only the server knows.
 * - Calls per shop are limited per minute and per day (proxy-quota.ts), counted just before the provider is called.
 * - The provider's answer comes back rebuilt (proxy-answers.ts): the status, the envelope with only the fields the
 *   app reads, the headers the client reads (Retry-After, Location, Content-Type); no secret of ours, ever (the
 *   provider echoes the callbacks' auth_header). Error answers keep the provider's message, so the screens keep
 *   their texts. No answer (provider down, network gone, time-out) comes back as { kind: 'no-answer', reason },
 *   which the client turns into the same message as in direct mode.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { FatturapaSchemas } from '@/domain/fatturapa/validate';
import { preflightInvoice } from '@/domain/fatturapa/validate';
import { normalizeFiscalId } from '@/domain/fiscal-ids/registry';
import { parseXml, textAt } from '@/domain/fatturapa/xml-tree';
import { requireShopRole } from './access';
import { requirePack } from './pack-guard';
import { verifiedSellerIds } from './fiscal-registry';
import { answerBody, answerHeaders, apiConfigurationShape, companyShape, foundShape, registryShape, secretForms, sentShape, type DataShape } from './proxy-answers';
import { callProvider } from './provider-client';
import { PROXY_LIMITS, takeProxyQuota, type ProxyLimits } from './proxy-quota';

export type ProviderService = 'sdi' | 'company';

export interface ProxyRequest {
  service: ProviderService;
  method: 'GET' | 'POST';
  /** The provider's path, e.g. '/invoices', '/IT-aml/12345678901'. */
  path: string;
  body?: string;
  shopId: string;
  /** The client's own limit for this request; the proxy gives up a little earlier. */
  timeoutMs?: number;
}

export type ProxyAnswer = { kind: 'answer'; status: number; body: string; headers: Record<string, string> } | { kind: 'no-answer'; reason: 'network' | 'timeout' };

export interface ProxyConfig {
  sdi: { baseUrl: string; token: string };
  company: { baseUrl: string; token: string };
  /** Where the provider must call back (the sdiCallback function) and the Authorization it must send. */
  webhook: { url: string; authHeader: string };
  loadSchemas: () => Promise<FatturapaSchemas>;
  fetchImpl?: typeof fetch;
  /** Calls per shop per minute and per day; PROXY_LIMITS when absent (tests set small ones). */
  limits?: ProxyLimits;
}

/** Upper bound of one forwarded request (the callable itself may run 120 s). */
const MAX_TIMEOUT_MS = 100_000;
/** Only these events are configured (the webhook handles them): OPENAPI-SDI.md §3.2. */
const CALLBACK_EVENTS = new Set(['supplier-invoice', 'customer-notification']);

/** The pack an SDI call needs (document 3 §2.1: /invoices needs Fatturazione). */
export const INVOICING_PACK = 'Fatturazione';

export const UNVERIFIED_MESSAGE = "La partita IVA del negozio non è ancora verificata: chiedi al tecnico o all'amministratore.";
const NOT_THE_SHOPS = 'La partita IVA indicata non è quella del negozio.';
const NOT_THE_SELLER = 'Il cedente della fattura non è il negozio.';

interface Context {
  shopId: string;
  config: ProxyConfig;
  /** The shop's verified seller ids (FiscalId registry); read by the routes that need them. */
  sellerIds: Set<string>;
}

interface Route {
  service: ProviderService;
  method: 'GET' | 'POST';
  pattern: RegExp;
  contentType?: string;
  /** The calls on the shop's own fiscal identity: refused for a shop the registry does not know. */
  verified: boolean;
  /** Checks (and may rewrite) the body; throws HttpsError to refuse. */
  prepare?: (body: string, ctx: Context, match: RegExpExecArray) => Promise<string> | string;
  /** How the answer's `data` is rebuilt. */
  shape: DataShape;
}

const ROUTES: readonly Route[] = [
  { service: 'sdi', method: 'POST', pattern: /^\/invoices$/, contentType: 'application/xml', verified: true, prepare: checkInvoice, shape: sentShape },
  // findSent: did a send that got no answer reach the provider? Only the shop's own sent invoices by number.
  { service: 'sdi', method: 'GET', pattern: /^\/invoices\?[A-Za-z0-9_=&%.+-]{1,300}$/, verified: true, prepare: checkFindSent, shape: foundShape },
  { service: 'sdi', method: 'GET', pattern: /^\/business_registry_configurations\/([A-Za-z0-9]{1,32})$/, verified: true, prepare: checkPathFiscalId, shape: registryShape },
  { service: 'sdi', method: 'POST', pattern: /^\/business_registry_configurations$/, contentType: 'application/json', verified: true, prepare: checkRegistry, shape: registryShape },
  { service: 'sdi', method: 'POST', pattern: /^\/api_configurations$/, contentType: 'application/json', verified: true, prepare: rewriteApiConfiguration, shape: apiConfigurationShape },
  { service: 'company', method: 'GET', pattern: /^\/IT-aml\/[A-Za-z0-9]{1,32}$/, verified: false, shape: companyShape },
  { service: 'company', method: 'GET', pattern: /^\/IT-check_id\/[A-Za-z0-9_-]{1,64}$/, verified: false, shape: companyShape },
];

function readRequest(data: unknown): ProxyRequest {
  const input = (data ?? {}) as Partial<Record<keyof ProxyRequest, unknown>>;
  const service = input.service;
  const method = input.method;
  if ((service !== 'sdi' && service !== 'company') || (method !== 'GET' && method !== 'POST') || typeof input.path !== 'string') {
    throw new HttpsError('invalid-argument', 'Richiesta al provider non valida.');
  }
  if (input.body !== undefined && typeof input.body !== 'string') throw new HttpsError('invalid-argument', 'Richiesta al provider non valida.');
  return {
    service,
    method,
    path: input.path,
    ...(typeof input.body === 'string' ? { body: input.body } : {}),
    shopId: typeof input.shopId === 'string' ? input.shopId : '',
    ...(typeof input.timeoutMs === 'number' && Number.isFinite(input.timeoutMs) ? { timeoutMs: input.timeoutMs } : {}),
  };
}

export async function handleProviderProxy(db: Firestore, uid: string | undefined, data: unknown, config: ProxyConfig): Promise<ProxyAnswer> {
  if (!uid) throw new HttpsError('unauthenticated', 'Accesso richiesto.');
  const request = readRequest(data);
  const route = ROUTES.find((r) => r.service === request.service && r.method === request.method && r.pattern.test(request.path));
  if (!route) throw new HttpsError('invalid-argument', 'Operazione del provider non consentita.');
  await requireShopRole(db, uid, request.shopId, ['owner', 'tech', 'admin']);
  // Before anything costs: a shop that does not pay for invoicing never reaches the provider (nor takes quota).
  if (route.service === 'sdi') await requirePack(db, request.shopId, INVOICING_PACK);
  const sellerIds = route.verified ? await verifiedSellerIds(db, request.shopId) : new Set<string>();
  if (route.verified && sellerIds.size === 0) throw new HttpsError('failed-precondition', UNVERIFIED_MESSAGE);
  const ctx: Context = { shopId: request.shopId, config, sellerIds };
  const match = route.pattern.exec(request.path) as RegExpExecArray;
  let body = request.method === 'POST' ? (request.body ?? '') : undefined;
  if (route.prepare) body = await route.prepare(body ?? '', ctx, match);
  // Counted last: a call refused above costs nothing at the provider, so it takes nothing of the shop's quota.
  await takeProxyQuota(db, request.shopId, config.limits ?? PROXY_LIMITS);
  const target = request.service === 'sdi' ? config.sdi : config.company;
  const answer = await forward(`${target.baseUrl.replace(/\/+$/, '')}${request.path}`, {
    method: request.method,
    token: target.token,
    ...(route.contentType ? { contentType: route.contentType } : {}),
    ...(request.method === 'POST' ? { body: body ?? '' } : {}),
    timeoutMs: Math.min(Math.max(request.timeoutMs ?? 30_000, 1000), MAX_TIMEOUT_MS),
    ...(config.fetchImpl ? { fetchImpl: config.fetchImpl } : {}),
  });
  if (answer.kind === 'no-answer') return answer;
  const secrets = secretForms([config.sdi.token, config.company.token, config.webhook.authHeader]);
  return { kind: 'answer', status: answer.status, body: answerBody(answer.body, route.shape, sellerIds, secrets), headers: answerHeaders(answer.headers, secrets) };
}

/** The app's request through the one provider client, the answer's body as text (the envelope). */
async function forward(url: string, options: { method: 'GET' | 'POST'; token: string; contentType?: string; body?: string; timeoutMs: number; fetchImpl?: typeof fetch }): Promise<ProxyAnswer> {
  // A little earlier than the client, so the client hears "time-out" from us rather than losing the call.
  const answer = await callProvider(url, { ...options, timeoutMs: Math.max(options.timeoutMs - 2000, 1000) });
  if (answer.kind === 'no-answer') return answer;
  return { kind: 'answer', status: answer.status, body: new TextDecoder().decode(answer.bytes), headers: answer.headers };
}

function requireShopFiscalId(ctx: Context, fiscalId: unknown): void {
  const id = normalizeFiscalId(fiscalId);
  if (id === '' || !ctx.sellerIds.has(id)) throw new HttpsError('permission-denied', NOT_THE_SHOPS);
}

function jsonObject(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // below
  }
  throw new HttpsError('invalid-argument', 'Richiesta al provider non valida.');
}

function checkPathFiscalId(body: string, ctx: Context, match: RegExpExecArray): string {
  requireShopFiscalId(ctx, match[1]);
  return body;
}

/** GET /invoices?type=0&invoiceNumber=…&sender=…: exactly these three filters, the sender one of the shop's ids. */
function checkFindSent(body: string, ctx: Context, match: RegExpExecArray): string {
  const query = new URLSearchParams(match[0].slice(match[0].indexOf('?') + 1));
  const keys = [...query.keys()].sort();
  if (keys.join(',') !== 'invoiceNumber,sender,type' || query.get('type') !== '0' || (query.get('invoiceNumber') ?? '') === '') {
    throw new HttpsError('invalid-argument', 'Operazione del provider non consentita.');
  }
  requireShopFiscalId(ctx, query.get('sender'));
  return body;
}

function checkRegistry(body: string, ctx: Context): string {
  requireShopFiscalId(ctx, jsonObject(body).fiscal_id);
  return body;
}

/** The callbacks always point at our webhook with its auth header (the browser knows neither the secret nor should pick the URL). */
function rewriteApiConfiguration(body: string, ctx: Context): string {
  const fields = jsonObject(body);
  requireShopFiscalId(ctx, fields.fiscal_id);
  const asked = Array.isArray(fields.callbacks) ? (fields.callbacks as unknown[]) : [];
  const events = asked.map((c) => (typeof c === 'object' && c !== null ? (c as { event?: unknown }).event : undefined)).filter((e): e is string => typeof e === 'string' && CALLBACK_EVENTS.has(e));
  const callbacks = [...new Set(events.length > 0 ? events : [...CALLBACK_EVENTS])].map((event) => ({ event, url: ctx.config.webhook.url, auth_header: ctx.config.webhook.authHeader }));
  return JSON.stringify({ ...fields, callbacks });
}

/** The FatturaPA pre-flight (the browser's own code) and the seller: every seller id in the XML must be the shop's. */
async function checkInvoice(xml: string, ctx: Context): Promise<string> {
  const problems = await preflightInvoice(xml, await ctx.config.loadSchemas());
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).map((p) => `${p.code === 'XSD' ? '' : `[${p.code}] `}${p.message}`);
    const more = problems.length > shown.length ? ` (e altri ${String(problems.length - shown.length)})` : '';
    throw new HttpsError('failed-precondition', `La fattura non supera i controlli FatturaPA: ${shown.join(' ')}${more}`);
  }
  const seller = sellerIds(xml);
  if (seller.length === 0 || !seller.every((id) => ctx.sellerIds.has(id))) throw new HttpsError('permission-denied', NOT_THE_SELLER);
  return xml;
}

/**
 * The seller's ids from the XML (CedentePrestatore/DatiAnagrafici): the P.IVA (IdFiscaleIVA, Italian only: a foreign
 * IdPaese with the shop's number is another identity, kept as such so it matches nothing) and the CodiceFiscale.
 */
function sellerIds(xml: string): string[] {
  const root = parseXml(xml);
  const anagrafici = ['FatturaElettronicaHeader', 'CedentePrestatore', 'DatiAnagrafici'];
  const country = (textAt(root, ...anagrafici, 'IdFiscaleIVA', 'IdPaese') ?? '').trim().toUpperCase();
  const code = normalizeFiscalId(textAt(root, ...anagrafici, 'IdFiscaleIVA', 'IdCodice'));
  const vat = code === '' ? '' : country === 'IT' ? code : `${country}:${code}`;
  return [vat, normalizeFiscalId(textAt(root, ...anagrafici, 'CodiceFiscale'))].filter((v) => v !== '');
}
