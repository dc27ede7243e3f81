/**
 * The token-keeping proxy of the e-invoicing provider (Openapi SDI) and of the company lookup (Openapi Company):
 * the app's one client per provider (src/lib/sdi-api.ts, src/lib/company-api.ts) sends its requests here in proxy
 * mode (VITE_PROVIDER_MODE=proxy), so the bearer tokens stay in Secret Manager and never reach the browser.
 *
 * - Only the calls the app makes are forwarded (ROUTES): send an invoice, look a sent one up by its number (the
 *   shop's own, as seller), read / create the business-registry configuration, write the API configuration, the
 *   company lookup and its slow-path polling. Anything else is refused ('invalid-argument').
 * - Only the bodies the app sends (src/lib/sdi-api.ts configureShop): each JSON route has its allow-list of fields
 *   and forwards a body rebuilt from them, with the values the app fixes (signature and legal storage off: they are
 *   paid options of the one provider account all shops share); an unknown field, or one of those switched on, is
 *   refused. A GET carries no body. The size is checked before anything is parsed (MAX_BODY_BYTES).
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
 * - Calls per shop are limited per minute and per day (proxy-quota.ts), counted once the caller is known to act for
 *   the shop and before the expensive checks (the FatturaPA XSD): a call those checks refuse still counts.
 * - A send the provider accepts is recorded here, not by the browser (sdi-record.ts): the exact XML forwarded, its
 *   SHA-256, the provider's uuid and the time, in SdiSubmission/{uuid}; the rules let a draft become sent only
 *   against that record. An answer lost on the way is recorded when findSent finds the invoice.
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
import { recordAttempt, recordFound, recordSubmission, sentUuidOf } from './sdi-record';

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
/**
 * The largest body forwarded, in UTF-8 bytes, checked before any parsing. An invoice: the SDI accepts files up to
 * 5 MB, but what we send must fit, with its record's other fields, in one Firestore document (1 MiB: the Sale's
 * payload, the Invoice's, SdiSubmission's xml), so 1,000,000 bytes — a few thousand lines, far above a shop's
 * invoice. A JSON configuration: the app sends a few hundred bytes.
 */
export const MAX_BODY_BYTES = { xml: 1_000_000, json: 4_096 } as const;
export const TOO_LARGE_MESSAGE = 'Richiesta al provider troppo grande.';
const INVALID_REQUEST = 'Richiesta al provider non valida.';
/** Only these events are configured (the webhook handles them): OPENAPI-SDI.md §3.2. */
const CALLBACK_EVENTS = new Set(['supplier-invoice', 'customer-notification']);

/** The pack an SDI call needs (document 3 §2.1: /invoices needs Fatturazione). */
export const INVOICING_PACK = 'Fatturazione';

export const UNVERIFIED_MESSAGE = "La partita IVA del negozio non è ancora verificata: chiedi al tecnico o all'amministratore.";
const NOT_THE_SHOPS = 'La partita IVA indicata non è quella del negozio.';
const NOT_THE_SELLER = 'Il cedente della fattura non è il negozio.';

interface Context {
  db: Firestore;
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
  /** Just before the provider is called, with the body that goes out (the send keeps its attempt). */
  before?: (body: string, ctx: Context) => Promise<void>;
  /** After the provider answered (the send and findSent record what the SDI received). */
  after?: (answer: { status: number; body: string }, body: string, ctx: Context, match: RegExpExecArray) => Promise<void>;
}

