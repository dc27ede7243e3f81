import { describe, expect, it } from 'vitest';
import { normalizeSale } from '@/data/sale';
import { invoiceNumberOfXml, senderVatOfXml } from '@/domain/fatturapa/renumber';
import { checkInvoiceSemantics } from '@/domain/fatturapa/validate';
import { saleRaw, TEST_CUSTOMER, TEST_SHOP } from './send-test-kit';
import { draftXml, MISSING_PARTIES, saleDocumentType, saleLines, saleToDraftInput } from './draft-xml';

describe('draft → XML', () => {
  it('maps the sale lines (gross price, VAT 22 by default, percentage discount, unit upper-cased)', () => {
    const sale = normalizeSale('s1', saleRaw({ lines: [{ name: 'Vite', qty: 3, unitPrice: 1.22, unitOfMeasure: 'pz' }] }));
    expect(saleLines(sale)).toEqual([{ description: 'Vite', quantity: 3, grossUnitPrice: 1.22, vatRate: 22, unitOfMeasure: 'PZ' }]);
    const input = saleToDraftInput(normalizeSale('s1', saleRaw({ dueDate: '2026-04-30', paymentMethod: 'MP05', condizioniPagamento: 'TP02' })), 'N-1', new Date());
    expect(input).toMatchObject({ number: 'N-1', date: '2026-03-10', documentType: 'TD01', dueDate: '2026-04-30', paymentMethod: 'MP05', paymentCondition: 'TP02' });
    expect(input.lines[1]).toMatchObject({ adjustment: { kind: 'discount', percent: 10 } });
    const pa = saleToDraftInput(normalizeSale('s2', saleRaw({ paymentMethod: 'MP23', esigibilita: 'S', cig: 'Z1234ABCD', cup: 'C12', codiceCommessa: 'K7' })), 'N-2', new Date());
    expect(pa).toMatchObject({ paymentMethod: 'MP23', esigibilita: 'S', cig: 'Z1234ABCD', cup: 'C12', codiceCommessa: 'K7' });
  });

  it('builds a valid invoice for a draft without payload, and keeps an existing payload', () => {
    const built = draftXml(normalizeSale('s1', saleRaw()), TEST_SHOP, TEST_CUSTOMER, 'AbCdE-2026-12', new Date());
    expect(built.kind).toBe('xml');
    const xml = built.kind === 'xml' ? built.xml : '';
    expect(invoiceNumberOfXml(xml)).toBe('AbCdE-2026-12');
    expect(checkInvoiceSemantics(xml)).toEqual([]);
    expect(draftXml(normalizeSale('s1', saleRaw({ invoicePayload: '<x/>' })), undefined, undefined, 'N-1', new Date())).toEqual({ kind: 'xml', xml: '<x/>', generated: false });
  });

  it('a payload written before the shop was corrected goes out with the shop as it is now', () => {
    const built = draftXml(normalizeSale('s1', saleRaw()), TEST_SHOP, TEST_CUSTOMER, 'AbCdE-2026-12', new Date());
    const stored = built.kind === 'xml' ? built.xml.replace(/(<CedentePrestatore>[\s\S]*?<IdCodice>)[^<]*/, '$100743110157') : '';
    expect(senderVatOfXml(stored)).toBe('00743110157');
    const sent = draftXml(normalizeSale('s1', saleRaw({ invoicePayload: stored })), TEST_SHOP, undefined, 'AbCdE-2026-12', new Date());
    expect(sent.kind === 'xml' && senderVatOfXml(sent.xml)).toBe(TEST_SHOP.partitaIva);
    expect(sent.kind === 'xml' && sent.xml).toBe(built.kind === 'xml' && built.xml.trim());
    const broken = draftXml(normalizeSale('s1', saleRaw({ invoicePayload: '<x/>' })), TEST_SHOP, undefined, 'N-1', new Date());
    expect(broken).toEqual({ kind: 'problems', problems: [{ code: 'BOZZA', path: 'payload', message: 'Il documento della bozza non indica il cedente: rigenera la bozza' }] });
  });

  it('turns the builder\'s refusals into problems with the field concerned', () => {
    const noParties = draftXml(normalizeSale('s1', saleRaw()), TEST_SHOP, undefined, 'N-1', new Date());
    expect(noParties).toEqual({ kind: 'problems', problems: [{ code: 'BOZZA', path: 'customer', message: MISSING_PARTIES }] });
    const huge = draftXml(normalizeSale('s1', saleRaw({ lines: [{ name: 'Oro', qty: 1, unitPrice: 1e15, vatRate: 22 }] })), TEST_SHOP, TEST_CUSTOMER, 'N-1', new Date());
    expect(huge.kind === 'problems' && huge.problems[0]?.message).toMatch(/^Riga 1, prezzo unitario: importo troppo grande/);
    const zero = draftXml(normalizeSale('s1', saleRaw({ lines: [{ name: 'Libro', qty: 1, unitPrice: 10, vatRate: 0 }] })), TEST_SHOP, TEST_CUSTOMER, 'N-1', new Date());
    expect(zero.kind === 'problems' && zero.problems[0]).toMatchObject({ path: 'lines[0].natura' });
  });

  it('document type: credit notes TD04, deferred TD24, else TD01', () => {
    expect(saleDocumentType({ method: 'Nota di Credito' })).toBe('TD04');
    expect(saleDocumentType({ method: 'Fattura', type: 'TD24' })).toBe('TD24');
    expect(saleDocumentType({ method: 'Fattura' })).toBe('TD01');
  });
});

describe('an invoice made for a receipt', () => {
  it('is paid in full (TP02, not TP01) and totals what was paid: 1,30 + 43,50 at 22 % is 44,80, not 44,81', () => {
    const lines = [{ name: 'Penna', qty: 1, unitPrice: 1.3, vatRate: 22 }, { name: 'Zaino', qty: 1, unitPrice: 43.5, vatRate: 22 }];
    const receipt = normalizeSale('r1', saleRaw({ lines, sourceSaleId: 'sale-1' }));
    expect(saleToDraftInput(receipt, 'N-1', new Date())).toMatchObject({ paymentCondition: 'TP02', pricesPaid: true });
    const built = draftXml(receipt, TEST_SHOP, TEST_CUSTOMER, 'AbCdE-2026-13', new Date());
    const xml = built.kind === 'xml' ? built.xml : '';
    expect(xml).toContain('<CondizioniPagamento>TP02</CondizioniPagamento>');
    expect(xml).toContain('<ImportoTotaleDocumento>44.80</ImportoTotaleDocumento>');
    expect(xml).toContain('<ImportoPagamento>44.80</ImportoPagamento>');
    expect(checkInvoiceSemantics(xml)).toEqual([]);
    // Any other draft keeps the spec's default terms and the per-line net prices.
    const plain = saleToDraftInput(normalizeSale('p1', saleRaw({ lines })), 'N-2', new Date());
    expect(plain.paymentCondition).toBe('TP01');
    expect(plain.pricesPaid).toBeUndefined();
  });
});
