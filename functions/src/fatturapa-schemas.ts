/**
 * The official FatturaPA XSD (1.2.3 and the xmldsig schema it imports) for the proxy's pre-flight: the same files
 * the browser validates with (src/domain/fatturapa/__fixtures__/xsd), bundled as text by esbuild (--loader:.xsd=text).
 */
import type { FatturapaSchemas } from '@/domain/fatturapa/validate';
import main from '@/domain/fatturapa/__fixtures__/xsd/Schema_VFPR12_v1.2.3.xsd';
import dsig from '@/domain/fatturapa/__fixtures__/xsd/xmldsig-core-schema.xsd';

const schemas: FatturapaSchemas = { main, preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: dsig }] };

export function loadFatturapaSchemas(): Promise<FatturapaSchemas> {
  return Promise.resolve(schemas);
}
