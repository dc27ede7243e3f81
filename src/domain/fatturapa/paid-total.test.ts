/**
 * An invoice for a receipt totals what the customer paid, to the cent, while every SdI arithmetic check (00421,
 * 00422, 00423) holds exactly: every price from 0,01 to 200,00 € at 4, 5, 10 and 22 %, random receipts of several
 * lines, rates and discounts, and the built XML through the project's own SdI checks and the FatturaPA XSD.
 */
import { describe, expect, it } from 'vitest';
import * as D from '../money/decimal';
import { SeededRandom } from '../random/seeded-random';
import { buildInvoiceXml, computeInvoiceAmounts, type InvoiceAmounts } from './builder';
import { input, line } from './builder-test-kit';
import { netForGross, shareCents } from './paid-total';
import { loadFatturapaSchemas } from './test-fixtures';
import type { InvoiceDraftInput, InvoiceLineInput } from './types';
import { checkInvoiceSemantics, validateInvoicesXsd } from './validate';

const RATES = [4, 5, 10, 22];
const HUNDRED = D.dec(100);
const paid = (lines: InvoiceLineInput[]): InvoiceDraftInput => ({ number: 'ABCDE-2026-7', date: '2026-03-10', lines, pricesPaid: true });
const cents = (d: D.Decimal) => Number(D.rescale(D.round(d, 2), 2).units);
const vat = (net: bigint, rate: number) => (net * BigInt(rate * 100) * 2n + 10000n) / 20000n;

/** The SdI's arithmetic on the computed amounts, exactly (no tolerance used). */
function expectSdiArithmetic(a: InvoiceAmounts): void {
  for (const l of a.lines) {
    const adjusted = l.adjustment?.percent
      ? D.sub(l.unitPrice, D.div(D.mul(l.unitPrice, l.adjustment.percent), HUNDRED, 20))
      : l.unitPrice;
    // 00423: PrezzoTotale = PrezzoUnitario (± sconto) × Quantita, to the cent; 8 decimals at most for the price.
    expect(cents(D.mul(adjusted, l.quantity))).toBe(cents(l.total));
    expect(D.toFixed(l.unitPrice, 2, 8)).toMatch(/^\d+\.\d{2,8}$/);
  }
  for (const s of a.summaries) {
    // 00422: ImponibileImporto = Σ PrezzoTotale of its rate; 00421: Imposta = round_half_up(Imponibile × rate).
    const lines = a.lines.filter((l) => D.cmp(l.vatRate, s.vatRate) === 0 && (l.natura ?? '') === (s.natura ?? ''));
    expect(cents(D.sum(lines.map((l) => l.total)))).toBe(cents(s.imponibile));
    expect(cents(s.imposta)).toBe(cents(D.div(D.mul(s.imponibile, s.vatRate), HUNDRED, 6)));
  }
  expect(cents(a.total)).toBe(cents(D.add(D.add(a.taxable, a.vat), a.rounding)));
}

