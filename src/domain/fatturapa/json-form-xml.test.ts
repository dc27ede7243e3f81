import { describe, expect, it } from 'vitest';
import { fatturapaSchemaIndex, jsonFormToXml, JsonFormError } from './json-form-xml';
import type { JsonObject } from './json-form';
import { readIncomingJson, readOutgoingXml } from './reader';
import { loadFatturapaSchemas, loadSample, SAMPLE_NAMES } from './test-fixtures';
import { validateInvoicesXsd } from './validate';

const index = fatturapaSchemaIndex(String(loadFatturapaSchemas().main));
const sampleJson = (name: (typeof SAMPLE_NAMES)[number]) => JSON.parse(loadSample(name, 'json')) as JsonObject;

/** The same object with its keys in reverse order, at every level. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)]));
}

describe('jsonFormToXml: the JSON form written back as FatturaPA XML', () => {
  it('reads the schema: the root type and the sequences of its complex types', () => {
    expect(index.rootType).toBe('FatturaElettronicaType');
    expect(index.types.get('FatturaElettronicaType')?.map((d) => d.name)).toEqual(['FatturaElettronicaHeader', 'FatturaElettronicaBody']);
    expect(index.types.get('IdFiscaleType')?.map((d) => d.key)).toEqual(['id_paese', 'id_codice']);
  });

  it.each(SAMPLE_NAMES)('%s: the XML of the JSON sample is valid and reads as the official XML does', async (name) => {
    const xml = jsonFormToXml(sampleJson(name), index);
    expect(readOutgoingXml(xml)).toEqual(readOutgoingXml(loadSample(name)));
    expect(readOutgoingXml(xml)).toEqual(readIncomingJson(sampleJson(name)));
    expect((await validateInvoicesXsd([xml], loadFatturapaSchemas())).flat()).toEqual([]);
  });

  it('orders the elements as the schema does, whatever the order of the keys', () => {
    const json = sampleJson('FPR02');
    expect(jsonFormToXml(reversed(json) as JsonObject, index)).toBe(jsonFormToXml(json, index));
  });

  it('writes versione from FormatoTrasmissione, the root in the FatturaPA namespace, numbers as text', () => {
    const json = sampleJson('FPA01') as { fattura_elettronica_header: { cedente_prestatore: { dati_anagrafici: { id_fiscale_iva: { id_codice: unknown } } } } };
    json.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice = 1234567890;
    const xml = jsonFormToXml(json as unknown as JsonObject, index);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<p:FatturaElettronica versione="FPA12" xmlns:ds="[^"]+" xmlns:p="http:\/\/ivaservizi\.agenziaentrate\.gov\.it\/docs\/xsd\/fatture\/v1\.2"/);
    expect(xml).toContain('<IdCodice>1234567890</IdCodice>');
  });

  it('leaves out null, empty and empty-object values (absent elements, as the provider sends them)', () => {
    const json = sampleJson('FPR01') as { fattura_elettronica_header: Record<string, unknown> };
    json.fattura_elettronica_header.rappresentante_fiscale = null;
    json.fattura_elettronica_header.terzo_intermediario_o_soggetto_emittente = { dati_anagrafici: null };
    json.fattura_elettronica_header.soggetto_emittente = '';
    expect(jsonFormToXml(json as JsonObject, index)).toBe(jsonFormToXml(sampleJson('FPR01'), index));
  });

  it('refuses a key the schema does not have there, an object for a text, a text for an object, a non-invoice', () => {
    const header = (extra: Record<string, unknown>) => {
      const json = sampleJson('FPR01') as { fattura_elettronica_header: { dati_trasmissione: Record<string, unknown> } };
      Object.assign(json.fattura_elettronica_header.dati_trasmissione, extra);
      return json as JsonObject;
    };
    expect(() => jsonFormToXml(header({ codice_segreto: 'x' }), index)).toThrow(/fattura_elettronica\.fattura_elettronica_header\.dati_trasmissione\.codice_segreto/);
    expect(() => jsonFormToXml(header({ progressivo_invio: { a: '1' } }), index)).toThrow(JsonFormError);
    expect(() => jsonFormToXml(header({ id_trasmittente: 'IT1' }), index)).toThrow(/atteso un oggetto/);
    expect(() => jsonFormToXml({ fattura: {} }, index)).toThrow(/manca fattura_elettronica_header/);
  });
});
