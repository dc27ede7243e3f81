/**
 * XSD validation of FatturaPA documents with xmllint-wasm (libxml2 compiled to WebAssembly; Node and browser).
 * The schema text is passed in, so Node tests read the vendored files and the browser can fetch them.
 */
import type { InvoiceProblem } from './problem';
import { xsdProblems } from './xsd-messages';

export interface SchemaFile {
  fileName: string;
  contents: string | Uint8Array;
}

/**
 * The main FatturaPA schema (1.2.3) and the files it imports, under the names its xs:import uses
 * ('xmldsig-core-schema.xsd').
 */
export interface FatturapaSchemas {
  main: string | Uint8Array;
  preload: SchemaFile[];
}

const MAIN_SCHEMA_NAME = 'Schema_VFPR12_v1.2.3.xsd';
/** 256 MiB upper bound, for large batches; memory grows only as needed. */
const MAX_MEMORY_PAGES = 4096;

/**
 * Validates several documents in one xmllint run (one worker start instead of one per document).
 * Returns the problems of each document, in input order; an empty list means the document is valid.
 * Rejects only when the schema itself cannot be loaded.
 */
export async function validateInvoicesXsd(xmls: readonly string[], schemas: FatturapaSchemas): Promise<InvoiceProblem[][]> {
  if (xmls.length === 0) return [];
  const { validateXML } = await import('xmllint-wasm');
  const names = xmls.map((_, i) => `fattura-${i + 1}.xml`);
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: names[i] ?? '', contents })),
    schema: [{ fileName: MAIN_SCHEMA_NAME, contents: schemas.main }],
    preload: schemas.preload,
    maxMemoryPages: MAX_MEMORY_PAGES,
  });
  return xmls.map((xml, i) => {
    const name = names[i];
    const own = result.errors.filter((e) => e.loc?.fileName === name);
    const problems = xsdProblems(xml, own);
    const failed = result.errors.some((e) => e.message === `${name} fails to validate` || e.loc?.fileName === name);
    if (failed && problems.length === 0) {
      return [{ code: 'XSD', path: '', message: 'Il file non rispetta lo schema FatturaPA (errore non localizzato).' }];
    }
    return problems;
  });
}

/** Validates one document against the FatturaPA XSD. An empty list means valid. */
export async function validateInvoiceXsd(xml: string, schemas: FatturapaSchemas): Promise<InvoiceProblem[]> {
  const [problems = []] = await validateInvoicesXsd([xml], schemas);
  return problems;
}
