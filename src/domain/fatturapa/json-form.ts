/**
 * The snake_case JSON form of FatturaPA (JSON-MAPPING.md): names, and the conversion of a parsed XML tree into it,
 * so that the reader has one mapping for incoming JSON and outgoing XML.
 */
import { REPEATABLE_ELEMENTS } from './schema-facts';
import type { XmlElement } from './xml-tree';

/** A value of the JSON form: text (or number, in real JSON), object, or list. */
export type JsonValue = string | number | boolean | null | JsonObject | JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

const WORD = /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z]+[0-9]*/g;

/** 'IdFiscaleIVA' → 'id_fiscale_iva', 'PECDestinatario' → 'pec_destinatario', 'Art73' → 'art73'. */
export function toSnakeCase(elementName: string): string {
  return (elementName.match(WORD) ?? [elementName]).map((w) => w.toLowerCase()).join('_');
}

/**
 * An element as the JSON form has it: an element with child elements becomes an object, one with text a string;
 * repeatable elements (of FatturaPA 1.2, or the set given) are always lists; empty elements and empty containers are dropped (as a38 does).
 * Values are not normalised (decimals keep their XML digits, integers stay strings): the reader parses both forms.
 */
export function xmlToJsonForm(el: XmlElement, repeatable: ReadonlySet<string> = REPEATABLE_ELEMENTS): JsonObject {
  const out: JsonObject = {};
  for (const c of el.children) {
    const value: JsonValue | undefined = c.children.length > 0 ? xmlToJsonForm(c, repeatable) : c.text;
    if (value === '' || (typeof value === 'object' && Object.keys(value).length === 0)) continue;
    const key = toSnakeCase(c.name);
    if (repeatable.has(c.name)) {
      const list = out[key];
      if (Array.isArray(list)) list.push(value);
      else out[key] = [value];
    } else if (!(key in out)) {
      out[key] = value;
    }
  }
  return out;
}

/** Lists may arrive as arrays or, from other producers, as a single object: always a list here. */
export function asList(value: JsonValue | undefined): JsonValue[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function asObject(value: JsonValue | undefined): JsonObject | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return asObject(value[0]);
  return value;
}

export function objects(value: JsonValue | undefined): JsonObject[] {
  return asList(value).flatMap((v) => {
    const o = asObject(v);
    return o ? [o] : [];
  });
}

/** Text of a scalar (numbers as their decimal text); undefined for absent, empty or non-scalar values. */
export function str(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A number from a decimal string or a JSON number; undefined when absent or not numeric. */
export function num(value: JsonValue | undefined): number | undefined {
  const s = str(value);
  if (s === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return undefined;
  return Number(s);
}

/** Descends through objects (first element of lists): path(o, 'a', 'b') is o.a.b. */
export function path(value: JsonValue | undefined, ...keys: string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = value;
  for (const k of keys) cur = asObject(cur)?.[k];
  return cur;
}
