/**
 * The provider's callbacks (shared/providers/OPENAPI-SDI.md §3.6, §4), read into what the webhook writes. Pure:
 * the Cloud Function (functions/src/webhook.ts) does the I/O, this module decides. Used by the function bundle
 * and unit-tested here.
 *
 * - supplier-invoice: `data.invoice = {uuid, created_at, filename, file_id, payload}`; the payload is the
 *   snake_case FatturaPA JSON (JSON-MAPPING.md; a simplified FSM10 invoice in a38's shape of it), the recipient is
 *   payload.…cessionario_committente. A payload that reads as no invoice (no supplier, no lines) is refused. An older shape
 *   without the `payload` level is accepted too.
 * - customer-notification: `data.notification = {uuid, invoice_uuid, type, message{lista_errori…}}`, the invoice
 *   next to it or inside it. There is no marking in the callback: the type is mapped (§3.5).
 * Every other event is acknowledged and ignored (the provider retries until it gets a 200).
 */
import { asList, asObject, path, str, type JsonObject, type JsonValue } from '../fatturapa/json-form';
import { assertInvoiceContent } from '../fatturapa/invoice-file';
import { InvoiceReadError, readIncomingJson, type InvoiceView } from '../fatturapa/reader';
import { centsToEuro, toCents } from '../money/money';

export const SUPPLIER_INVOICE = 'supplier-invoice';
export const CUSTOMER_NOTIFICATION = 'customer-notification';

/** SDI notification types and the marking each sets (OPENAPI-SDI.md §3.5); NE depends on the outcome. */
export const NOTIFICATION_MARKINGS = {
  NS: 'rejected',
  RC: 'delivered',
  MC: 'not-delivered',
  AT: 'not-delivered',
  DT: 'deadline-terms',
} as const;

export interface CallbackError {
  code: string;
  description: string;
  suggestion?: string;
}

export interface IncomingLine {
  code?: string;
  description: string;
  quantity: number;
  um?: string;
  unitPrice: number;
  iva?: number;
  totalPrice: number;
}

export interface SupplierInvoiceCallback {
  kind: 'supplier-invoice';
  /** The provider's invoice uuid: the Invoice document id and the idempotency key. */
  uuid: string;
  createdAt?: Date;
  fileName?: string;
  /** The payload object as received (the Invoice keeps its JSON text). */
  payload: JsonObject;
  /** The recipient's ids to look the shop up by: VAT number without the country prefix, then fiscal code. */
  recipientIds: string[];
  supplierName: string;
  number: string;
  /** The invoice date (yyyy-mm-dd) of the first body. */
  date?: string;
  total: number;
  items: IncomingLine[];
}

export interface CustomerNotificationCallback {
  kind: 'customer-notification';
  /** The notification's uuid: the idempotency key. */
  uuid: string;
  invoiceUuid: string;
  type: string;
  /** undefined when the type sets no marking (MT, EC, SE, NE without outcome…). */
  marking?: string;
  /** The notification's created_at (orders late deliveries: marking-order.ts). */
  createdAt?: Date;
  errors: CallbackError[];
  note?: string;
  /** The notification as received (without the invoice), for the ApiLog body. */
  notification: JsonObject;
}

export interface IgnoredCallback {
  kind: 'ignored';
  event: string;
  uuid?: string;
}

export type ProviderCallback = SupplierInvoiceCallback | CustomerNotificationCallback | IgnoredCallback;

export type ParseResult = { ok: true; callback: ProviderCallback } | { ok: false; reason: string };

const fail = (reason: string): ParseResult => ({ ok: false, reason });

