/**
 * The token-keeping proxy of the e-invoicing provider (Openapi SDI) and of the company lookup (Openapi Company):
 * the app's one client per provider (src/lib/sdi-api.ts, src/lib/company-api.ts) sends its requests here in proxy
 * mode (VITE_PROVIDER_MODE=proxy), so the bearer tokens stay in Secret Manager and never reach the browser.
 *
 * - Only the calls the app makes are forwarded (ROUTES): send an invoice, look a sent one up by its number (the
 *   shop's own, as seller), read / create the business-registry
 *   configuration, write the API configuration, the company lookup and its slow-path polling. Anything else is
 *   refused ('invalid-argument').
 * - The caller must be signed in and the shop's owner, one of its technicians, or an admin (access.ts).
 * - An invoice is pre-flighted again here (the FatturaPA XSD and the SdI content checks of src/domain/fatturapa,
 *   the same code the browser runs) and its seller must be the shop: a document with problems is refused
 *   ('failed-precondition') and the provider is not called.
 * - Configuration calls must be for the shop's own fiscal id; the API configuration's callbacks are rewritten to our
 *   webhook (sdiCallback) with the webhook's auth header, which only the server knows.
 * - The provider's answer comes back unchanged: status, body text and the headers the client reads (Retry-After,
 *   Location, Content-Type), so the screens keep their Italian messages. No answer (provider down, network gone,
 *   time-out) comes back as { kind: 'no-answer', reason }, which the client turns into the same message as in
 *   direct mode.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { FatturapaSchemas } from '@/domain/fatturapa/validate';
import { preflightInvoice } from '@/domain/fatturapa/validate';
import { parseXml, textAt } from '@/domain/fatturapa/xml-tree';
import { requireShopRole } from './access';
import { SERVER_COLLECTIONS } from './collections';

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
}

/** The headers of the provider's answer the clients read. */
const PASSED_HEADERS = ['content-type', 'retry-after', 'location'];
/** Upper bound of one forwarded request (the callable itself may run 120 s). */
const MAX_TIMEOUT_MS = 100_000;
/** Only these events are configured (the webhook handles them): OPENAPI-SDI.md §3.2. */
const CALLBACK_EVENTS = new Set(['supplier-invoice', 'customer-notification']);

interface Context {
  db: Firestore;
  shopId: string;
  config: ProxyConfig;
}

interface Route {
  service: ProviderService;
  method: 'GET' | 'POST';
  pattern: RegExp;
  contentType?: string;
  /** Checks (and may rewrite) the body; throws HttpsError to refuse. */
  prepare?: (body: string, ctx: Context, match: RegExpExecArray) => Promise<string>;
}

const ROUTES: readonly Route[] = [
  { service: 'sdi', method: 'POST', pattern: /^\/invoices$/, contentType: 'application/xml', prepare: checkInvoice },
  // findSent: did a send that got no answer reach the provider? Only the shop's own sent invoices by number.
  { service: 'sdi', method: 'GET', pattern: /^\/invoices\?[A-Za-z0-9_=&%.+-]{1,300}$/, prepare: checkFindSent },
  { service: 'sdi', method: 'GET', pattern: /^\/business_registry_configurations\/([A-Za-z0-9]{1,32})$/, prepare: checkPathFiscalId },
  { service: 'sdi', method: 'POST', pattern: /^\/business_registry_configurations$/, contentType: 'application/json', prepare: checkRegistry },
  { service: 'sdi', method: 'POST', pattern: /^\/api_configurations$/, contentType: 'application/json', prepare: rewriteApiConfiguration },
  { service: 'company', method: 'GET', pattern: /^\/IT-aml\/[A-Za-z0-9]{1,32}$/ },
  { service: 'company', method: 'GET', pattern: /^\/IT-check_id\/[A-Za-z0-9_-]{1,64}$/ },
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
  const ctx: Context = { db, shopId: request.shopId, config };
  const match = route.pattern.exec(request.path) as RegExpExecArray;
  let body = request.method === 'POST' ? (request.body ?? '') : undefined;
  if (route.prepare) body = await route.prepare(body ?? '', ctx, match);
  const target = request.service === 'sdi' ? config.sdi : config.company;
  return forward(`${target.baseUrl.replace(/\/+$/, '')}${request.path}`, {
    method: request.method,
    token: target.token,
    ...(route.contentType ? { contentType: route.contentType } : {}),
    ...(request.method === 'POST' ? { body: body ?? '' } : {}),
    timeoutMs: Math.min(Math.max(request.timeoutMs ?? 30_000, 1000), MAX_TIMEOUT_MS),
    ...(config.fetchImpl ? { fetchImpl: config.fetchImpl } : {}),
  });
}

