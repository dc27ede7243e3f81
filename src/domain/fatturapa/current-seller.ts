/**
 * The seller of a document built earlier. A draft keeps the XML it was given — by the POS app, or by this app when the
 * draft or the DDT deferred invoice was made — with the shop's P.IVA, address and regime as they were then. Sent after
 * the technician corrected them, it would name the old seller (the proxy refuses it: 'Il cedente della fattura non è
 * il negozio.'). At send the seller is the shop as it is now (one fiscal identity): the
 * CedentePrestatore block is rebuilt by the builder's own `sellerBlock`, and IdTrasmittente with it when it named the
 * old seller. Everything else stays byte for byte, as renumber.ts leaves it.
 */
import { InvoiceBuildError } from './build-error';
import { sellerBlock } from './parties';
import { senderVatOfXml } from './renumber';
import type { SellerInput } from './types';
import { serializeElement, type XmlElement } from './xml-writer';

/** The element with every name in `prefix` (a document whose header elements are namespace-qualified). */
function prefixed(node: XmlElement, prefix: string): XmlElement {
  if (prefix === '') return node;
  const content = typeof node.content === 'string' ? node.content : node.content.map((c) => (c ? prefixed(c, prefix) : c));
  return { ...node, name: `${prefix}${node.name}`, content };
}

function replaceTransmitter(xml: string, oldVat: string, idPaese: string, idCodice: string): string {
  const transmitter = /<((?:[\w.-]+:)?)IdTrasmittente>([\s\S]*?)<\/\1IdTrasmittente>/.exec(xml);
  if (!transmitter) return xml;
  const [whole, prefix = '', inner = ''] = transmitter;
  const code = new RegExp(`(<${prefix}IdCodice>)\\s*([^<]*?)\\s*(</${prefix}IdCodice>)`).exec(inner);
  if (code?.[2] !== oldVat) return xml; // an intermediary sends for the shop: it stays
  const updated = inner
    .replace(new RegExp(`(<${prefix}IdPaese>)[^<]*(</${prefix}IdPaese>)`), `$1${idPaese}$2`)
    .replace(new RegExp(`(<${prefix}IdCodice>)[^<]*(</${prefix}IdCodice>)`), `$1${idCodice}$2`);
  return xml.slice(0, transmitter.index) + whole.replace(inner, updated) + xml.slice(transmitter.index + whole.length);
}

/** The document with the shop's current seller; throws InvoiceBuildError (Italian) when either cannot be read. */
export function withCurrentSeller(xml: string, seller: SellerInput): string {
  const block = sellerBlock(seller);
  const found = /<((?:[\w.-]+:)?)CedentePrestatore(?:\s[^>]*)?>[\s\S]*?<\/\1CedentePrestatore>/.exec(xml);
  if (!found) throw new InvoiceBuildError('Il documento della bozza non indica il cedente: rigenera la bozza', 'payload');
  const prefix = found[1] ?? '';
  const lineStart = xml.lastIndexOf('\n', found.index) + 1;
  const before = xml.slice(lineStart, found.index);
  const indent = /^[ \t]*$/.test(before) ? before : '';
  const oldVat = senderVatOfXml(xml);
  const replaced = xml.slice(0, found.index) + serializeElement(prefixed(block.element, prefix), indent) + xml.slice(found.index + found[0].length);
  return oldVat === undefined || oldVat === block.idCodice ? replaced : replaceTransmitter(replaced, oldVat, block.idPaese, block.idCodice);
}
