/**
 * A received invoice whose original XML is missing has only the provider's JSON (the snake_case form of
 * fatturapa/JSON-MAPPING.md), which no accountant's software imports. The package writes it back as FatturaPA XML
 * with the app's one inverse writer (fatturapa/json-form-xml.ts: the official XSD's element order), the same that
 * serves the provider stub's supplier XML; its figures are then read from that XML like any other file's.
 */
import { jsonFormToXml, type FatturapaSchemaIndex } from '@/domain/fatturapa/json-form-xml';
import type { JsonObject } from '@/domain/fatturapa/json-form';

/** The reason of a received invoice stored before the webhook kept the XML (no receivedXml fields at all). */
export const XML_NOT_KEPT = 'non salvato alla ricezione';

export type RebuiltXml = { xml: Uint8Array } | { failure: string };

const encoder = new TextEncoder();
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The XML of the provider's JSON, or why it cannot be written. Never throws: an invoice whose JSON the writer
 * refuses stays in the package as that JSON, with the reason.
 */
export function xmlFromProviderJson(payload: string, schema: FatturapaSchemaIndex | undefined): RebuiltXml {
  if (!schema) return { failure: 'schema FatturaPA non caricato' };
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { failure: 'il JSON non è leggibile' };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { failure: 'il JSON non è l\'oggetto di una fattura' };
  try {
    return { xml: encoder.encode(jsonFormToXml(json as JsonObject, schema)) };
  } catch (error) {
    return { failure: error instanceof Error && error.message ? error.message : 'errore sconosciuto' };
  }
}

/** indice.csv's note of an invoice whose XML the package wrote from the JSON. */
export const rebuiltXmlNote = (missing: string) => `XML ricostruito dal JSON del provider (originale non disponibile: ${missing}).`;

/** indice.csv's note of an invoice left as the provider's JSON: why the original is missing, and why no XML was written. */
export const jsonKeptNote = (missing: string, failure?: string) =>
  `XML originale non disponibile: ${missing}.${failure === undefined ? '' : ` XML non ricostruibile dal JSON del provider: ${sentence(failure)}`}`;
