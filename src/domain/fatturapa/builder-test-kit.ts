/**
 * Shared inputs and XML accessors for the builder tests. Test-only; never import it from application code.
 */
import { InvoiceBuildError } from './build-error';
import { buildInvoiceXml } from './builder';
import type { BuildInvoiceInput, BuyerInput, InvoiceDraftInput, InvoiceLineInput } from './types';
import { at, childrenNamed, parseXml, type XmlElement } from './xml-tree';

export const seller = {
  ragioneSociale: 'Bottega Rossi Srl',
  partitaIva: '00743110157',
  codiceFiscale: '00743110157',
  address: 'Via Roma 1',
  cap: '20100',
  city: 'Milano',
  province: 'mi',
};
export const privateBuyer: BuyerInput = {
  name: 'Mario',
  surname: 'Rossi',
  codiceFiscale: 'RSSMRA80A01H501U',
  pec: 'mario.rossi@pec.it',
  address: 'Via Po 2',
  cap: '10121',
  city: 'Torino',
  province: 'to',
  nation: 'it',
};
export const companyBuyer: BuyerInput = {
  ragioneSociale: 'Alfa Spa',
  partitaIva: '12345678903',
  codiceDestinatario: 'abc1234',
  pec: 'alfa@pec.it',
  address: 'Corso Italia 10',
  cap: '00184',
  city: 'Roma',
  province: 'RM',
};
export const paBuyer: BuyerInput = { ...companyBuyer, ragioneSociale: 'Comune di Prova', codiceDestinatario: 'UFABCD' };
export const line = (over: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  description: 'Articolo',
  quantity: 1,
  grossUnitPrice: 12.2,
  vatRate: 22,
  ...over,
});
export const draft = (over: Partial<InvoiceDraftInput> = {}): InvoiceDraftInput => ({
  number: 'ABCDE-2026-7',
  date: '2026-03-10',
  lines: [line()],
  ...over,
});
export const input = (d: Partial<InvoiceDraftInput> = {}, buyer: BuyerInput = privateBuyer): BuildInvoiceInput => ({
  draft: draft(d),
  seller,
  buyer,
});

export function build(d: Partial<InvoiceDraftInput> = {}, buyer: BuyerInput = privateBuyer): XmlElement {
  return parseXml(buildInvoiceXml(input(d, buyer)));
}
export const body = (root: XmlElement): XmlElement | undefined => at(root, 'FatturaElettronicaBody');
export const lines = (root: XmlElement): XmlElement[] => childrenNamed(at(body(root), 'DatiBeniServizi'), 'DettaglioLinee');
export const summaries = (root: XmlElement): XmlElement[] => childrenNamed(at(body(root), 'DatiBeniServizi'), 'DatiRiepilogo');
export const trasmissione = (root: XmlElement): XmlElement | undefined => at(root, 'FatturaElettronicaHeader', 'DatiTrasmissione');
export const payment = (root: XmlElement): XmlElement | undefined => at(body(root), 'DatiPagamento');

export function buildError(fn: () => unknown): InvoiceBuildError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoiceBuildError) return e;
    throw e;
  }
  throw new Error('expected an InvoiceBuildError');
}
