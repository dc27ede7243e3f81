/**
 * The official FatturaPA XSD (1.2.3 and the xmldsig schema it imports) as text, loaded on demand: the files go into
 * their own chunk and are fetched only when a screen needs them — a pre-flight, or a month package that writes a
 * received invoice's XML from the provider's JSON (never on /login or a list's first paint).
 */
import type { FatturapaSchemaIndex } from '@/domain/fatturapa/json-form-xml';
import type { FatturapaSchemas } from '@/domain/fatturapa/validate';

let cached: Promise<FatturapaSchemas> | undefined;

export function loadFatturapaSchemas(): Promise<FatturapaSchemas> {
  cached ??= Promise.all([
    import('@/domain/fatturapa/__fixtures__/xsd/Schema_VFPR12_v1.2.3.xsd?raw'),
    import('@/domain/fatturapa/__fixtures__/xsd/xmldsig-core-schema.xsd?raw'),
  ]).then(([main, dsig]) => ({ main: main.default, preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: dsig.default }] }));
  cached.catch(() => (cached = undefined));
  return cached;
}

let cachedIndex: Promise<FatturapaSchemaIndex> | undefined;

/** The 1.2.3 schema read into the index of the JSON form's XML writer (fatturapa/json-form-xml.ts). */
export function loadFatturapaSchemaIndex(): Promise<FatturapaSchemaIndex> {
  cachedIndex ??= Promise.all([import('@/domain/fatturapa/json-form-xml'), import('@/domain/fatturapa/__fixtures__/xsd/Schema_VFPR12_v1.2.3.xsd?raw')]).then(
    ([{ fatturapaSchemaIndex }, main]) => fatturapaSchemaIndex(main.default),
  );
  cachedIndex.catch(() => (cachedIndex = undefined));
  return cachedIndex;
}
