import { describe, expect, it } from 'vitest';
import * as D from '../money/decimal';
import { buildInvoiceXml, computeInvoiceAmounts } from './builder';
import {
  body,
  build,
  buildError,
  companyBuyer,
  draft,
  input,
  line,
  lines,
  paBuyer,
  privateBuyer,
  seller,
  summaries,
} from './builder-test-kit';
import type { BuyerInput, InvoiceDraftInput, InvoiceLineInput } from './types';
import { at, childrenNamed, parseXml, textAt } from './xml-tree';

describe('lines and summaries', () => {
  it('derives the net unit price from the gross price and rounds totals half-up', () => {
    const root = build({ lines: [line({ grossUnitPrice: 10, quantity: 3 })] });
    const l = lines(root)[0];
    expect(textAt(l, 'PrezzoUnitario')).toBe('8.19672131');
    expect(textAt(l, 'Quantita')).toBe('3.00');
    expect(textAt(l, 'PrezzoTotale')).toBe('24.59');
    expect(textAt(summaries(root)[0], 'ImponibileImporto')).toBe('24.59');
    expect(textAt(summaries(root)[0], 'Imposta')).toBe('5.41');
  });
  it('rounds the VAT half-up at the third decimal (0.25 × 22% = 0.055 → 0.06)', () => {
    const root = build({ lines: [line({ grossUnitPrice: 0.305 })] });
    expect(textAt(summaries(root)[0], 'ImponibileImporto')).toBe('0.25');
    expect(textAt(summaries(root)[0], 'Imposta')).toBe('0.06');
  });
  it('merges identical lines and numbers the result', () => {
    const root = build({
      lines: [line({ quantity: 1.5 }), line({ description: 'Altro', vatRate: 10, grossUnitPrice: 11 }), line({ quantity: 2.25 })],
    });
    expect(lines(root).map((l) => [textAt(l, 'NumeroLinea'), textAt(l, 'Descrizione'), textAt(l, 'Quantita')])).toEqual([
      ['1', 'Articolo', '3.75'],
      ['2', 'Altro', '1.00'],
    ]);
    expect(textAt(lines(root)[0], 'PrezzoTotale')).toBe('37.50');
  });
  it('does not merge lines that differ in price, VAT, discount, code or unit', () => {
    const root = build({
      lines: [
        line(),
        line({ grossUnitPrice: 12.3 }),
        line({ vatRate: 10, grossUnitPrice: 11 }),
        line({ adjustment: { kind: 'discount', percent: 10 } }),
        line({ code: 'A1' }),
        line({ unitOfMeasure: 'KG' }),
      ],
    });
    expect(lines(root)).toHaveLength(6);
  });
  it('writes discounts and markups on the unit price', () => {
    const root = build({
      lines: [
        line({ quantity: 2, adjustment: { kind: 'discount', percent: 12.5 } }),
        line({ description: 'B', quantity: 3, adjustment: { kind: 'markup', percent: 5 } }),
        line({ description: 'C', quantity: 2, adjustment: { kind: 'discount', amountPerUnit: 2.44 } }),
      ],
    });
    const [a, b, c] = lines(root);
    expect(textAt(a, 'ScontoMaggiorazione', 'Tipo')).toBe('SC');
    expect(textAt(a, 'ScontoMaggiorazione', 'Percentuale')).toBe('12.50');
    expect(textAt(a, 'PrezzoTotale')).toBe('17.50');
    expect(textAt(b, 'ScontoMaggiorazione', 'Tipo')).toBe('MG');
    expect(textAt(b, 'PrezzoTotale')).toBe('31.50');
    expect(textAt(c, 'ScontoMaggiorazione', 'Importo')).toBe('2.00');
    expect(textAt(c, 'PrezzoTotale')).toBe('16.00');
    expect(textAt(summaries(root)[0], 'ImponibileImporto')).toBe('65.00');
    expect(textAt(summaries(root)[0], 'Imposta')).toBe('14.30');
  });
  it('gives 0% lines their Natura and one summary per rate and Natura, with the legal reference', () => {
    const root = build({
      lines: [
        line(),
        line({ description: 'Esente', vatRate: 0, grossUnitPrice: 5, natura: 'N4' }),
        line({ description: 'Export', vatRate: 0, grossUnitPrice: 7, natura: 'N3.1' }),
        line({ description: 'Libro', vatRate: 4, grossUnitPrice: 10.4 }),
      ],
    }, paBuyer);
    expect(textAt(lines(root)[1], 'Natura')).toBe('N4');
    expect(textAt(lines(root)[0], 'Natura')).toBeUndefined();
    expect(summaries(root).map((s) => [textAt(s, 'AliquotaIVA'), textAt(s, 'Natura'), textAt(s, 'ImponibileImporto'), textAt(s, 'Imposta'), textAt(s, 'EsigibilitaIVA')])).toEqual([
      ['22.00', undefined, '10.00', '2.20', 'S'],
      ['4.00', undefined, '10.00', '0.40', 'S'],
      ['0.00', 'N3.1', '7.00', '0.00', undefined],
      ['0.00', 'N4', '5.00', '0.00', undefined],
    ]);
    expect(textAt(summaries(root)[3], 'RiferimentoNormativo')).toBe('Esenti');
  });
  it('refuses 0% without Natura, generic Natura codes and Natura on taxed lines', () => {
    expect(buildError(() => buildInvoiceXml(input({ lines: [line({ vatRate: 0 })] }))).message).toBe(
      "Riga 1: con IVA 0% serve la natura dell'operazione (N1–N7)",
    );
    const generic = { ...line({ vatRate: 0 }), natura: 'N2' } as unknown as InvoiceLineInput;
    expect(buildError(() => buildInvoiceXml(input({ lines: [line(), generic] }))).message).toContain('Riga 2: la natura N2 è generica');
    expect(buildError(() => buildInvoiceXml(input({ lines: [line({ natura: 'N4' })] }))).field).toBe('lines[0].natura');
  });
  it('refuses impossible quantities, prices, rates and discounts', () => {
    const field = (l: InvoiceLineInput): string => buildError(() => buildInvoiceXml(input({ lines: [l] }))).field;
    expect(field(line({ quantity: 0 }))).toBe('lines[0].quantity');
    expect(field(line({ quantity: Number.NaN }))).toBe('lines[0].quantity');
    expect(field(line({ grossUnitPrice: -1 }))).toBe('lines[0].grossUnitPrice');
    expect(field(line({ vatRate: 100 }))).toBe('lines[0].vatRate');
    expect(field(line({ description: '  😀 ' }))).toBe('lines[0].description');
    expect(field(line({ adjustment: { kind: 'discount', percent: 101 } }))).toBe('lines[0].adjustment');
    expect(field(line({ adjustment: { kind: 'discount', amountPerUnit: 12.21 } }))).toBe('lines[0].adjustment');
    expect(field(line({ adjustment: { kind: 'discount' } }))).toBe('lines[0].adjustment');
    expect(buildError(() => buildInvoiceXml(input({ lines: [] }))).message).toBe('La bozza non contiene righe');
  });
  it('computes the amounts the XML carries', () => {
    const a = computeInvoiceAmounts(draft({ lines: [line({ quantity: 3, grossUnitPrice: 10 }), line({ vatRate: 0, natura: 'N2.2', grossUnitPrice: 1 })] }), 'I');
    expect([a.taxable, a.vat, a.total, a.payable].map((d) => D.toFixed(d, 2))).toEqual(['25.59', '5.41', '31.00', '31.00']);
  });
});