const ROUTES: readonly Route[] = [
  { service: 'sdi', method: 'POST', pattern: /^\/invoices$/, contentType: 'application/xml', verified: true, prepare: checkInvoice, shape: sentShape, before: keepAttempt, after: recordSent },
  // findSent: did a send that got no answer reach the provider? Only the shop's own sent invoices by number.
  { service: 'sdi', method: 'GET', pattern: /^\/invoices\?[A-Za-z0-9_=&%.+-]{1,300}$/, verified: true, prepare: checkFindSent, shape: foundShape, after: recordFoundSent },
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
  // Before any parsing or reading: the length of the text is all that is looked at (a UTF-8 byte is at least one
  // UTF-16 unit and at most a third of one, so the byte count is computed only for a text that could be too long).
  checkSize(route, request.body);
  await requireShopRole(db, uid, request.shopId, ['owner', 'tech', 'admin']);
  // Before anything costs: a shop that does not pay for invoicing never reaches the provider (nor takes quota).
  if (route.service === 'sdi') await requirePack(db, request.shopId, INVOICING_PACK);
  const sellerIds = route.verified ? await verifiedSellerIds(db, request.shopId) : new Set<string>();
  if (route.verified && sellerIds.size === 0) throw new HttpsError('failed-precondition', UNVERIFIED_MESSAGE);
  // Counted before the checks that cost (the XSD of a send takes a second for a large file): a call they refuse
  // still takes its unit, so a script cannot keep the server validating once the shop's quota is spent. The calls
  // refused above cost a few document reads and take nothing (nor can anyone spend another shop's quota).
  await takeProxyQuota(db, request.shopId, config.limits ?? PROXY_LIMITS);
  const ctx: Context = { db, shopId: request.shopId, config, sellerIds };
  const match = route.pattern.exec(request.path) as RegExpExecArray;
  let body = request.method === 'POST' ? (request.body ?? '') : undefined;
  if (route.prepare) body = await route.prepare(body ?? '', ctx, match);
  if (route.before) await route.before(body ?? '', ctx);
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
  if (route.after && answer.status >= 200 && answer.status < 300) await afterAnswer(route.after, answer, body ?? '', ctx, match);
  const secrets = secretForms([config.sdi.token, config.company.token, config.webhook.authHeader]);
  return { kind: 'answer', status: answer.status, body: answerBody(answer.body, route.shape, sellerIds, secrets), headers: answerHeaders(answer.headers, secrets) };
}

/**
 * The record of what the provider accepted, tried three times. The provider's answer goes back whatever happens: the
 * invoice is queued at the SDI, and an error here would make the app free the draft for a second send of it.
 */
async function afterAnswer(after: NonNullable<Route['after']>, answer: { status: number; body: string }, body: string, ctx: Context, match: RegExpExecArray): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await after(answer, body, ctx, match);
      return;
    } catch (error) {
      if (attempt === 3) console.error('providerProxy: record of the provider answer failed', ctx.shopId, error instanceof Error ? error.message : String(error));
    }
  }
}

/** The app's request through the one provider client, the answer's body as text (the envelope). */
async function forward(url: string, options: { method: 'GET' | 'POST'; token: string; contentType?: string; body?: string; timeoutMs: number; fetchImpl?: typeof fetch }): Promise<ProxyAnswer> {
  // A little earlier than the client, so the client hears "time-out" from us rather than losing the call.
  const answer = await callProvider(url, { ...options, timeoutMs: Math.max(options.timeoutMs - 2000, 1000) });
  if (answer.kind === 'no-answer') return answer;
  return { kind: 'answer', status: answer.status, body: new TextDecoder().decode(answer.bytes), headers: answer.headers };
}

function checkSize(route: Route, body: string | undefined): void {
  if (route.method === 'GET') {
    if (body !== undefined && body !== '') throw new HttpsError('invalid-argument', INVALID_REQUEST);
    return;
  }
  const limit = route.contentType === 'application/xml' ? MAX_BODY_BYTES.xml : MAX_BODY_BYTES.json;
  const text = body ?? '';
  if (text.length > limit || (text.length * 3 > limit && Buffer.byteLength(text, 'utf8') > limit)) throw new HttpsError('invalid-argument', TOO_LARGE_MESSAGE);
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
  throw new HttpsError('invalid-argument', INVALID_REQUEST);
}

/** Refuses a body with a field the app does not send on this route. */
function onlyFields(fields: Record<string, unknown>, allowed: readonly string[]): void {
  const extra = Object.keys(fields).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw new HttpsError('invalid-argument', `Richiesta al provider non valida: campo non ammesso (${extra.slice(0, 3).join(', ')}).`);
}

