import { describe, expect, it } from 'vitest';
import { saleByRate } from './corrispettivi';
import { balanceLine, VatSummaryBuilder, vatLineLabel } from './vat-summary';

describe('VAT summary of a package', () => {
  it('sums the invoices by rate and nature, subtracts credit notes, keeps split payment apart', () => {
    const b = new VatSummaryBuilder();
    b.addInvoice('emesse', 'f1', 'TD01', [
      { vatRate: 22, taxable: 100, tax: 22 },
      { vatRate: 10, taxable: 50.5, tax: 5.05 },
      { vatRate: 0, natura: 'N2.2', taxable: 30, tax: 0 },
    ]);
    b.addInvoice('emesse', 'f2', 'TD01', [{ vatRate: 22, taxable: 0.1, tax: 0.02 }]);
    b.addInvoice('emesse', 'nc', 'TD04', [{ vatRate: 22, taxable: 40, tax: 8.8 }]);
    b.addInvoice('emesse', 'pa', 'TD01', [{ vatRate: 22, taxable: 200, tax: 44, esigibilita: 'S' }]);
    b.addInvoice('ricevute', 'r1', 'TD01', [{ vatRate: 4, taxable: 12.34, tax: 0.49 }]);
    b.addInvoice('ricevute', 'r2', 'TD08', [{ vatRate: 4, taxable: 2, tax: 0.08 }]);
    const s = b.result();
    const line = (section: string, rate: number, natura?: string, split = false) =>
      s.lines.find((l) => l.section === section && l.vatRate === rate && l.natura === natura && l.splitPayment === split);
    expect(line('emesse', 22)).toMatchObject({ taxableCents: 10000 + 10 - 4000, taxCents: 2200 + 2 - 880, documents: 3 });
    expect(line('emesse', 10)).toMatchObject({ taxableCents: 5050, taxCents: 505 });
    expect(line('emesse', 0, 'N2.2')).toMatchObject({ taxableCents: 3000, taxCents: 0 });
    expect(line('emesse', 22, undefined, true)).toMatchObject({ taxableCents: 20000, taxCents: 4400 });
    expect(line('ricevute', 4)).toMatchObject({ taxableCents: 1034, taxCents: 41, documents: 2 });
    expect(s.totals.emesse).toEqual({ taxableCents: 6010 + 5050 + 3000 + 20000, taxCents: 1322 + 505 + 4400 });
    // Split-payment VAT is the public buyer's to pay: not due by the shop.
    expect(s.vatDueCents).toBe(1322 + 505);
    expect(s.vatDeductibleCents).toBe(41);
    expect(s.balanceCents).toBe(1322 + 505 - 41);
    expect(vatLineLabel({ vatRate: 22, splitPayment: true })).toBe('22% (scissione dei pagamenti)');
    expect(vatLineLabel({ vatRate: 0, natura: 'N2.2', splitPayment: false })).toMatch(/^N2\.2 /);
  });

  it('orders rates high to low, natures after them, sections corrispettivi, emesse, ricevute', () => {
    const b = new VatSummaryBuilder();
    b.addInvoice('ricevute', 'r', 'TD01', [{ vatRate: 22, taxable: 1, tax: 0.22 }]);
    b.addInvoice('emesse', 'e', 'TD01', [{ vatRate: 0, natura: 'N4', taxable: 1, tax: 0 }, { vatRate: 4, taxable: 1, tax: 0.04 }, { vatRate: 22, taxable: 1, tax: 0.22 }]);
    b.addSale('s', 10, 110);
    expect(b.result().lines.map((l) => `${l.section}:${l.natura ?? l.vatRate}`)).toEqual(['corrispettivi:10', 'emesse:22', 'emesse:4', 'emesse:N4', 'ricevute:22']);
  });

  it('splits the counter takings once per rate, half-up on the rate total, never per sale', () => {
    const b = new VatSummaryBuilder();
    // Three sales of 1.00 € at 22 %: per sale 0.82 + 0.18 (3 × 0.18 = 0.54); on the total 3.00 → 2.46 + 0.54.
    // Ten sales of 0.05 € at 22 %: per sale 0.04 + 0.01 (0.10 of VAT); on the total 0.50 → 0.41 + 0.09.
    for (let i = 0; i < 3; i++) b.addSale(`a${i}`, 22, 100);
    for (let i = 0; i < 10; i++) b.addSale(`b${i}`, 10, 5);
    b.addSale('x', undefined, 250);
    const s = b.result();
    expect(s.lines.find((l) => l.vatRate === 22)).toMatchObject({ taxableCents: 246, taxCents: 54, documents: 3 });
    // 0.50 / 1.10 = 0.4545… → 0.45 half-up; VAT 0.05 (per sale it would be 10 × (0.05 − 0.05) = 0.00).
    expect(s.lines.find((l) => l.vatRate === 10)).toMatchObject({ taxableCents: 45, taxCents: 5, documents: 10 });
    // A sale without rate: all taxable, no VAT guessed.
    expect(s.lines.find((l) => l.vatRate === undefined)).toMatchObject({ taxableCents: 250, taxCents: 0 });
    expect(s.vatDueCents).toBe(59);
  });

  it('half-up at exactly half a cent', () => {
    const b = new VatSummaryBuilder();
    // 1.05 € at 5 %: 1.05 / 1.05 = 1.00 exactly; 0.21 € at 5 %: 0.2 → 0.20; 10.25 at 2.5 %: 10.0 exactly.
    b.addSale('a', 5, 105);
    // 0.11 € at 10 %: 0.1 exactly; 0.15 € at 20 %: 0.125 → 0.13 (half-up), VAT 0.02.
    b.addSale('b', 20, 15);
    const s = b.result();
    expect(s.lines.find((l) => l.vatRate === 5)).toMatchObject({ taxableCents: 100, taxCents: 5 });
    expect(s.lines.find((l) => l.vatRate === 20)).toMatchObject({ taxableCents: 13, taxCents: 2 });
  });
});

describe("the settlement's balance", () => {
  it("says 'a debito' or 'a credito' in words, the amount always positive", () => {
    expect(balanceLine({ balanceCents: 1145 })).toEqual({ label: 'Saldo: IVA a debito', cents: 1145 });
    expect(balanceLine({ balanceCents: -295 })).toEqual({ label: 'Saldo: IVA a credito', cents: 295 });
    expect(balanceLine({ balanceCents: 0 })).toEqual({ label: 'Saldo: IVA a credito', cents: 0 });
  });
});

describe('a sale split by rate', () => {
  it('adds up to the price: the gap between lines and price goes to the rates in proportion', () => {
    const shares = saleByRate({ price: 9, lines: [{ total: 6, vatRate: 22 }, { total: 4, vatRate: 10 }] });
    expect(shares.reduce((s, r) => s + r.grossCents, 0)).toBe(900);
    expect(shares).toEqual([{ vatRate: 10, grossCents: 360 }, { vatRate: 22, grossCents: 540 }]);
  });

  it('prefers the stored tax breakdown; no lines → one share without rate', () => {
    expect(saleByRate({ price: 5, lines: [{ total: 5, vatRate: 22 }], taxBreakdown: [{ vatRate: 4, gross: 5 }] })).toEqual([{ vatRate: 4, grossCents: 500 }]);
    expect(saleByRate({ price: 3.5, lines: [] })).toEqual([{ vatRate: undefined, grossCents: 350 }]);
    expect(saleByRate({ price: 0, lines: [] })).toEqual([]);
  });
});