describe('texts', () => {
  it('escapes XML and keeps accents', () => {
    const xml = buildInvoiceXml(input({ lines: [line({ description: 'Vino "rosso" & <bianco> più caffè' })], causale: 'Saldo & acconto' }));
    expect(xml).toContain('<Descrizione>Vino &quot;rosso&quot; &amp; &lt;bianco&gt; più caffè</Descrizione>');
    const root = parseXml(xml);
    expect(textAt(lines(root)[0], 'Descrizione')).toBe('Vino "rosso" & <bianco> più caffè');
    expect(textAt(body(root), 'DatiGenerali', 'DatiGeneraliDocumento', 'Causale')).toBe('Saldo & acconto');
  });
  it('truncates descriptions at 1000 and names at 80 code points without breaking characters', () => {
    const root = build(
      { lines: [line({ description: 'àé😀'.repeat(600) })] },
      { ...companyBuyer, ragioneSociale: 'Società '.repeat(20) },
    );
    const description = textAt(lines(root)[0], 'Descrizione') ?? '';
    expect([...description]).toHaveLength(1000);
    expect(description).toMatch(/^[àé]+$/);
    const name = textAt(root, 'FatturaElettronicaHeader', 'CessionarioCommittente', 'DatiAnagrafici', 'Anagrafica', 'Denominazione') ?? '';
    expect([...name].length).toBeLessThanOrEqual(80);
    expect(name.startsWith('Società Società')).toBe(true);
  });
  it('splits a long causale into 200-character Causale elements', () => {
    const root = build({ causale: 'x'.repeat(450) });
    const causali = childrenNamed(at(body(root), 'DatiGenerali', 'DatiGeneraliDocumento'), 'Causale').map((c) => c.text.length);
    expect(causali).toEqual([200, 200, 50]);
  });
});

