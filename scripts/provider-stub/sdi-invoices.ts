// SDI invoices: POST /invoices (+ signature / legal-storage variants), the reads, and the sandbox simulators.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { JsonObject } from '../../src/domain/fatturapa/json-form.ts';
import { fatturapaSchemaIndex, JsonFormError, jsonFormToXml, type FatturapaSchemaIndex } from '../../src/domain/fatturapa/json-form-xml.ts';
import { blank, fail, get, hashId, isRecord, ok, parseJson, providerTimestamp, text, type StubRequest, type StubResponse } from './http.ts';
import { notificationCallback, supplierInvoiceCallback } from './callbacks.ts';
import { renderReceiptXml } from '../../src/domain/provider-callbacks/receipt-xml.ts';
import { readInvoiceFile } from '../../src/domain/fatturapa/invoice-file.ts';
import { InvoiceReadError, invoiceXmlToJsonForm } from '../../src/domain/fatturapa/reader.ts';

import type { Notification, Party, StoredInvoice, StubState } from './state.ts';

const NOT_FOUND = (): StubResponse => fail(404, 230, 'Invalid identifier value or configuration.');
const MALFORMED = (): StubResponse => fail(422, '802', 'Parsing error: malformed XML');
/** Openapi's (A-Cube's) IdTrasmittente, which prefixes the SDI file names. */
const TRANSMITTER = 'IT10442360961';

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true });

/**
 * A party of the invoice's JSON form: FatturaElettronica keeps its ids and name under DatiAnagrafici; the simplified
 * FSM10 keeps the seller's on the party itself and the buyer's under IdentificativiFiscali / AltriDatiIdentificativi.
 */
function party(node: unknown): Party {
  const registry = get(node, 'dati_anagrafici') ?? get(node, 'identificativi_fiscali') ?? node;
  const registryName = get(registry, 'anagrafica') ?? get(node, 'altri_dati_identificativi') ?? registry;
  const denominazione = text(get(registryName, 'denominazione'));
  const name = denominazione || `${text(get(registryName, 'nome'))} ${text(get(registryName, 'cognome'))}`.trim();
  const sede = get(node, 'sede') ?? get(node, 'altri_dati_identificativi', 'sede');
  return {
    business_vat_number_code: text(get(registry, 'id_fiscale_iva', 'id_codice')),
    business_fiscal_code: text(get(registry, 'codice_fiscale')),
    business_name: name,
    head_office_address_street: text(get(sede, 'indirizzo')),
    head_office_address_street_number: text(get(sede, 'numero_civico')),
    head_office_address_zip_code: text(get(sede, 'cap')),
    head_office_address_city: text(get(sede, 'comune')),
    head_office_address_province: text(get(sede, 'provincia')),
    head_office_address_country: text(get(sede, 'nazione')),
  };
}

/** The few XML elements the stub reads, renamed to the snake_case keys of the JSON shape. */
function snakeTree(xml: Record<string, unknown>): Record<string, unknown> {
  const pick = (node: unknown, map: Record<string, string>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [from, to] of Object.entries(map)) out[to] = get(node, from);
    return out;
  };
  const partyTree = (node: unknown) => ({
    dati_anagrafici: {
      id_fiscale_iva: pick(get(node, 'DatiAnagrafici', 'IdFiscaleIVA'), { IdCodice: 'id_codice' }),
      codice_fiscale: get(node, 'DatiAnagrafici', 'CodiceFiscale'),
      anagrafica: pick(get(node, 'DatiAnagrafici', 'Anagrafica'), { Denominazione: 'denominazione', Nome: 'nome', Cognome: 'cognome' }),
    },
    sede: pick(get(node, 'Sede'), { Indirizzo: 'indirizzo', NumeroCivico: 'numero_civico', CAP: 'cap', Comune: 'comune', Provincia: 'provincia', Nazione: 'nazione' }),
  });
  const header = get(xml, 'FatturaElettronicaHeader');
  return {
    fattura_elettronica_header: isRecord(header)
      ? {
          dati_trasmissione: pick(get(header, 'DatiTrasmissione'), { CodiceDestinatario: 'codice_destinatario', FormatoTrasmissione: 'formato_trasmissione' }),
          cedente_prestatore: partyTree(get(header, 'CedentePrestatore')),
          cessionario_committente: partyTree(get(header, 'CessionarioCommittente')),
        }
      : undefined,
    fattura_elettronica_body: get(xml, 'FatturaElettronicaBody')
      ? [{ dati_generali: { dati_generali_documento: pick(get(xml, 'FatturaElettronicaBody', 'DatiGenerali', 'DatiGeneraliDocumento'), { TipoDocumento: 'tipo_documento', Data: 'data', Numero: 'numero' }) } }]
      : undefined,
  };
}

