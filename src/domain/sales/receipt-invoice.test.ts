import { describe, expect, it } from 'vitest';
import { receiptInvoiceBlock, receiptInvoiceCausale, receiptInvoiceState, receiptInvoiceTotal, receiptTotalMismatch, type InvoiceableSale } from './receipt-invoice';

const sale = (extra: Partial<InvoiceableSale> = {}): InvoiceableSale => ({ isVoid: false, methodKind: 'contanti', price: 12.2, lines: [{ total: 10 }, { total: 2.2 }], ...extra });
const euro = (n: number) => `${n.toFixed(2).replace('.', ',')} €`;

describe('which receipts can be invoiced', () => {
  it('a paid POS sale with lines can', () => {
    expect(receiptInvoiceBlock(sale())).toBeNull();
    expect(receiptInvoiceBlock(sale({ methodKind: 'bancomat' }))).toBeNull();
  });

  it.each([
    [{ invoiceUUID: '' }, 'già una fattura'],
    [{ invoiceUUID: 'abc' }, 'già una fattura'],
    [{ isVoid: true }, 'annullato'],
    [{ methodKind: 'preconto' }, 'preconto'],
    [{ methodKind: 'nota-di-credito' }, 'nota di credito'],
    [{ lines: [] }, 'senza articoli'],
    [{ lines: [{ total: 0 }] }, 'totale zero'],
  ] as const)('%o is refused (%s)', (extra, reason) => {
    expect(receiptInvoiceBlock(sale(extra))).toContain(reason);
  });
});

describe('total and mismatch', () => {
  it('sums the lines in cents', () => {
    expect(receiptInvoiceTotal([{ total: 0.1 }, { total: 0.2 }])).toBe(0.3);
  });

  it('warns only when the lines differ from what was paid', () => {
    expect(receiptTotalMismatch(sale(), euro)).toBeNull();
    const warning = receiptTotalMismatch(sale({ price: 11 }), euro);
    expect(warning).toContain('12,20 €');
    expect(warning).toContain('11,00 €');
  });
});

it('the causale names the receipt', () => {
  expect(receiptInvoiceCausale('12/11/2026 10:32')).toBe('Fattura riferita allo scontrino (documento commerciale) del 12/11/2026 10:32: corrispettivo già incassato.');
});

describe('what exists for a receipt', () => {
  const doc = (extra: Partial<Parameters<typeof receiptInvoiceState>[0][number]>) => ({ id: 'd', invoiceNumber: 'N-1', deleted: false, permanentlyDeleted: false, invoiceUUID: '', ...extra });

  it('nothing, or only documents deleted for good or merged away', () => {
    expect(receiptInvoiceState([])).toEqual({ kind: 'none' });
    expect(receiptInvoiceState([doc({ permanentlyDeleted: true, deleted: true }), doc({ invoiceUUID: 'grouped' })])).toEqual({ kind: 'none' });
  });

  it('a sent invoice wins over a draft, a draft over the trash', () => {
    expect(receiptInvoiceState([doc({ id: 't', deleted: true }), doc({ id: 'd' })])).toEqual({ kind: 'draft', id: 'd', number: 'N-1' });
    expect(receiptInvoiceState([doc({ id: 'd' }), doc({ id: 's', invoiceUUID: 'u-1', invoiceNumber: 'N-2' })])).toEqual({ kind: 'sent', id: 's', number: 'N-2' });
    expect(receiptInvoiceState([doc({ id: 't', deleted: true })])).toEqual({ kind: 'trash', id: 't', number: 'N-1' });
  });
});
