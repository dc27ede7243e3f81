/**
 * Pre-flight check of a FatturaPA XML before it is sent to SdI: the XSD (asynchronous, xmllint-wasm) and the
 * content checks SdI runs after it that can be verified offline (SDI-CHECKS.md), each problem with its SdI code,
 * field path and an Italian message for the shop owner.
 */
import { checkParties, checkTransmission } from './checks-header';
import { checkDocuments } from './checks-document';
import { checkLines } from './checks-lines';
import { checkSummaries } from './checks-summary';
import { buildContext, problem, type Check, type InvoiceProblem } from './problem';
import { MAX_FILE_BYTES } from './schema-facts';
import { parseXml, XmlSyntaxError } from './xml-tree';
import { validateInvoiceXsd, type FatturapaSchemas } from './xsd';

export type { InvoiceProblem } from './problem';
export type { FatturapaSchemas, SchemaFile } from './xsd';
export { validateInvoiceXsd, validateInvoicesXsd } from './xsd';

const CHECKS: readonly Check[] = [checkTransmission, checkParties, checkDocuments, checkLines, checkSummaries];

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** 0 for header problems, n for problems of FatturaElettronicaBody[n]. */
function bodyOrder(path: string): number {
  const m = /^FatturaElettronicaBody\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : 0;
}

/**
 * The SdI content checks that can be verified offline (00003, 00313, 00400, 00401, 00409, 00411, 00413–00415,
 * 00417–00430, 00437, 00438, 00443–00445, 00471–00476). Pure, synchronous. Problems come header first, then body by
 * body. A file that is not well-formed XML gives one 'XSD' problem and nothing else.
 */
export function checkInvoiceSemantics(xml: string): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  if (xml.length * 3 > MAX_FILE_BYTES && utf8Length(xml) > MAX_FILE_BYTES) {
    out.push(problem('00003', '', 'Il file della fattura supera i 5 MB ammessi dallo SdI: ridurre o togliere gli allegati.'));
  }
  let root;
  try {
    root = parseXml(xml);
  } catch (e) {
    if (e instanceof XmlSyntaxError) return [...out, problem('XSD', '', `Il file XML non è ben formato: ${e.message}.`)];
    throw e;
  }
  if (root.name !== 'FatturaElettronica') {
    return [...out, problem('XSD', '', `Il documento non è una fattura elettronica FatturaPA (elemento radice ${root.name}).`)];
  }
  const ctx = buildContext(root);
  for (const check of CHECKS) out.push(...check(ctx));
  return out
    .map((p, i) => ({ p, i, body: bodyOrder(p.path) }))
    .sort((a, b) => a.body - b.body || a.i - b.i)
    .map(({ p }) => p);
}

/** Both: XSD problems first, then the content checks. An empty list means the invoice can be sent. */
export async function preflightInvoice(xml: string, schemas: FatturapaSchemas): Promise<InvoiceProblem[]> {
  const xsd = await validateInvoiceXsd(xml, schemas);
  const semantic = checkInvoiceSemantics(xml);
  // A file that is not well-formed is reported once (by xmllint, with its line number).
  if (xsd.some((p) => p.message.startsWith('Il file XML non è ben formato'))) {
    return [...xsd, ...semantic.filter((p) => p.code !== 'XSD')];
  }
  return [...xsd, ...semantic];
}