/** The first blank required field of a (snake_case) invoice, as the provider's validator would name it. */
function firstBlank(tree: Record<string, unknown>): string | null {
  const header = 'fattura_elettronica_header';
  if (!isRecord(get(tree, header))) return header;
  const required: [string, ...string[]][] = [
    [`${header}.dati_trasmissione.codice_destinatario`, header, 'dati_trasmissione', 'codice_destinatario'],
    [`${header}.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice`, header, 'cedente_prestatore', 'dati_anagrafici', 'id_fiscale_iva', 'id_codice'],
  ];
  for (const [path, ...keys] of required) if (text(get(tree, ...keys)) === '') return path;
  const buyer = get(tree, header, 'cessionario_committente', 'dati_anagrafici');
  if (text(get(buyer, 'id_fiscale_iva', 'id_codice')) === '' && text(get(buyer, 'codice_fiscale')) === '') {
    return `${header}.cessionario_committente.dati_anagrafici.codice_fiscale`;
  }
  const document = get(tree, 'fattura_elettronica_body', 'dati_generali', 'dati_generali_documento');
  for (const key of ['tipo_documento', 'data', 'numero']) {
    if (text(get(document, key)) === '') return `fattura_elettronica_body[0].dati_generali.dati_generali_documento.${key}`;
  }
  return null;
}

type Variant = { signed: boolean; legalStorage: boolean };

function store(state: StubState, tree: Record<string, unknown>, payload: StoredInvoice['payload'], type: 0 | 1, id: string, variant: Variant): StoredInvoice {
  const header = get(tree, 'fattura_elettronica_header');
  const format = text(get(header, 'dati_trasmissione', 'formato_trasmissione'));
  const document = get(tree, 'fattura_elettronica_body', 'dati_generali', 'dati_generali_documento');
  const digits = BigInt(`0x${id.replace(/-/g, '').slice(0, 12)}`).toString();
  const invoice: StoredInvoice = {
    uuid: id,
    created_at: providerTimestamp(state.now()),
    type,
    payload,
    sender: party(get(header, 'cedente_prestatore')),
    recipient: party(get(header, 'cessionario_committente')),
    invoice_number: text(get(document, 'numero')),
    invoice_date: text(get(document, 'data')),
    notifications: [],
    sdi_file_name: `${TRANSMITTER}_${id.slice(0, 5).toUpperCase()}.xml`,
    sdi_file_id: digits.slice(0, 10),
    signed: variant.signed,
    legally_stored: false,
    preserved_document: variant.legalStorage ? { status: 'to_be_stored' } : null,
    downloaded: false,
    downloaded_at: null,
    marking: type === 0 ? 'sent' : 'received',
    notice: null,
    retry_information: null,
    transmission_format: format,
    to_pa: format === 'FPA12' || text(get(header, 'dati_trasmissione', 'codice_destinatario')).length === 6,
  };
  state.invoices.set(id, invoice);
  return invoice;
}

type Checked = { ok: false; response: StubResponse } | { ok: true; xml: string; tree: Record<string, unknown> };

/** The provider's first checks: well-formed FatturaPA (422 / '802'), then the blank required fields (400 / 230). */
function checkBody(body: string): Checked {
  const xml = body.replace(/^\uFEFF/, '').trim();
  if (xml === '' || XMLValidator.validate(xml) !== true) return { ok: false, response: MALFORMED() };
  const parsed: unknown = parser.parse(xml);
  const root = get(parsed, 'FatturaElettronica');
  if (!isRecord(root)) return { ok: false, response: MALFORMED() };
  const tree = snakeTree(root);
  const missing = firstBlank(tree);
  if (missing !== null) return { ok: false, response: blank(missing) };
  return { ok: true, xml, tree };
}

