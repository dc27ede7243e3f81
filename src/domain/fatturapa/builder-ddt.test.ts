import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder';
import { body, build, buildError, companyBuyer, input, line } from './builder-test-kit';
import { loadFatturapaSchemas } from './test-fixtures';
import { checkInvoiceSemantics, preflightInvoice, validateInvoicesXsd } from './validate';
import { at, childrenNamed, textAt } from './xml-tree';

const ddts = [
  { number: '11/1', date: '2026-03-02', lineNumbers: [1] },
  { number: '11/4', date: '2026-03-05', lineNumbers: [2, 3] },
];
const td24 = { documentType: 'TD24' as const, date: '2026-03-31', lines: [line(), line({ description: 'Secondo' }), line({ description: 'Terzo', vatRate: 10, grossUnitPrice: 11 })], ddts };

describe('deferred invoices (TD24) and DatiDDT', () => {
  it('writes TD24 with one DatiDDT per note, after the other DatiGenerali blocks, with the line references', () => {
    const root = build(td24, companyBuyer);
    expect(textAt(body(root), 'DatiGenerali', 'DatiGeneraliDocumento', 'TipoDocumento')).toBe('TD24');
    const blocks = childrenNamed(at(body(root), 'DatiGenerali'), 'DatiDDT');
    expect(blocks.map((b) => [textAt(b, 'NumeroDDT'), textAt(b, 'DataDDT')])).toEqual([
      ['11/1', '2026-03-02'],
      ['11/4', '2026-03-05'],
    ]);
    expect(childrenNamed(blocks[1], 'RiferimentoNumeroLinea').map((e) => e.text)).toEqual(['2', '3']);
    expect(at(body(root), 'DatiGenerali')?.children.map((c) => c.name)).toEqual(['DatiGeneraliDocumento', 'DatiDDT', 'DatiDDT']);
  });

  it('passes the XSD and the semantic pre-flight checks', async () => {
    const xml = buildInvoiceXml(input(td24, companyBuyer));
    expect(checkInvoiceSemantics(xml)).toEqual([]);
    expect(await validateInvoicesXsd([xml], loadFatturapaSchemas())).toEqual([[]]);
    expect(await preflightInvoice(xml, loadFatturapaSchemas())).toEqual([]);
  });

  it('refuses a TD24 without notes, a note dated after the invoice, a bad line reference, notes on a credit note', () => {
    expect(buildError(() => buildInvoiceXml(input({ ...td24, ddts: [] }, companyBuyer))).message).toMatch(/almeno un DDT/);
    expect(buildError(() => buildInvoiceXml(input({ ...td24, ddts: [{ number: '11/9', date: '2026-04-01' }] }, companyBuyer))).message).toMatch(
      /successivo alla data della fattura/,
    );
    expect(buildError(() => buildInvoiceXml(input({ ...td24, ddts: [{ number: '11/9', date: '2026-03-01', lineNumbers: [4] }] }, companyBuyer))).message).toMatch(
      /la riga 4 non esiste/,
    );
    expect(
      buildError(() => buildInvoiceXml(input({ documentType: 'TD04', relatedInvoice: { number: '1', date: '2026-03-01' }, ddts }, companyBuyer))).message,
    ).toMatch(/nota di credito/);
  });

  it('a note without line references covers the whole invoice (no RiferimentoNumeroLinea)', () => {
    const root = build({ ...td24, ddts: [{ number: 'DDT 7', date: '2026-03-30' }] }, companyBuyer);
    const [block] = childrenNamed(at(body(root), 'DatiGenerali'), 'DatiDDT');
    expect(block?.children.map((c) => c.name)).toEqual(['NumeroDDT', 'DataDDT']);
  });
});
