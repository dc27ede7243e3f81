/**
 * What providerProxy gives back to the browser: never the provider's body as it came. The provider echoes
 * what it stores — the API configuration's callbacks with the webhook's auth_header, the one secret guarding the
 * sdiCallback of every shop — so each route's answer is rebuilt from the fields the app reads (src/lib/http.ts
 * readEnvelope: data, success, message, error; src/lib/sdi-api.ts and src/lib/company-api.ts for each `data`), and
 * then, as a last guard, any authorization-like key is dropped at any depth and any literal occurrence of a secret
 * the proxy holds (the bearer tokens, the webhook's Authorization) becomes '[riservato]', in the body and the headers.
 * A body that is not JSON is not passed on at all: the client could not read it anyway (it reports "risposta non
 * leggibile", as for a cut JSON), and a cut body may hold part of a secret, which no replacement would catch.
 */

/** How one route's `data` is rebuilt; `sellerIds` are the shop's verified ids (findSent keeps only its own invoices). */
export type DataShape = (data: unknown, sellerIds: ReadonlySet<string>) => unknown;

export const REDACTED = '[riservato]';
/** Stands for a body that was not JSON (not JSON itself, so the client still reports an unreadable answer). */
export const UNREADABLE_BODY = 'Risposta del provider non leggibile (omessa dal proxy).';
/** Keys that name a credential: dropped wherever they appear. */
const SECRET_KEY = /auth|token|secret|password|passwd|api[-_]?key|bearer|credential/i;
/** Secrets shorter than this are not searched for in text (they would match ordinary words). */
const MIN_SECRET_LENGTH = 6;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isScalar = (value: unknown): value is string | number | boolean | null => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The listed keys the source has with a scalar value (absent keys stay absent: `{}` stays `{}`). */
function pick(source: unknown, keys: readonly string[]): Record<string, Json> | null {
  if (!isRecord(source)) return null;
  const out: Record<string, Json> = {};
  for (const key of keys) {
    const value = source[key];
    if (isScalar(value)) out[key] = value;
  }
  return out;
}

/** POST /invoices: the queued invoice's uuid. */
export const sentShape: DataShape = (data) => pick(data, ['uuid']);

/** The id the provider files an invoice's seller under (Invoice-read's `sender`, OPENAPI-SDI.md §3.4), normalised. */
function senderIds(invoice: Record<string, unknown>): string[] {
  const sender = invoice.sender;
  if (!isRecord(sender)) return [];
  return [sender.business_vat_number_code, sender.business_fiscal_code]
    .map((v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase().replace(/^IT(?=\d{11}$)/, '') : ''))
    .filter((v) => v !== '');
}

/** GET /invoices?type=0&…: the shop's own sent invoices only (the sender one of its verified ids), as sdi-api.ts toStatus reads them. */
export const foundShape: DataShape = (data, sellerIds) => {
  if (!Array.isArray(data)) return null;
  return data
    .filter((item): item is Record<string, unknown> => isRecord(item) && senderIds(item).some((id) => sellerIds.has(id)))
    .map((item) => pick(item, ['uuid', 'marking', 'created_at', 'sdi_file_name', 'notice']));
};

/** The business-registry configuration (GET and POST), as sdi-api.ts toConfiguration reads it. */
export const registryShape: DataShape = (data) => pick(data, ['id', 'fiscal_id', 'name', 'email', 'apply_signature', 'apply_legal_storage', 'active']);

/** POST /api_configurations: the app reads only the status; the configuration's id and events say what was set. */
export const apiConfigurationShape: DataShape = (data) => {
  if (!Array.isArray(data)) return null;
  return data.filter(isRecord).map((item) => ({
    ...pick(item, ['id']),
    callbacks: Array.isArray(item.callbacks) ? item.callbacks.map((c) => pick(c, ['event'])).filter((c) => c !== null) : [],
  }));
};

/** IT-aml and IT-check_id: what company-api.ts reads (companyFromData, the slow path's state and id). */
export const companyShape: DataShape = (data) => {
  if (!isRecord(data)) return null;
  const out: Record<string, Json> = pick(data, ['state', 'id']) ?? {};
  const details = pick(data.companyDetails, ['vatCode', 'taxCode', 'companyName']);
  if (details) out.companyDetails = details;
  if (isRecord(data.address)) {
    const address: Record<string, Json> = pick(data.address, ['streetName', 'zipCode', 'town']) ?? {};
    const province = pick(data.address.province, ['code']);
    const country = pick(data.address.country, ['code']);
    if (province) address.province = province;
    if (country) address.country = country;
    out.address = address;
  }
  if (Array.isArray(data.managers)) {
    // Only people (company-api.ts takes the first manager with a name and a surname).
    out.managers = data.managers.map((m) => pick(m, ['name', 'surname', 'birthDate', 'isLegalRepresentative'])).filter((m): m is Record<string, Json> => m !== null && typeof m.name === 'string' && typeof m.surname === 'string');
  }
  return out;
};

/** The literal forms of the secrets to search for: each value, and a bearer value without its scheme. */
export function secretForms(values: readonly string[]): string[] {
  const forms = values.flatMap((v) => [v.trim(), v.trim().replace(/^Bearer\s+/i, '')]);
  return [...new Set(forms.filter((f) => f.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out;
}

/** Drops credential-like keys at any depth and redacts the secrets in every string. */
export function scrub(value: unknown, secrets: readonly string[]): Json {
  if (typeof value === 'string') return redactText(value, secrets);
  if (isScalar(value)) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (isRecord(value)) {
    const out: Record<string, Json> = {};
    for (const [key, v] of Object.entries(value)) if (!SECRET_KEY.test(key)) out[redactText(key, secrets)] = scrub(v, secrets);
    return out;
  }
  return null;
}

/**
 * The body the browser gets: the provider's envelope with `data` rebuilt by the route's shape, its message (errors
 * keep the provider's text, the screens show it) and its scalar error code; then scrubbed.
 */
export function answerBody(text: string, shape: DataShape, sellerIds: ReadonlySet<string>, secrets: readonly string[]): string {
  if (text.trim() === '') return '';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return UNREADABLE_BODY;
  }
  if (!isRecord(json)) return 'null';
  const envelope: Record<string, unknown> = { data: shape(json.data, sellerIds) };
  if (typeof json.success === 'boolean') envelope.success = json.success;
  if (typeof json.message === 'string') envelope.message = json.message;
  if (typeof json.error === 'string' || typeof json.error === 'number' || json.error === null) envelope.error = json.error;
  return redactText(JSON.stringify(scrub(envelope, secrets)), secrets);
}

/** The headers the clients read, their values redacted. */
export function answerHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redactText(value, secrets)]));
}