describe('input errors', () => {
  it.each<[string, Partial<InvoiceDraftInput>, BuyerInput, string]>([
    ['missing number', { number: ' ' }, privateBuyer, 'number'],
    ['number without digits', { number: 'ABC' }, privateBuyer, 'number'],
    ['number too long', { number: 'ABCDE-2026-123456789012' }, privateBuyer, 'number'],
    ['invalid date', { date: '2026-02-30' }, privateBuyer, 'date'],
    ['invalid due date', { dueDate: '31/12/2026' }, privateBuyer, 'dueDate'],
    ['buyer without ids', {}, { ...privateBuyer, codiceFiscale: '' }, 'buyer.partitaIva'],
    ['wrong buyer tax code', {}, { ...privateBuyer, codiceFiscale: 'RSSMRA80A01H501X' }, 'buyer.codiceFiscale'],
    ['wrong buyer VAT number', {}, { ...companyBuyer, partitaIva: '12345678901' }, 'buyer.partitaIva'],
    ['bad recipient code', {}, { ...companyBuyer, codiceDestinatario: 'AB-12' }, 'buyer.codiceDestinatario'],
    ['bad PEC', {}, { ...privateBuyer, pec: 'mario at pec' }, 'buyer.pec'],
    ['bad Italian CAP', {}, { ...privateBuyer, cap: '1012' }, 'buyer.cap'],
    ['bad province', {}, { ...privateBuyer, province: 'Torino' }, 'buyer.province'],
    ['missing address', {}, { ...privateBuyer, address: '' }, 'buyer.address'],
    ['missing name', {}, { ...privateBuyer, name: '', surname: '' }, 'buyer.ragioneSociale'],
  ])('%s', (_, d, buyer, field) => {
    const e = buildError(() => buildInvoiceXml(input(d, buyer)));
    expect(e.field).toBe(field);
    expect(e.message.length).toBeGreaterThan(10);
  });
  it('refuses a shop with a wrong VAT number, regime or no name', () => {
    const withSeller = (s: Partial<typeof seller> & { regimeFiscale?: string }): string =>
      buildError(() => buildInvoiceXml({ draft: draft(), seller: { ...seller, ...s }, buyer: privateBuyer })).field;
    expect(withSeller({ partitaIva: '01234567890' })).toBe('seller.partitaIva');
    expect(withSeller({ regimeFiscale: 'RF03' })).toBe('seller.regimeFiscale');
    expect(withSeller({ ragioneSociale: '' })).toBe('seller.ragioneSociale');
  });
});