/**
 * The official XSD (FatturaPA 1.2.3, the files the engine vendors), checked with xmllint-wasm like the engine's
 * pre-flight. A body that passes the first checks but not the schema gets 400 / 230 with xmllint's first message
 * ('An error occurred: <line>: <message>'): the provider validates before queuing, with the same envelope and
 * code as its field validator (OPENAPI-SDI.md §2); the exact wording of its schema errors is unknown.
 */
export async function refuseInvalidXsd(req: StubRequest): Promise<StubResponse | null> {
  const checked = checkBody(req.body);
  if (!checked.ok) return null;
  const { validateXML } = await import('xmllint-wasm');
  const schemas = loadSchemas();
  const result = await validateXML({ xml: [{ fileName: 'fattura.xml', contents: checked.xml }], schema: [schemas.main], preload: [schemas.dsig], maxMemoryPages: 4096 });
  if (result.valid) return null;
  const first = result.errors.find((e) => e.loc) ?? result.errors[0];
  const where = first?.loc ? `line ${String(first.loc.lineNumber)}` : 'fattura_elettronica';
  return fail(400, 230, `An error occurred: ${where}: ${(first?.message ?? 'XML does not validate against the FatturaPA schema').replace(/^fattura\.xml:\d+: /, '').trim()}`);
}

