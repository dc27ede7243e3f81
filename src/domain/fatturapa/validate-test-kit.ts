/**
 * Test kit for the validator tests: small XML fragments spliced into the official FPR01 sample.
 * Test-only; never import it from application code.
 */
import { expect } from 'vitest';
import { loadFatturapaSchemas, loadSample } from './test-fixtures';
import { checkInvoiceSemantics, validateInvoicesXsd } from './validate';

/** Replaces `from` (which must occur) with `to`. */
export function mutate(xml: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? xml.includes(from) : from.test(xml);
  if (!found) throw new Error(`mutate: ${String(from)} not found`);
  return xml.replace(from, to);
}

export interface LineSpec {
  description?: string;
  quantity?: string;
  unit: string;
  total: string;
  rate: string;
  natura?: string;
  ritenuta?: boolean;
  /** Raw ScontoMaggiorazione elements. */
  adjustments?: string;
}

/** A DettaglioLinee element in schema order. */
export function line(n: number, spec: LineSpec): string {
  return [
    '<DettaglioLinee>',
    `<NumeroLinea>${n}</NumeroLinea>`,
    `<Descrizione>${spec.description ?? `Articolo ${n}`}</Descrizione>`,
    spec.quantity === undefined ? '' : `<Quantita>${spec.quantity}</Quantita>`,
    `<PrezzoUnitario>${spec.unit}</PrezzoUnitario>`,
    spec.adjustments ?? '',
    `<PrezzoTotale>${spec.total}</PrezzoTotale>`,
    `<AliquotaIVA>${spec.rate}</AliquotaIVA>`,
    spec.ritenuta ? '<Ritenuta>SI</Ritenuta>' : '',
    spec.natura === undefined ? '' : `<Natura>${spec.natura}</Natura>`,
    '</DettaglioLinee>',
  ].join('');
}

export interface SummarySpec {
  rate: string;
  natura?: string;
  rounding?: string;
  taxable: string;
  tax: string;
  esigibilita?: string;
}

/** A DatiRiepilogo element in schema order (a 0% summary gets a RiferimentoNormativo, as the rules ask). */
export function summary(spec: SummarySpec): string {
  return [
    '<DatiRiepilogo>',
    `<AliquotaIVA>${spec.rate}</AliquotaIVA>`,
    spec.natura === undefined ? '' : `<Natura>${spec.natura}</Natura>`,
    spec.rounding === undefined ? '' : `<Arrotondamento>${spec.rounding}</Arrotondamento>`,
    `<ImponibileImporto>${spec.taxable}</ImponibileImporto>`,
    `<Imposta>${spec.tax}</Imposta>`,
    spec.esigibilita === undefined ? '' : `<EsigibilitaIVA>${spec.esigibilita}</EsigibilitaIVA>`,
    spec.natura === undefined ? '' : '<RiferimentoNormativo>Art. 10 DPR 633/72</RiferimentoNormativo>',
    '</DatiRiepilogo>',
  ].join('');
}

/** FPR01 with its DatiBeniServizi replaced by these lines and summaries. */
export function invoiceWith(lines: string[], summaries: string[], xml = loadSample('FPR01')): string {
  return mutate(
    xml,
    /<DatiBeniServizi>[\s\S]*?<\/DatiBeniServizi>/,
    `<DatiBeniServizi>${lines.join('')}${summaries.join('')}</DatiBeniServizi>`,
  );
}

/** FPR01 with another TipoDocumento. */
export function withDocumentType(xml: string, tipo: string): string {
  return mutate(xml, '<TipoDocumento>TD01</TipoDocumento>', `<TipoDocumento>${tipo}</TipoDocumento>`);
}

/** Inserts elements right after Numero (where DatiRitenuta, DatiCassaPrevidenziale, ScontoMaggiorazione go, before Causale). */
export function afterNumero(xml: string, elements: string): string {
  return mutate(xml, /(<Numero>[^<]*<\/Numero>)/, `$1${elements}`);
}

export const RITENUTA =
  '<DatiRitenuta><TipoRitenuta>RT01</TipoRitenuta><ImportoRitenuta>1.00</ImportoRitenuta><AliquotaRitenuta>20.00</AliquotaRitenuta><CausalePagamento>A</CausalePagamento></DatiRitenuta>';

export function cassa(rate: string, amount: string, extra: { natura?: string; ritenuta?: boolean } = {}): string {
  return [
    '<DatiCassaPrevidenziale><TipoCassa>TC22</TipoCassa><AlCassa>4.00</AlCassa>',
    `<ImportoContributoCassa>${amount}</ImportoContributoCassa><ImponibileCassa>100.00</ImponibileCassa>`,
    `<AliquotaIVA>${rate}</AliquotaIVA>`,
    extra.ritenuta ? '<Ritenuta>SI</Ritenuta>' : '',
    extra.natura === undefined ? '' : `<Natura>${extra.natura}</Natura>`,
    '</DatiCassaPrevidenziale>',
  ].join('');
}

/**
 * Collects the documents a test file declares clean (no semantic problem, asserted at once) and validates them all
 * against the XSD in one xmllint run at the end (`afterAll(verify)`).
 */
export function xsdCleanRegistry(): { expectClean: (xml: string) => void; verify: () => Promise<void> } {
  const clean: string[] = [];
  return {
    expectClean(xml: string): void {
      expect(checkInvoiceSemantics(xml)).toEqual([]);
      clean.push(xml);
    },
    async verify(): Promise<void> {
      const results = await validateInvoicesXsd(clean, loadFatturapaSchemas());
      expect(results.flat()).toEqual([]);
    },
  };
}