describe('the taxable amount of a paid gross', () => {
  it.each(RATES)('at %i per cent: exact whenever an exact one exists, else one cent off with the next cent skipped', (rate) => {
    for (let g = 1n; g <= 20000n; g++) {
      const { net, short } = netForGross(g, D.dec(rate));
      expect(g - (net + vat(net, rate))).toBe(short);
      if (short === 0n) continue;
      expect(short === 1n || short === -1n).toBe(true);
      // No exact N: N → N + IVA(N) never decreases and steps by one or two cents; here it steps over g.
      const next = short === 1n ? net + 1n : net - 1n;
      expect(next + vat(next, rate)).toBe(short === 1n ? g + 1n : g - 1n);
    }
  });

  it('shares an amount among lines in proportion, adding up exactly', () => {
    expect(shareCents(3672n, [130n, 4350n])).toEqual([107n, 3565n]);
    expect(shareCents(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(shareCents(0n, [0n, 0n])).toEqual([0n, 0n]);
  });
});

describe('an invoice of paid prices totals what was paid', () => {
  it('a 44,80 € receipt (1,30 + 43,50 at 22 %) is a 44,80 € invoice, where net prices line by line gave 44,81', () => {
    const lines = [line({ description: 'Penna', grossUnitPrice: 1.3 }), line({ description: 'Zaino', grossUnitPrice: 43.5 })];
    const byLine = computeInvoiceAmounts({ ...paid(lines), pricesPaid: false }, 'I');
    expect(D.toFixed(byLine.total, 2)).toBe('44.81');
    const a = computeInvoiceAmounts(paid(lines), 'I');
    expect([D.toFixed(a.taxable, 2), D.toFixed(a.vat, 2), D.toFixed(a.rounding, 2), D.toFixed(a.total, 2), D.toFixed(a.payable, 2)]).toEqual(['36.72', '8.08', '0.00', '44.80', '44.80']);
    expectSdiArithmetic(a);
  });

  it.each(RATES)('every price from 0,01 to 200,00 € at %i per cent: total = price, at most one cent of Arrotondamento', (rate) => {
    let withRounding = 0;
    for (let c = 1; c <= 20000; c++) {
      const a = computeInvoiceAmounts(paid([line({ grossUnitPrice: c / 100, vatRate: rate })]), 'I');
      expect(cents(a.total)).toBe(c);
      expect(Math.abs(cents(a.rounding))).toBeLessThanOrEqual(1);
      if (!D.isZero(a.rounding)) withRounding++;
      if (c % 997 === 0 || !D.isZero(a.rounding) && c % 89 === 0) expectSdiArithmetic(a);
    }
    // Only where no exact taxable amount exists (about rate / (100 + rate) of the prices).
    expect(withRounding / 20000).toBeLessThan(rate / (100 + rate) + 0.01);
  });

  it('random receipts: several lines, quantities, rates, discounts and a 0 % line total what was paid', () => {
    const rng = new SeededRandom(54);
    for (let n = 0; n < 3000; n++) {
      const lines: InvoiceLineInput[] = Array.from({ length: rng.int(1, 7) }, (_, i) => {
        const rate = rng.pick([...RATES, 0]);
        return line({
          description: `Articolo ${i % 3}`,
          quantity: rng.pick([1, 1, 2, 3, 0.5, 1.25, 12]),
          grossUnitPrice: rng.int(1, 20000) / 100,
          vatRate: rate,
          ...(rate === 0 ? { natura: 'N2.2' as const } : {}),
          ...(rng.chance(0.2) ? { adjustment: { kind: 'discount' as const, percent: rng.pick([5, 10, 12.5, 33]) } } : {}),
        });
      });
      const a = computeInvoiceAmounts(paid(lines), 'I');
      const expected = lines.reduce((s, l) => {
        const unit = l.adjustment?.percent ? D.div(D.mul(D.dec(l.grossUnitPrice), D.sub(HUNDRED, D.dec(l.adjustment.percent))), HUNDRED, 20) : D.dec(l.grossUnitPrice);
        return s + cents(D.mul(unit, D.dec(l.quantity)));
      }, 0);
      expect(cents(a.total)).toBe(expected);
      expect(Math.abs(cents(a.rounding))).toBeLessThanOrEqual(1);
      expectSdiArithmetic(a);
    }
  });

  it("the built XML states the paid total, the Arrotondamento when there is one, and passes the SdI checks and the XSD", async () => {
    const xmls: string[] = [];
    // 0,03 € at 22 % has no exact taxable amount (0,02 + 0,00 or 0,03 + 0,01): one cent of Arrotondamento.
    for (const [price, rate] of [[0.03, 22], [44.8, 22], [199.99, 4], [12.34, 5], [7.77, 10]] as const) {
      const xml = buildInvoiceXml(input(paid([line({ grossUnitPrice: price, vatRate: rate }), line({ description: 'Altro', grossUnitPrice: 1.3, quantity: 3, vatRate: 22 })])));
      const total = (Math.round(price * 100) + 390) / 100;
      expect(xml).toContain(`<ImportoTotaleDocumento>${total.toFixed(2)}</ImportoTotaleDocumento>`);
      expect(xml).toContain(`<ImportoPagamento>${total.toFixed(2)}</ImportoPagamento>`);
      expect(checkInvoiceSemantics(xml)).toEqual([]);
      xmls.push(xml);
    }
    const gap = buildInvoiceXml(input(paid([line({ grossUnitPrice: 0.03, vatRate: 22 })])));
    expect(gap).toMatch(/<ImportoTotaleDocumento>0\.03<\/ImportoTotaleDocumento>\s*<Arrotondamento>(0\.01|-0\.01)<\/Arrotondamento>/);
    expect(checkInvoiceSemantics(gap)).toEqual([]);
    xmls.push(gap);
    expect(await validateInvoicesXsd(xmls, loadFatturapaSchemas())).toEqual(xmls.map(() => []));
  });
});