async function forward(url: string, options: { method: string; token: string; contentType?: string; body?: string; timeoutMs: number; fetchImpl?: typeof fetch }): Promise<ProxyAnswer> {
  // A little earlier than the client, so the client hears "time-out" from us rather than losing the call.
  const signal = AbortSignal.timeout(Math.max(options.timeoutMs - 2000, 1000));
  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      method: options.method,
      headers: { Authorization: `Bearer ${options.token}`, Accept: 'application/json', ...(options.contentType ? { 'Content-Type': options.contentType } : {}) },
      ...(options.body !== undefined ? { body: options.body } : {}),
      signal,
    });
    const body = await response.text();
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    return { kind: 'answer', status: response.status, body, headers };
  } catch {
    return { kind: 'no-answer', reason: signal.aborted ? 'timeout' : 'network' };
  }
}

/** The shop's fiscal ids as the provider wants them (no IT prefix, upper case): settings.pIva and the legacy fields. */
async function shopFiscalIds(ctx: Context): Promise<Set<string>> {
  const shop = await ctx.db.collection(SERVER_COLLECTIONS.shop).doc(ctx.shopId).get();
  const raw = [shop.get('settings.pIva'), shop.get('pIva'), shop.get('vatNumber'), shop.get('partitaIva'), shop.get('codiceFiscale')];
  return new Set(raw.map((v) => normalizeFiscalId(v)).filter((v) => v !== ''));
}

export function normalizeFiscalId(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return text.trim().toUpperCase().replace(/\s+/g, '').replace(/^IT(?=\d{11}$)/, '');
}

async function requireShopFiscalId(ctx: Context, fiscalId: unknown): Promise<void> {
  const id = normalizeFiscalId(fiscalId);
  const own = await shopFiscalIds(ctx);
  if (id === '' || !own.has(id)) throw new HttpsError('permission-denied', 'La partita IVA indicata non è quella del negozio.');
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

async function checkPathFiscalId(body: string, ctx: Context, match: RegExpExecArray): Promise<string> {
  await requireShopFiscalId(ctx, match[1]);
  return body;
}

/** GET /invoices?type=0&invoiceNumber=…&sender=…: exactly these three filters, the sender being the shop. */
async function checkFindSent(body: string, ctx: Context, match: RegExpExecArray): Promise<string> {
  const query = new URLSearchParams(match[0].slice(match[0].indexOf('?') + 1));
  const keys = [...query.keys()].sort();
  if (keys.join(',') !== 'invoiceNumber,sender,type' || query.get('type') !== '0' || (query.get('invoiceNumber') ?? '') === '') {
    throw new HttpsError('invalid-argument', 'Operazione del provider non consentita.');
  }
  await requireShopFiscalId(ctx, query.get('sender'));
  return body;
}

async function checkRegistry(body: string, ctx: Context): Promise<string> {
  const fields = jsonObject(body);
  await requireShopFiscalId(ctx, fields.fiscal_id);
  return body;
}

/** The callbacks always point at our webhook with its auth header (the browser knows neither the secret nor should pick the URL). */
async function rewriteApiConfiguration(body: string, ctx: Context): Promise<string> {
  const fields = jsonObject(body);
  await requireShopFiscalId(ctx, fields.fiscal_id);
  const asked = Array.isArray(fields.callbacks) ? (fields.callbacks as unknown[]) : [];
  const events = asked.map((c) => (typeof c === 'object' && c !== null ? (c as { event?: unknown }).event : undefined)).filter((e): e is string => typeof e === 'string' && CALLBACK_EVENTS.has(e));
  const callbacks = [...new Set(events.length > 0 ? events : [...CALLBACK_EVENTS])].map((event) => ({ event, url: ctx.config.webhook.url, auth_header: ctx.config.webhook.authHeader }));
  return JSON.stringify({ ...fields, callbacks });
}

/** The FatturaPA pre-flight (the browser's own code) and the seller: the shop may send only its own invoices. */
async function checkInvoice(xml: string, ctx: Context): Promise<string> {
  const problems = await preflightInvoice(xml, await ctx.config.loadSchemas());
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).map((p) => `${p.code === 'XSD' ? '' : `[${p.code}] `}${p.message}`);
    const more = problems.length > shown.length ? ` (e altri ${String(problems.length - shown.length)})` : '';
    throw new HttpsError('failed-precondition', `La fattura non supera i controlli FatturaPA: ${shown.join(' ')}${more}`);
  }
  const seller = sellerIds(xml);
  const own = await shopFiscalIds(ctx);
  if (!seller.some((id) => own.has(id))) throw new HttpsError('permission-denied', 'Il cedente della fattura non è il negozio.');
  return xml;
}

/** The seller's VAT number and fiscal code from the XML (CedentePrestatore/DatiAnagrafici). */
function sellerIds(xml: string): string[] {
  const root = parseXml(xml);
  const anagrafici = ['FatturaElettronicaHeader', 'CedentePrestatore', 'DatiAnagrafici'];
  return [textAt(root, ...anagrafici, 'IdFiscaleIVA', 'IdCodice'), textAt(root, ...anagrafici, 'CodiceFiscale')].map((v) => normalizeFiscalId(v)).filter((v) => v !== '');
}