/** Paid options of the shared provider account: the app always sends false; absent counts as false. */
function requireOff(fields: Record<string, unknown>): void {
  for (const key of ['apply_signature', 'apply_legal_storage']) {
    if (fields[key] !== undefined && fields[key] !== false) throw new HttpsError('permission-denied', 'Firma digitale e conservazione a norma non si attivano dal gestionale.');
  }
}

function shortText(value: unknown, max: number): string {
  if (typeof value !== 'string' || value.length > max) throw new HttpsError('invalid-argument', INVALID_REQUEST);
  return value;
}

/** What configureShop sends to both configuration routes (src/lib/sdi-api.ts). */
const REGISTRY_FIELDS = ['fiscal_id', 'name', 'email', 'apply_signature', 'apply_legal_storage'] as const;

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

/** POST /business_registry_configurations: the five fields of OPENAPI-SDI.md §3.1, signature and legal storage off. */
function checkRegistry(body: string, ctx: Context): string {
  const fields = jsonObject(body);
  onlyFields(fields, REGISTRY_FIELDS);
  requireShopFiscalId(ctx, fields.fiscal_id);
  requireOff(fields);
  const fiscalId = shortText(fields.fiscal_id, 32);
  return JSON.stringify({ fiscal_id: fiscalId, name: shortText(fields.name, 200), email: shortText(fields.email, 254), apply_signature: false, apply_legal_storage: false });
}

/** The callbacks always point at our webhook with its auth header (the browser knows neither the secret nor should pick the URL). */
function rewriteApiConfiguration(body: string, ctx: Context): string {
  const fields = jsonObject(body);
  // The app sends the registry's fields along (the provider ignores them): accepted, not forwarded; nothing else.
  onlyFields(fields, [...REGISTRY_FIELDS, 'callbacks']);
  requireShopFiscalId(ctx, fields.fiscal_id);
  requireOff(fields);
  const asked = Array.isArray(fields.callbacks) ? (fields.callbacks as unknown[]) : [];
  const events = asked.map((c) => (typeof c === 'object' && c !== null ? (c as { event?: unknown }).event : undefined)).filter((e): e is string => typeof e === 'string' && CALLBACK_EVENTS.has(e));
  const callbacks = [...new Set(events.length > 0 ? events : [...CALLBACK_EVENTS])].map((event) => ({ event, url: ctx.config.webhook.url, auth_header: ctx.config.webhook.authHeader }));
  // ApiConfiguration-write (OPENAPI-SDI.md §3.2): fiscal_id and callbacks, nothing else.
  return JSON.stringify({ fiscal_id: shortText(fields.fiscal_id, 32), callbacks });
}

/** Before the XML goes out: the attempt a lost answer can still be recorded from. */
async function keepAttempt(xml: string, ctx: Context): Promise<void> {
  await recordAttempt(ctx.db, ctx.shopId, xml);
}

/** The provider accepted the XML: its record under the uuid (the draft can now be marked sent, by this record only). */
async function recordSent(answer: { body: string }, xml: string, ctx: Context): Promise<void> {
  const uuid = sentUuidOf(answer.body);
  if (uuid !== '') await recordSubmission(ctx.db, { uuid, shopId: ctx.shopId, xml, via: 'send' });
}

/** findSent found the shop's invoices with that number: those without a record get one from the shop's attempt. */
async function recordFoundSent(answer: { body: string }, _body: string, ctx: Context, match: RegExpExecArray): Promise<void> {
  const query = new URLSearchParams(match[0].slice(match[0].indexOf('?') + 1));
  let data: unknown;
  try {
    data = (JSON.parse(answer.body) as { data?: unknown } | null)?.data;
  } catch {
    return;
  }
  const own = foundShape(data, ctx.sellerIds);
  if (!Array.isArray(own)) return;
  const found = own
    .map((item) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}))
    .filter((item) => typeof item.uuid === 'string' && item.uuid !== '')
    .map((item) => ({ uuid: String(item.uuid), createdAt: typeof item.created_at === 'string' ? item.created_at : '' }));
  await recordFound(ctx.db, ctx.shopId, query.get('invoiceNumber') ?? '', found);
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