let schemaFiles: { main: { fileName: string; contents: string }; dsig: { fileName: string; contents: string } } | undefined;
function loadSchemas() {
  const dir = join(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/xsd');
  schemaFiles ??= {
    main: { fileName: 'Schema_VFPR12_v1.2.3.xsd', contents: readFileSync(join(dir, 'Schema_VFPR12_v1.2.3.xsd'), 'utf8') },
    dsig: { fileName: 'xmldsig-core-schema.xsd', contents: readFileSync(join(dir, 'xmldsig-core-schema.xsd'), 'utf8') },
  };
  return schemaFiles;
}

/** POST /invoices and its variants. The uuid hashes the body and how many times it was sent before. */
export function postInvoice(state: StubState, req: StubRequest, variant: Variant): StubResponse {
  const checked = checkBody(req.body);
  if (!checked.ok) return checked.response;
  const { xml, tree } = checked;
  const count = state.bodyCounts.get(xml) ?? 0;
  state.bodyCounts.set(xml, count + 1);
  const invoice = store(state, tree, xml, 0, hashId('invoice', xml, String(count)), variant);
  return ok({ uuid: invoice.uuid });
}

function matchesList(wanted: string | null, party: Party): boolean {
  if (wanted === null || wanted === '') return true;
  return wanted.split(',').some((id) => [party.business_vat_number_code, party.business_fiscal_code].includes(id.trim()));
}

/** GET /invoices?type=0|1 with the sender, recipient, marking and invoiceNumber filters. No pagination. */
export function listInvoices(state: StubState, req: StubRequest): StubResponse {
  const type = req.query.get('type') ?? '0';
  if (type !== '0' && type !== '1') return fail(400, 520, 'Invalid value for type. It must be 0 or 1.');
  const markings = [...req.query.getAll('marking'), ...req.query.getAll('marking[]')];
  const number = req.query.get('invoiceNumber');
  const items = [...state.invoices.values()].filter(
    (invoice) =>
      invoice.type === Number(type) &&
      matchesList(req.query.get('sender'), invoice.sender) &&
      matchesList(req.query.get('recipient'), invoice.recipient) &&
      (markings.length === 0 || markings.includes(invoice.marking)) &&
      (number === null || invoice.invoice_number === number),
  );
  return ok(items.map(toRead));
}

function toRead(invoice: StoredInvoice): Record<string, unknown> {
  const { invoice_number: _number, invoice_date: _date, rawFile: _file, notifications, ...read } = invoice;
  return { ...read, notifications: notifications.map((n) => n.uuid) };
}

export function getInvoice(state: StubState, req: StubRequest): StubResponse {
  const invoice = state.invoices.get(req.params.uuid ?? '');
  return invoice ? ok(toRead(invoice)) : NOT_FOUND();
}

/**
 * GET /invoices_notifications/{uuid}: an invoice's uuid gives its notifications (JSON); with `Accept:
 * application/xml` a notification's uuid gives that receipt's original SDI XML (the file the SDI sent the
 * provider: RicevutaConsegna, NotificaScarto…, MessaggiTypes v1.1).
 */
export function getNotifications(state: StubState, req: StubRequest): StubResponse {
  const uuid = req.params.uuid ?? '';
  if (/application\/xml/.test(req.headers.accept ?? '')) {
    for (const invoice of state.invoices.values()) {
      const found = invoice.notifications.find((n) => n.uuid === uuid);
      if (found) return { status: 200, kind: 'text', contentType: 'application/xml', body: receiptXml(invoice, found) };
    }
    return NOT_FOUND();
  }
  const invoice = state.invoices.get(uuid);
  return invoice ? ok(invoice.notifications) : NOT_FOUND();
}

/** The receipt as the SDI writes it (the app's one renderer of it, src/domain/provider-callbacks/receipt-xml.ts). */
function receiptXml(invoice: StoredInvoice, n: Notification): string {
  const list = get(n.message, 'lista_errori', 'Errore');
  const items = Array.isArray(list) ? list : list === undefined ? [] : [list];
  return renderReceiptXml({
    type: n.type, sdiFileId: invoice.sdi_file_id, fileName: invoice.sdi_file_name, receivedAt: n.created_at, messageId: text(get(n.message, 'message_id')),
    errors: items.map((e) => ({ code: text(get(e, 'Codice')), description: text(get(e, 'Descrizione')) })),
    outcome: text(get(n.message, 'esito_committente', 'esito')),
  });
}

let schemaIndex: FatturapaSchemaIndex | undefined;

/**
 * The XML of a stored invoice: a sent one's as it was posted; a simulated supplier invoice's is the FatturaPA XML
 * equivalent of the JSON the stub delivered (the provider turns the SDI's XML into that JSON), written with the
 * app's inverse mapping and the official XSD's element order (src/domain/fatturapa/json-form-xml.ts).
 */
function invoiceXml(invoice: StoredInvoice): string {
  if (typeof invoice.payload === 'string') return invoice.payload;
  if (invoice.rawFile) return invoice.rawFile.xml;
  schemaIndex ??= fatturapaSchemaIndex(loadSchemas().main.contents);
  return jsonFormToXml(invoice.payload as JsonObject, schemaIndex);
}

/**
 * GET /invoices_download/{uuid}: the invoice's XML (the stub renders no HTML or PDF). `application/octet-stream` is the
 * raw file (OPENAPI-SDI.md §3.4): for a file the SDI delivered signed, its .p7m as it came; otherwise the XML.
 */
export function downloadInvoice(state: StubState, req: StubRequest): StubResponse {
  const invoice = state.invoices.get(req.params.uuid ?? '');
  if (!invoice) return { status: 404, kind: 'json', body: { data: null, success: false, message: '', error: 231 } };
  const accept = req.headers.accept ?? '*/*';
  if (!/application\/xml|application\/octet-stream|\*\/\*/.test(accept)) return fail(454, 300, 'Unsupported media type');
  let xml: string;
  try {
    xml = invoiceXml(invoice);
  } catch (error) {
    if (!(error instanceof JsonFormError)) throw error;
    // The real provider always has the XML it received; the stub cannot write one for a JSON outside the schema.
    return fail(500, 500, `Cannot render the invoice as XML: ${error.message}`);
  }
  invoice.downloaded = true;
  invoice.downloaded_at = providerTimestamp(state.now());
  if (invoice.rawFile && /application\/octet-stream/.test(accept)) return { status: 200, kind: 'bytes', contentType: 'application/octet-stream', body: invoice.rawFile.bytes };
  return { status: 200, kind: 'text', contentType: 'application/xml', body: xml };
}

const MARKINGS: Record<string, (invoice: StoredInvoice, esito: string) => string> = {
  NS: () => 'rejected',
  RC: (invoice) => (invoice.to_pa ? 'delivered-pa' : 'delivered'),
  MC: () => 'not-delivered',
  NE: (_invoice, esito) => (esito === 'EC02' ? 'rejected-pa' : 'accepted-pa'),
  DT: () => 'deadline-terms',
  AT: () => 'not-delivered',
};

/** POST /simulate/customer-notification {uuid, notification, esito?, errors?}: adds a notification, sets the marking. */
export function simulateNotification(state: StubState, req: StubRequest): StubResponse {
  const parsed = parseJson(req.body);
  const body = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
  const invoice = state.invoices.get(text(body.uuid));
  if (!invoice) return NOT_FOUND();
  const type = text(body.notification).toUpperCase();
  const marking = MARKINGS[type];
  if (!marking) return fail(400, 230, 'An error occurred: notification: The value you selected is not a valid choice.');
  const esito = text(body.esito) || 'EC01';
  const errors = Array.isArray(body.errors) ? (body.errors as unknown[]) : [{ Codice: '00404', Descrizione: 'Fattura duplicata' }];
  const id = hashId('notification', invoice.uuid, String(invoice.notifications.length));
  const fileName = `${invoice.sdi_file_name.replace(/\.xml$/, '')}_${type}_${String(invoice.notifications.length + 1).padStart(3, '0')}.xml`;
  const message: Record<string, unknown> = {
    identificativo_sdi: invoice.sdi_file_id,
    nome_file: invoice.sdi_file_name,
    data_ora_ricezione: providerTimestamp(state.now()),
    message_id: id.slice(0, 8),
    note: null,
  };
  if (type === 'NS') message.lista_errori = { Errore: errors.length === 1 ? errors[0] : errors };
  if (type === 'NE') message.esito_committente = { esito };
  const notification: Notification = { uuid: id, invoice_uuid: invoice.uuid, created_at: providerTimestamp(state.now()), type, message, downloaded: false, downloaded_at: null, file_name: fileName };
  invoice.notifications.push(notification);
  invoice.marking = marking(invoice, esito);
  state.pendingCallbacks.push(notificationCallback(invoice, notification));
  return ok(notification);
}

/**
 * POST /simulate/supplier-invoice-file {file_name, file_base64}: a supplier's file as the SDI delivered it — a
 * FatturaPA or simplified (FSM10) XML, or either signed (.xml.p7m, DER or base64). The provider reads it into the JSON
 * form of its callbacks (the app's own reading stands for the provider's), and keeps the file for the raw download.
 */
export function simulateSupplierInvoiceFile(state: StubState, req: StubRequest): StubResponse {
  const parsed = parseJson(req.body);
  const tree = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
  const fileName = text(tree.file_name);
  const encoded = text(tree.file_base64);
  if (fileName === '') return blank('file_name');
  if (encoded === '') return blank('file_base64');
  const bytes = new Uint8Array(Buffer.from(encoded, 'base64'));
  let json: JsonObject;
  let signed: boolean;
  let xml: string;
  try {
    const reading = readInvoiceFile(bytes, fileName);
    json = invoiceXmlToJsonForm(reading.xml);
    signed = reading.signed;
    xml = reading.xml;
  } catch (error) {
    if (!(error instanceof InvoiceReadError)) throw error;
    return MALFORMED();
  }
  const count = state.bodyCounts.get(req.body) ?? 0;
  state.bodyCounts.set(req.body, count + 1);
  const invoice = store(state, json, json, 1, hashId('supplier-invoice-file', req.body, String(count)), { signed, legalStorage: false });
  invoice.rawFile = { bytes, xml };
  if (signed) invoice.sdi_file_name = `${invoice.sdi_file_name}.p7m`;
  state.pendingCallbacks.push(supplierInvoiceCallback(invoice));
  return ok({ uuid: invoice.uuid });
}

/** POST /simulate/supplier-invoice with a snake_case JSON invoice: stores a received (type 1) invoice. */
export function simulateSupplierInvoice(state: StubState, req: StubRequest): StubResponse {
  const parsed = parseJson(req.body);
  const tree = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
  const missing = firstBlank(tree);
  if (missing !== null) return blank(missing);
  const count = state.bodyCounts.get(req.body) ?? 0;
  state.bodyCounts.set(req.body, count + 1);
  const invoice = store(state, tree, tree, 1, hashId('supplier-invoice', req.body, String(count)), { signed: false, legalStorage: false });
  state.pendingCallbacks.push(supplierInvoiceCallback(invoice));
  return ok({ uuid: invoice.uuid });
}
