import { describe, expect, it } from 'vitest';
import { readInvoiceFile } from '../fatturapa/invoice-file';
import { invoiceXmlToJsonForm } from '../fatturapa/reader';
import { loadRealworld } from '../fatturapa/test-fixtures';
import { linesFromPayload, rowsFromLines, type SourceLine } from './invoice-import';
import { lineKindOf, sortInvoiceLines } from './invoice-line-kind';

const line = (over: Partial<SourceLine>): SourceLine => ({ description: 'Articolo', quantity: 1, unitPrice: 10, total: 10, vatRate: 22, codes: [], ...over });
/** A realworld file's lines as 'Carica da fattura' reads them (its JSON form, as the callback stores it). */
const fileLines = (name: string) => linesFromPayload(JSON.stringify(invoiceXmlToJsonForm(readInvoiceFile(loadRealworld(name), name).xml)));

describe('lineKindOf: which lines are goods', () => {
  it('follows TipoCessionePrestazione first', () => {
    expect(lineKindOf(line({ kindCode: 'SC', total: -5 }))).toBe('discount');
    expect(lineKindOf(line({ kindCode: 'PR' }))).toBe('discount');
    expect(lineKindOf(line({ kindCode: 'ab' }))).toBe('discount');
    expect(lineKindOf(line({ kindCode: 'AC', description: 'Imballo speciale' }))).toBe('charge');
  });

  it('a line without quantity and price is descriptive; one with a quantity and no price is goods (a free good)', () => {
    expect(lineKindOf(line({ description: 'Rif. Doc. di trasporto n. 12 del 03/05/2024', quantity: undefined, unitPrice: 0, total: 0 }))).toBe('text');
    expect(lineKindOf(line({ description: 'USB omaggio', quantity: 1, unitPrice: 16.6, total: 0 }))).toBe('goods');
  });

  it('negative lines and shipping or collection costs are not goods', () => {
    expect(lineKindOf(line({ description: 'SCONTO', quantity: 5, unitPrice: -1, total: -5 }))).toBe('negative');
    for (const d of ['Costi di spedizione', 'Spese di trasporto', 'SPESE INCASSO RIBA', 'Contributo spese di spedizione', 'Trasporto', 'Bollo']) {
      expect(lineKindOf(line({ description: d })), d).toBe('charge');
    }
    for (const d of ['Scarpe da trasporto? no: Zaino da viaggio', 'Cavo USB', 'Borsa spesa in tela']) expect(lineKindOf(line({ description: d })), d).toBe('goods');
  });
});

describe('sortInvoiceLines', () => {
  it("a discount line lowers the cost of the goods it applies to (same body, same VAT), never loaded as +1 piece at € 0", () => {
    // FPR06: 10 × 2,00 'FORNITURE VARIE PER UFFICIO' and 'SCONTO' 5 × −1,00, both at 22%.
    const sorted = sortInvoiceLines(fileLines('oca__l10n_it_fatturapa_in__IT01234567890_FPR06.xml'));
    expect(sorted.goods).toHaveLength(1);
    expect(sorted.goods[0]).toMatchObject({ description: 'FORNITURE VARIE PER UFFICIO', quantity: 10, total: 15 });
    expect(sorted.apart).toEqual([expect.objectContaining({ kind: 'discount', description: 'SCONTO', total: -5, reason: 'Sconto di 5,00\u00a0€ ripartito sul costo di: FORNITURE VARIE PER UFFICIO.' })]);
    const [row] = rowsFromLines(sorted.goods, 0);
    expect(row).toMatchObject({ quantity: 10, basePrice: 1.5 });
  });

  it('spreads a discount over several goods in proportion, in exact cents', () => {
    const sorted = sortInvoiceLines([line({ description: 'A', total: 10 }), line({ description: 'B', total: 20 }), line({ description: 'C', vatRate: 10, total: 50 }), line({ description: 'Sconto', kindCode: 'SC', total: -1 })]);
    expect(sorted.goods.map((g) => g.total)).toEqual([9.67, 19.33, 50]);
  });

  it('an invoice of negative lines loads nothing and says why', () => {
    // FPR07: one line of 10 × −2,00.
    const sorted = sortInvoiceLines(fileLines('oca__l10n_it_fatturapa_in__IT01234567890_FPR07.xml'));
    expect(sorted.goods).toEqual([]);
    expect(sorted.apart).toEqual([expect.objectContaining({ kind: 'negative', total: -20, reason: 'Importo negativo (reso, storno o sconto) senza merce a cui applicarlo: non caricata, nessun pezzo aggiunto.' })]);
  });

  it('a free good (100% discount) enters stock at cost 0; descriptive lines and charges are set apart', () => {
    const free = sortInvoiceLines(fileLines('oca__l10n_it_fatturapa_in__IT05979361218_016.xml'));
    expect(free.goods.map((g) => g.description)).toEqual(['USB4', 'USB']);
    expect(rowsFromLines(free.goods, 0).map((r) => r.basePrice)).toEqual([18.07, 0]);
    const mixed = sortInvoiceLines([line({ description: 'Rif. Doc. di trasporto n. 7', quantity: undefined, unitPrice: 0, total: 0 }), line({ description: 'Penne' }), line({ description: 'Costi di spedizione', total: 7.5 })]);
    expect(mixed.goods.map((g) => g.description)).toEqual(['Penne']);
    expect(mixed.apart.map((a) => a.kind)).toEqual(['text', 'charge']);
  });

  it('a discount applies within its own body of a lotto', () => {
    const sorted = sortInvoiceLines([line({ description: 'A', bodyIndex: 1 }), line({ description: 'B', bodyIndex: 2 }), line({ description: 'Sconto', total: -4, bodyIndex: 2 })]);
    expect(sorted.goods.map((g) => g.total)).toEqual([10, 6]);
  });
});
