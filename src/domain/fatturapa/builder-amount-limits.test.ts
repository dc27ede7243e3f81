// Amounts wider than the XSD's 11 integer digits are refused with an Italian message, before any
// XML is written (the SdI would reject the file); the largest amounts that fit still build a valid document.
import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder';
import { buildError, input, line } from './builder-test-kit';
import { loadFatturapaSchemas } from './test-fixtures';
import { validateInvoicesXsd } from './validate';

describe('amounts beyond the XSD digits', () => {
  it('refuses a line of 1,000,000,000,000,000 € (today it wrote a 16-digit ImportoTotaleDocumento)', () => {
    const error = buildError(() => buildInvoiceXml(input({ lines: [line({ grossUnitPrice: 1e18 / 1000 })] })));
    expect(error.message).toBe('Riga 1, prezzo unitario: importo troppo grande, lo SdI accetta al massimo 11 cifre prima della virgola (99.999.999.999,99 €)');
    expect(error.field).toBe('lines[0].grossUnitPrice');
  });

  it('refuses a line total that overflows from a fitting price times the quantity', () => {
    const error = buildError(() => buildInvoiceXml(input({ lines: [line({ grossUnitPrice: 50_000_000_000, vatRate: 0, natura: 'N2.2', quantity: 3 })] })));
    expect(error.message).toMatch(/^Riga 1, prezzo totale: importo troppo grande/);
  });

  it('refuses a VAT summary or document total made of lines that each fit', () => {
    const big = (description: string) => line({ description, grossUnitPrice: 73_200_000_000, vatRate: 22 });
    const error = buildError(() => buildInvoiceXml(input({ lines: [big('A'), big('B')] })));
    expect(error.message).toMatch(/^Riepilogo IVA 22\.00%, imponibile: importo troppo grande/);
    const total = buildError(() =>
      buildInvoiceXml(input({ lines: [line({ description: 'A', grossUnitPrice: 90_000_000_000, vatRate: 0, natura: 'N2.2' }), line({ description: 'B', grossUnitPrice: 12_200_000_000, vatRate: 22 })] })),
    );
    expect(total.message).toBe('Totale documento: importo troppo grande, lo SdI accetta al massimo 11 cifre prima della virgola (99.999.999.999,99 €)');
  });

  it('builds the largest amounts that fit, and the XSD accepts them', async () => {
    const xml = buildInvoiceXml(input({ lines: [line({ grossUnitPrice: 99_999_999_999.99, vatRate: 0, natura: 'N2.2' })] }));
    expect(xml).toContain('<ImportoTotaleDocumento>99999999999.99</ImportoTotaleDocumento>');
    const [problems] = await validateInvoicesXsd([xml], loadFatturapaSchemas());
    expect(problems).toEqual([]);
  });
});
