/**
 * The official FatturaPA XSD (1.2.3 and the xmldsig schema it imports) as text, loaded on demand: the files go into
 * their own chunk and are fetched only when a pre-flight runs (never on /login or the list's first paint).
 */
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