function toDate(value: JsonValue | undefined): Date | undefined {
  const s = str(value);
  if (s === undefined) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** 'IT01234567890' → '01234567890'; blanks dropped; upper case. */
export function normalizeFiscalId(value: string | undefined): string | undefined {
  const s = value?.trim().toUpperCase().replace(/\s+/g, '');
  if (!s) return undefined;
  return s.replace(/^IT(?=\d{11}$)/, '');
}

/**
 * The recipient's VAT code and fiscal code: under DatiAnagrafici in an ordinary invoice, under
 * IdentificativiFiscali in a simplified one (FSM10).
 */
function recipientIds(payload: JsonObject): string[] {
  const buyer = path(payload, 'fattura_elettronica_header', 'cessionario_committente');
  const anagrafici = path(buyer, 'dati_anagrafici') ?? path(buyer, 'identificativi_fiscali');
  const ids = [normalizeFiscalId(str(path(anagrafici, 'id_fiscale_iva', 'id_codice'))), normalizeFiscalId(str(path(anagrafici, 'codice_fiscale')))];
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

function linesOf(view: InvoiceView): IncomingLine[] {
  return view.lines.map((l) => ({
    ...(l.articleCode ? { code: l.articleCode } : {}),
    description: l.description,
    quantity: l.quantity ?? 1,
    ...(l.unitOfMeasure ? { um: l.unitOfMeasure } : {}),
    unitPrice: l.unitPrice,
    iva: l.vatRate,
    totalPrice: l.total,
  }));
}

function parseSupplierInvoice(data: JsonObject): ParseResult {
  const invoice = asObject(data.invoice);
  if (!invoice) return fail('data.invoice mancante');
  const uuid = str(invoice.uuid);
  if (!uuid) return fail('data.invoice.uuid mancante');
  // The documented shape has the FatturaPA JSON under `payload`; an older one puts it at the invoice's level.
  const payload = asObject(invoice.payload) ?? (invoice.fattura_elettronica_header ? invoice : undefined);
  if (!payload) return fail('data.invoice.payload mancante');
  let views: InvoiceView[];
  try {
    views = readIncomingJson(payload);
  } catch (error) {
    if (error instanceof InvoiceReadError) return fail(error.message);
    throw error;
  }
  try {
    assertInvoiceContent(views, str(invoice.filename) ?? '');
  } catch (error) {
    if (error instanceof InvoiceReadError) return fail(error.message);
    throw error;
  }
  const first = views[0];
  if (!first) return fail('fattura senza corpo');
  const total = centsToEuro(views.reduce((sum, v) => sum + (toCents(v.total) ?? 0), 0));
  return {
    ok: true,
    callback: {
      kind: 'supplier-invoice',
      uuid,
      createdAt: toDate(invoice.created_at),
      fileName: str(invoice.filename),
      payload: payload === invoice ? withoutKeys(invoice, ['uuid', 'created_at', 'filename', 'file_id']) : payload,
      recipientIds: recipientIds(payload),
      supplierName: first.seller.name,
      number: first.number,
      date: first.date || undefined,
      total,
      items: views.flatMap(linesOf),
    },
  };
}

function withoutKeys(o: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

/** The SDI's error list: lista_errori.Errore, one object or a list, Italian keys. */
export function readErrors(message: JsonValue | undefined): CallbackError[] {
  const lista = path(message, 'lista_errori') ?? path(message, 'ListaErrori');
  const errore = asObject(lista)?.Errore ?? asObject(lista)?.errore ?? lista;
  return asList(errore)
    .map((e) => asObject(e))
    .filter((e): e is JsonObject => e !== undefined)
    .map((e) => {
      const suggestion = str(e.Suggerimento ?? e.suggerimento);
      return { code: str(e.Codice ?? e.codice) ?? '', description: str(e.Descrizione ?? e.descrizione) ?? '', ...(suggestion ? { suggestion } : {}) };
    })
    .filter((e) => e.code !== '' || e.description !== '');
}

/** The marking a notification type sets; NE reads the outcome (EC01 accepted, EC02 rejected). */
export function markingFor(type: string, message?: JsonValue): string | undefined {
  const t = type.trim().toUpperCase();
  if (t === 'NE') {
    const esito = str(path(message, 'esito_committente', 'esito')) ?? str(path(message, 'esito'));
    if (esito === 'EC01') return 'accepted-pa';
    if (esito === 'EC02') return 'rejected-pa';
    return undefined;
  }
  return Object.prototype.hasOwnProperty.call(NOTIFICATION_MARKINGS, t) ? NOTIFICATION_MARKINGS[t as keyof typeof NOTIFICATION_MARKINGS] : undefined;
}

function parseNotification(data: JsonObject): ParseResult {
  const notification = asObject(data.notification);
  if (!notification) return fail('data.notification mancante');
  const uuid = str(notification.uuid);
  const type = str(notification.type);
  // The schema puts the invoice inside the notification, the example next to it (§3.6): both are read.
  const invoiceUuid = str(notification.invoice_uuid) ?? str(path(notification, 'invoice', 'uuid')) ?? str(path(data, 'invoice', 'uuid'));
  if (!uuid) return fail('data.notification.uuid mancante');
  if (!type) return fail('data.notification.type mancante');
  if (!invoiceUuid) return fail('data.notification.invoice_uuid mancante');
  const message = notification.message;
  const marking = markingFor(type, message);
  return {
    ok: true,
    callback: {
      kind: 'customer-notification',
      uuid,
      invoiceUuid,
      type: type.toUpperCase(),
      ...(marking ? { marking } : {}),
      ...(toDate(notification.created_at) ? { createdAt: toDate(notification.created_at) } : {}),
      errors: readErrors(message),
      ...(str(path(message, 'note')) ? { note: str(path(message, 'note')) } : {}),
      notification: withoutKeys(notification, ['invoice']),
    },
  };
}

/** The body of a callback POST (already JSON-parsed) → what it is, or why it is malformed. */
export function parseCallback(body: unknown): ParseResult {
  const root = asObject(body as JsonValue);
  if (!root) return fail('il corpo non è un oggetto JSON');
  const event = str(root.event);
  if (!event) return fail('event mancante');
  const data = asObject(root.data);
  if (!data) return fail('data mancante');
  if (event === SUPPLIER_INVOICE) return parseSupplierInvoice(data);
  if (event === CUSTOMER_NOTIFICATION) return parseNotification(data);
  const uuid = str(path(data, 'invoice', 'uuid')) ?? str(data.uuid);
  return { ok: true, callback: { kind: 'ignored', event, ...(uuid ? { uuid } : {}) } };
}

/** The idempotency key of a callback: one document per (event, provider uuid). */
export function eventKey(callback: SupplierInvoiceCallback | CustomerNotificationCallback): string {
  return `${callback.kind}_${callback.uuid}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 1400);
}
