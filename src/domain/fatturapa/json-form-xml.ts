/**
 * The inverse of xmlToJsonForm (json-form.ts): an invoice in the snake_case JSON form of JSON-MAPPING.md written
 * back as FatturaPA XML. The element names and their order come from the official XSD (each complex type's
 * sequence, choices included), not from the JSON's key order: `toSnakeCase(name) === key` is the one mapping, read
 * backwards. Used by the provider stub to serve the XML of a supplier invoice it delivered as JSON (the provider
 * turns the SDI's XML into that JSON: OPENAPI-SDI.md §3.4, §4), and by the month package for a received invoice
 * whose original XML is missing (month-package/received-xml.ts).
 *
 * - A key the schema does not have at that place is an error (JsonFormError), never silently dropped.
 * - null, '' and empty objects are absent elements (the provider sends absent elements as null).
 * - Lists give repeated elements; numbers are written as their decimal text (the provider's `id_codice: 123`).
 */
import { FATTURAPA_NAMESPACE, XMLDSIG_NAMESPACE, XSI_NAMESPACE } from './codes';
import { toSnakeCase, type JsonObject, type JsonValue } from './json-form';
import { parseXml, type XmlElement as TreeElement } from './xml-tree';
import { el, serializeXml, type XmlElement } from './xml-writer';

/** One element declared in a complex type's sequence: its XSD name, its JSON key, its type. */
interface Declaration {
  name: string;
  key: string;
  type?: string;
}

/** What the writer needs of the schema: the root's type and each complex type's elements in schema order. */
export interface FatturapaSchemaIndex {
  rootType: string;
  types: ReadonlyMap<string, readonly Declaration[]>;
}

export class JsonFormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonFormError';
  }
}

const localType = (type: string | undefined) => (type === undefined ? undefined : type.slice(type.indexOf(':') + 1));

/** The element declarations under a sequence / choice, in document order (nested groups flattened). */
function declarations(node: TreeElement, out: Declaration[]): Declaration[] {
  for (const c of node.children) {
    if (c.name === 'element') {
      const name = c.attrs.name;
      if (name !== undefined) out.push({ name, key: toSnakeCase(name), type: localType(c.attrs.type) });
    } else if (c.name === 'sequence' || c.name === 'choice') {
      declarations(c, out);
    }
  }
  return out;
}

/** Reads the FatturaPA XSD (Schema_VFPR12_v1.2.3.xsd) into the index the writer walks. */
export function fatturapaSchemaIndex(xsd: string): FatturapaSchemaIndex {
  const schema = parseXml(xsd.replace(/^\uFEFF/, ''));
  const types = new Map<string, Declaration[]>();
  let rootType: string | undefined;
  for (const c of schema.children) {
    if (c.name === 'complexType' && c.attrs.name !== undefined) types.set(c.attrs.name, declarations(c, []));
    if (c.name === 'element' && c.attrs.name === 'FatturaElettronica') rootType = localType(c.attrs.type);
  }
  if (rootType === undefined || !types.has(rootType)) throw new JsonFormError('Lo schema non dichiara FatturaElettronica.');
  return { rootType, types };
}

function isAbsent(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isAbsent);
  return typeof value === 'object' && Object.values(value).every(isAbsent);
}

function scalarText(value: JsonValue, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new JsonFormError(`${where}: valore non testuale.`);
}

function writeChildren(obj: JsonObject, typeName: string, index: FatturapaSchemaIndex, where: string): XmlElement[] {
  const declared = index.types.get(typeName) ?? [];
  const keys = new Set(declared.map((d) => d.key));
  for (const [key, value] of Object.entries(obj)) {
    if (!keys.has(key) && !isAbsent(value)) throw new JsonFormError(`${where}.${key}: elemento che lo schema FatturaPA non prevede qui.`);
  }
  const out: XmlElement[] = [];
  for (const d of declared) {
    const value = obj[d.key];
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, i) => {
      const at = Array.isArray(value) ? `${where}.${d.key}[${i}]` : `${where}.${d.key}`;
      if (isAbsent(item)) return;
      out.push(writeElement(d, item, index, at));
    });
  }
  return out;
}

function writeElement(d: Declaration, value: JsonValue, index: FatturapaSchemaIndex, where: string): XmlElement {
  if (d.type !== undefined && index.types.has(d.type)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JsonFormError(`${where}: atteso un oggetto.`);
    return el(d.name, writeChildren(value, d.type, index, where));
  }
  if (typeof value === 'object') throw new JsonFormError(`${where}: atteso un valore semplice.`);
  return el(d.name, scalarText(value, where));
}

/**
 * The FatturaPA XML of an invoice in the JSON form (`{fattura_elettronica_header, fattura_elettronica_body[]}`, or
 * wrapped in `fattura_elettronica`). `versione` is the invoice's FormatoTrasmissione (FPR12 when it has none).
 */
export function jsonFormToXml(json: JsonObject, index: FatturapaSchemaIndex): string {
  const wrapped = json.fattura_elettronica;
  const root = typeof wrapped === 'object' && wrapped !== null && !Array.isArray(wrapped) ? wrapped : json;
  if (root.fattura_elettronica_header === undefined && root.fattura_elettronica_body === undefined) {
    throw new JsonFormError('Il contenuto non è una fattura elettronica (manca fattura_elettronica_header).');
  }
  const header = root.fattura_elettronica_header;
  const transmission = typeof header === 'object' && header !== null && !Array.isArray(header) ? header.dati_trasmissione : undefined;
  const format = typeof transmission === 'object' && transmission !== null && !Array.isArray(transmission) ? transmission.formato_trasmissione : undefined;
  const versione = typeof format === 'string' && format.trim() !== '' ? format.trim() : 'FPR12';
  const children = writeChildren(root, index.rootType, index, 'fattura_elettronica');
  return serializeXml(el('p:FatturaElettronica', children, { versione, 'xmlns:ds': XMLDSIG_NAMESPACE, 'xmlns:p': FATTURAPA_NAMESPACE, 'xmlns:xsi': XSI_NAMESPACE }));
}
